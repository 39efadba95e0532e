/**
 * About (anchor `about`, public-site.md §2): mission text, three value points, three team
 * members with role and bio.
 */
import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ScrollFade } from '../../components/site/scroll-fade';
import { SECTION_IDS } from '../../lib/sections';
import { TEAM, VALUES } from './home-content';
import { SectionHeading } from './section-heading';
import { SectionBackground } from '../../components/site/section-background';

/** The about section. */
export function AboutSection() {
  return (
    <ScrollFade
      as="section"
      id={SECTION_IDS.about}
      tabIndex={-1}
      aria-labelledby="about-heading"
      py={{ base: '16', md: '24' }}
      bg="bg.subtle"
      position="relative"
      overflow="hidden"
    >
      <SectionBackground imageKey="aboutSection" />
      <Container maxW="7xl" position="relative">
        <SectionHeading id="about-heading" eyebrow="About us" title="Protecting Our Community">
          Our mission is simple: give every home and business owner security they can rely on, installed right the first time and backed by
          people who answer the phone.
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
        <Heading as="h3" size="xl" textAlign="center" color="brand.900" mt="16" mb="8">
          Meet the Team
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {TEAM.map((m) => (
            <Stack
              key={m.name}
              gap="3"
              align="center"
              textAlign="center"
              bg="bg"
              p="6"
              rounded="lg"
              borderWidth="1px"
              data-testid="team-member"
            >
              <Box
                as="img"
                {...{ src: m.image, alt: `Portrait of ${m.name}`, htmlWidth: 120, htmlHeight: 120, loading: 'lazy' }}
                rounded="full"
                boxSize="28"
              />
              <Heading as="h4" size="md">
                {m.name}
              </Heading>
              <Text color="brand.fg" fontWeight="medium" fontSize="sm">
                {m.role}
              </Text>
              <Text color="fg.muted">{m.bio}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </ScrollFade>
  );
}
