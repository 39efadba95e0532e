/**
 * About (anchor `about`): mission and values. The team members arrive with the home-page content
 * issue.
 */
import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { SECTION_IDS } from '../../lib/sections';
import { SectionHeading } from './section-heading';

const VALUES = [
  { title: 'Integrity', text: 'Honest assessments and clear, written quotes — we only recommend what your property needs.' },
  { title: 'Craftsmanship', text: 'Licensed technicians, clean cable runs and a 5-year warranty on every installation.' },
  { title: 'Vigilance', text: 'Round-the-clock monitoring and support, because security does not keep office hours.' },
];

/** The about section. */
export function AboutSection() {
  return (
    <Box as="section" id={SECTION_IDS.about} aria-labelledby="about-heading" py={{ base: '16', md: '24' }} bg="bg.subtle">
      <Container maxW="7xl">
        <SectionHeading id="about-heading" eyebrow="About us" title="Protecting Our Community">
          Our mission is simple: give every home and business owner security they can rely on, installed right the
          first time and backed by people who answer the phone.
        </SectionHeading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {VALUES.map((v) => (
            <Stack key={v.title} gap="2" bg="bg" p="6" rounded="lg" borderWidth="1px">
              <Heading as="h3" size="lg" color="brand.900">
                {v.title}
              </Heading>
              <Text color="fg.muted">{v.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
