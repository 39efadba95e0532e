/**
 * Contact (anchor `contact`): the company's contact details and the home contact form. When
 * staff switched contact forms off (decisions.md §11) the form is replaced by a notice.
 */
import { Alert, Box, Container, Grid, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { LucideClock, LucideMail, LucidePhone, LucidePhoneCall } from 'lucide-react';
import { SECTION_IDS } from '../../lib/sections';
import { HomeContactForm } from '../contact/home-contact-form';
import { telHref, usePublicConfig } from '../site-config/public-config';
import { SectionHeading } from './section-heading';
import { registerRecipes } from '../../components/ui/recipes';
import { SectionBackground } from '../../components/site/section-background';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

/** The contact section of the home page. */
export function ContactSection() {
  const { company, features } = usePublicConfig();
  return (
    <Box
      as="section"
      id={SECTION_IDS.contact}
      tabIndex={-1}
      aria-labelledby="contact-heading"
      py={{ base: '16', md: '24' }}
      position="relative"
      overflow="hidden"
    >
      <SectionBackground imageKey="contactSection" />
      <Container maxW="7xl" position="relative">
        <SectionHeading id="contact-heading" eyebrow="Contact us" title="Get Your Free Consultation">
          Tell us about your property and we will contact you within 24 hours to schedule a free on-site consultation.
        </SectionHeading>
        <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} gap={{ base: '8', lg: '12' }} alignItems="start">
          <Stack gap="5" bg="brand.900" color="white" rounded="xl" p={{ base: '6', md: '8' }}>
            <Heading as="h3" size="lg">
              Talk to a security expert
            </Heading>
            <HStack gap="3" align="start">
              <LucidePhone aria-hidden="true" />
              <Stack gap="0">
                <Text fontSize="sm" color="whiteAlpha.700">
                  Phone
                </Text>
                <Link href={telHref(company.phone)} color="white" fontWeight="semibold">
                  {company.phone}
                </Link>
              </Stack>
            </HStack>
            <HStack gap="3" align="start">
              <LucidePhoneCall aria-hidden="true" />
              <Stack gap="0">
                <Text fontSize="sm" color="whiteAlpha.700">
                  24/7 emergency line
                </Text>
                <Link href={telHref(company.emergencyPhone)} color="white" fontWeight="semibold">
                  {company.emergencyPhone}
                </Link>
              </Stack>
            </HStack>
            <HStack gap="3" align="start">
              <LucideMail aria-hidden="true" />
              <Stack gap="0">
                <Text fontSize="sm" color="whiteAlpha.700">
                  Email (answered within 2 hours)
                </Text>
                <Link href={`mailto:${company.email}`} color="white" fontWeight="semibold">
                  {company.email}
                </Link>
              </Stack>
            </HStack>
            <HStack gap="3" align="start">
              <LucideClock aria-hidden="true" />
              <Stack gap="0">
                <Text fontSize="sm" color="whiteAlpha.700">
                  Office hours
                </Text>
                {company.officeHours.map((h) => (
                  <Text key={h.days}>
                    {h.days}: {h.hours}
                  </Text>
                ))}
              </Stack>
            </HStack>
          </Stack>

          <Box borderWidth="1px" rounded="xl" p={{ base: '5', md: '8' }} shadow="sm" bg="bg">
            {features.contact_forms_enabled ? (
              <HomeContactForm />
            ) : (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Our contact form is temporarily unavailable</Alert.Title>
                  <Alert.Description>
                    Please call us at <Link href={telHref(company.phone)}>{company.phone}</Link> and we will be glad to help.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
