/**
 * Shared heading block of the home sections.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Eyebrow, h2 and intro of a section; `id` names the section via aria-labelledby. `inverted`
 * is for dark section backgrounds.
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  inverted = false,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  inverted?: boolean;
}) {
  return (
    <Stack gap="3" textAlign="center" maxW="3xl" mx="auto" mb={{ base: '8', md: '12' }}>
      <Text
        fontSize="sm"
        fontWeight="semibold"
        color={inverted ? 'accent.300' : 'brand.fg'}
        textTransform="uppercase"
        letterSpacing="wider"
      >
        {eyebrow}
      </Text>
      <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }} color={inverted ? 'white' : 'brand.900'}>
        {title}
      </Heading>
      {children ? (
        <Text color={inverted ? 'whiteAlpha.900' : 'fg.muted'} fontSize={{ base: 'md', md: 'lg' }}>
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
