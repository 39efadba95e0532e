/**
 * Staff page placeholder (staff-side.md §2), shown only to a signed-in admin (decisions.md §1). Client-only and lazy-loaded: it must never be
 * imported statically from marketing code (the prerender step checks this).
 */
import { Container, Heading, Text } from '@chakra-ui/react';
import { StaffGate } from '../../features/admin/staff-gate';

/** Route component of the staff page 'Image Generator'. */
export function GenerateImagesPage() {
  return (
    <StaffGate>
      <Container maxW="3xl" py="16">
        <Heading as="h1" size="2xl" mb="4">
          Image Generator
        </Heading>
        <Text color="fg.muted">The staff image generator will appear here.</Text>
      </Container>
    </StaffGate>
  );
}
