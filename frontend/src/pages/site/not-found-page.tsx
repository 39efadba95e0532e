/**
 * The page of every unknown path (public-site.md §2: '404 Page Not Found'). The server answers
 * it with status 404 from dist/404.html.
 */
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';

/** 404 page. */
export function NotFoundPage() {
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Stack gap="5" textAlign="center" align="center">
        <Heading as="h1" size="3xl">
          404 Page Not Found
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          The page you are looking for does not exist or has moved.
        </Text>
        <Button asChild colorPalette="brand">
          <Link to="/">Back to the home page</Link>
        </Button>
      </Stack>
    </Container>
  );
}
