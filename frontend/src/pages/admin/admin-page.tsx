/**
 * Staff page placeholder (staff-side.md §2). Client-only and lazy-loaded: it must never be
 * imported statically from marketing code (the prerender step checks this).
 */
import { Container, Heading, Text } from '@chakra-ui/react';

/** Route component of the staff page 'Admin Login'. */
export function AdminPage() {
  return (
    <Container maxW="3xl" py="16">
      <Heading as="h1" size="2xl" mb="4">
        Admin Login
      </Heading>
      <Text color="fg.muted">The staff sign-in form will appear here.</Text>
    </Container>
  );
}
