/**
 * Free-guide capture (public-site.md §2, §5, §7): a required email field; submitting switches to
 * the confirmation 'Check Your Email!' and fires an analytics lead event (no server call).
 */
import { Box, Button, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuMailCheck } from 'react-icons/lu';
import { ScrollFade } from '../../components/site/scroll-fade';
import { track } from '../../lib/analytics';

/** The free-guide section. */
export function FreeGuideSection() {
  const [sent, setSent] = useState(false);
  // The form only works with JavaScript (no server call): until hydration the button is disabled,
  // so a visitor's address never ends up in a native GET submission's URL.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <ScrollFade as="section" aria-labelledby="guide-heading" py={{ base: '14', md: '20' }} bg="accent.50">
      <Container maxW="3xl">
        {sent ? (
          <Stack align="center" textAlign="center" gap="3" role="status" data-testid="guide-confirmation">
            <Box color="green.700">
              <LuMailCheck size={40} aria-hidden="true" />
            </Box>
            <Heading as="h2" id="guide-heading" size="2xl" color="brand.900">
              Check Your Email!
            </Heading>
            <Text color="fg.muted">Your free 47-point security checklist is on its way to your inbox.</Text>
          </Stack>
        ) : (
          <Stack gap="5" textAlign="center" align="center">
            <Heading as="h2" id="guide-heading" size="2xl" color="brand.900">
              Free Guide: The 47-Point Home &amp; Business Security Checklist
            </Heading>
            <Text color="fg.muted">
              Walk your property like a professional installer. Downloaded 5,000+ times by owners across the metro area.
            </Text>
            <Stack asChild direction={{ base: 'column', sm: 'row' }} gap="3" w="full" maxW="lg" align={{ base: 'stretch', sm: 'end' }}>
              <form
                aria-label="Free guide"
                onSubmit={(e) => {
                  e.preventDefault();
                  track('generate_lead', { lead_source: 'free_guide' });
                  setSent(true);
                }}
              >
                <Field.Root required flex="1">
                  <Field.Label>Email address</Field.Label>
                  <Input type="email" name="email" required autoComplete="email" bg="bg" placeholder="you@example.com" />
                </Field.Root>
                <Button type="submit" colorPalette="brand" size="md" disabled={!ready}>
                  Get the Free Guide
                </Button>
              </form>
            </Stack>
          </Stack>
        )}
      </Container>
    </ScrollFade>
  );
}
