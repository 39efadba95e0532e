/**
 * Small presentational pieces of the communication screens, built only from components whose
 * recipes the site already registers (components/ui/theme.ts). Chakra's recipe barrel is shared
 * with the marketing bundle, so registering more recipes (even in the staff-only provider) would
 * add them to every public page.
 */
import { Box, Button, Flex, Group, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { CommunicationChannel } from '@ironclad/contracts';

/** Grey pulsing blocks shown while something loads (hidden from screen readers; the container says "Loading"). */
export function LoadingBlocks({ count = 3, h = '6' }: { count?: number; h?: string }) {
  return (
    <Stack gap="2" role="status" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <Box
          key={i}
          aria-hidden
          h={h}
          w={i === count - 1 && count > 1 ? '70%' : 'full'}
          bg="bg.emphasized"
          rounded="md"
          animation="pulse"
        />
      ))}
    </Stack>
  );
}

/** An empty list: icon, title and an optional hint. */
export function EmptyNote({ icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" gap="2" py="10" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg" color="fg.muted">
      <Icon as={icon} boxSize="8" aria-hidden />
      <Text fontWeight="semibold" color="fg">
        {title}
      </Text>
      {children && <Text fontSize="sm">{children}</Text>}
    </Stack>
  );
}

/** The two channels as {@link ChoiceGroup} options. */
export const CHANNEL_OPTIONS = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
] as const satisfies readonly { value: CommunicationChannel; label: string }[];

/**
 * A choice among a few options as attached toggle buttons (each with aria-pressed), labelled for
 * assistive technology by `label`.
 */
export function ChoiceGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <Group attached role="group" aria-label={label}>
      {options.map((o) => (
        <Button
          key={o.value}
          size="sm"
          variant={o.value === value ? 'solid' : 'outline'}
          colorPalette={o.value === value ? 'brand' : 'gray'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </Group>
  );
}

/** Label / value pairs as a description list (two columns from the md breakpoint). */
export function InfoList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: 'minmax(10rem, auto) 1fr' }}
      columnGap="4"
      rowGap={{ base: '1', md: '2' }}
      fontSize="sm"
    >
      {rows.map(([label, value]) => (
        <Flex key={label} display="contents">
          <Box as="dt" color="fg.muted" mt={{ base: '2', md: '0' }}>
            {label}
          </Box>
          <Box as="dd" whiteSpace="pre-wrap" wordBreak="break-word">
            {value}
          </Box>
        </Flex>
      ))}
    </Box>
  );
}
