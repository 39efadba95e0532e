/**
 * Free-guide capture (public-site.md §2, §5, §7): a required email field; submitting switches to
 * the confirmation 'Check Your Email!' and fires an analytics lead event (no server call).
 */
import { Box, Button, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { useState } from 'react';
import { LucideMailCheck } from 'lucide-react';
import { ScrollFade } from '../../components/site/scroll-fade';
import { track } from '../../lib/analytics';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({ recipes: { input: inputRecipe }, slotRecipes: { field: fieldSlotRecipe } });

/** The free-guide section. */
export function FreeGuideSection() {
  const [sent, setSent] = useState(false);
  // The form only works with JavaScript (no server call). A press before the section has hydrated
  // is replayed once it has (deferred-section.tsx); `method="post"` keeps the address out of the
  // page URL should JavaScript never run.
  return (
    <ScrollFade as="section" aria-labelledby="guide-heading" py={{ base: '14', md: '20' }} bg="accent.50">
      <Container maxW="3xl">
        {sent ? (
          <Stack align="center" textAlign="center" gap="3" role="status" data-testid="guide-confirmation">
            <Box color="green.700">
              <LucideMailCheck size={40} aria-hidden="true" />
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
                method="post"
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
                <Button type="submit" colorPalette="brand" size="md">
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
