/**
 * Shown when rendering a route throws (e.g. a lazy chunk failed to load after a deploy).
 */
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Error boundary of the root route. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Center as="main" minH="100vh" px="6">
      <Stack gap="4" textAlign="center" maxW="md">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">The page could not be displayed. Please reload it, or go back to the home page.</Text>
        {detail ? <Text color="fg.subtle">{detail}</Text> : null}
        <Stack direction="row" justify="center" gap="3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button asChild variant="outline">
            <a href="/">Home</a>
          </Button>
        </Stack>
      </Stack>
    </Center>
  );
}
