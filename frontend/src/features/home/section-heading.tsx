/**
 * Shared heading block of the home sections.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Eyebrow, h2 and intro of a section; `id` names the section via aria-labelledby. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <Stack gap="3" textAlign="center" maxW="3xl" mx="auto" mb={{ base: '8', md: '12' }}>
      <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
        {eyebrow}
      </Text>
      <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }} color="brand.900">
        {title}
      </Heading>
      {children ? (
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
