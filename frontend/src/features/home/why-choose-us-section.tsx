/**
 * Why choose us (public-site.md §2 home sections; claims from §1).
 */
import { Box, Container, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LucideAward, LucideBadgeCheck, LucideClock, LucideShieldCheck, LucideTimer, LucideUsers } from 'lucide-react';
import { ScrollFade } from '../../components/site/scroll-fade';
import { SectionHeading } from './section-heading';
import { useCustomerRating } from '../site-config/public-config';

/** The reasons; the owners' one states the rating staff set (company facts), with its review count. */
const reasons = (rating: { value: string; reviews: string }) => [
  {
    icon: LucideAward,
    title: '50+ Years of Combined Experience',
    text: 'Our technicians and consultants have protected homes, offices and warehouses across the metro area for decades.',
  },
  {
    icon: LucideBadgeCheck,
    title: '100% Licensed and Insured',
    text: 'Every installer is licensed, background-checked and covered. UL Listed and FCC Certified equipment only.',
  },
  {
    icon: LucideShieldCheck,
    title: '5-Year Warranty',
    text: 'A 5-year warranty on installed equipment and a 2-year labor warranty, in writing.',
  },
  { icon: LucideClock, title: '24/7 Monitoring', text: 'Our monitoring center never closes: 13-second average response to every alarm.' },
  { icon: LucideTimer, title: '3-Minute AI Quote', text: 'Answer a few questions and get an instant, itemised quote for your property.' },
  {
    icon: LucideUsers,
    title: '5000+ Happy Owners',
    text: `A ${rating.value} out of 5 rating over ${rating.reviews} reviews from home and business owners who trust us with their safety.`,
  },
];

/** The why-choose-us section. */
export function WhyChooseUsSection() {
  const rating = useCustomerRating();
  return (
    <ScrollFade as="section" aria-labelledby="why-heading" py={{ base: '16', md: '24' }}>
      <Container maxW="7xl">
        <SectionHeading id="why-heading" eyebrow="Why choose us" title="Security Done Right, the First Time">
          We design each system around your property, install it cleanly and stay with you afterwards.
        </SectionHeading>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="8">
          {reasons(rating).map((r) => (
            <Stack key={r.title} direction="row" gap="4" align="start">
              <Box bg="brand.subtle" color="brand.fg" rounded="lg" p="3" flexShrink={0}>
                <Icon as={r.icon} boxSize="6" aria-hidden="true" />
              </Box>
              <Stack gap="1">
                <Heading as="h3" size="md" color="brand.900">
                  {r.title}
                </Heading>
                <Text color="fg.muted">{r.text}</Text>
              </Stack>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </ScrollFade>
  );
}
