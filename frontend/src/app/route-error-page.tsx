/**
 * Shown in place of the page when rendering it throws (e.g. a lazy chunk failed to load after a
 * deploy). The navigation and the footer stay, so the visitor can go elsewhere.
 */
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { FallbackProps } from 'react-error-boundary';
import { MarkHydrated } from './mark-hydrated';

/** Fallback of the page's error boundary (react-error-boundary). */
export function RouteErrorPage({ error }: FallbackProps) {
  console.error(error);
  return (
    <Center minH="60vh" px="6" role="alert">
      <Stack gap="4" textAlign="center" maxW="md">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">The page could not be displayed. Please reload it, or go back to the home page.</Text>
        <Stack direction="row" justify="center" gap="3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button asChild variant="outline">
            <a href="/">Home</a>
          </Button>
        </Stack>
      </Stack>
      <MarkHydrated />
    </Center>
  );
}
