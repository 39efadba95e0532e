/**
 * Staff page placeholder (staff-side.md §2). Client-only and lazy-loaded: it must never be
 * imported statically from marketing code (the prerender step checks this).
 */
import { Container, Heading, Text } from '@chakra-ui/react';

/** Route component of the staff page 'Test Communication'. */
export function TestCommunicationPage() {
  return (
    <Container maxW="3xl" py="16">
      <Heading as="h1" size="2xl" mb="4">
        Test Communication
      </Heading>
      <Text color="fg.muted">The staff email and SMS test will appear here.</Text>
    </Container>
  );
}
