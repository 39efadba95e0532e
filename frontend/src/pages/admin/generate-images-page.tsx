/**
 * /generate-images (staff-side.md §2): an introduction and the image generator (§4), shown only
 * to a signed-in admin (decisions.md §1). Client-only and lazy-loaded: it must never be imported
 * statically from marketing code (the prerender step checks this).
 */
import { Container, Heading, Text } from '@chakra-ui/react';
import { StaffGate } from '../../features/admin/staff-gate';
import { ImageGenerator } from '../../features/image-generator/image-generator';

/** Route component of /generate-images. */
export function GenerateImagesPage() {
  return (
    <StaffGate>
      <Container maxW="7xl" py={{ base: '8', md: '12' }}>
        <Heading as="h1" size="2xl" mb="2">
          Image Generator
        </Heading>
        <Text color="fg.muted" mb="8" maxW="3xl">
          Professional images for the website, made with Stability AI. Generate All makes the eleven images of the heroes and sections one
          after another; each finished image is applied to the website at once. Earlier versions stay in each image's history, where you can
          apply one again.
        </Text>
        <ImageGenerator />
      </Container>
    </StaffGate>
  );
}
