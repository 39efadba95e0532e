/**
 * Shown while a lazily loaded (staff) route's code is fetched on a client-only first render.
 */
import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Full-page loading state. */
export function RouteLoading() {
  return (
    <Center minH="60vh" role="status" aria-live="polite" data-route-loading="">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">Loading…</Text>
      </VStack>
    </Center>
  );
}
