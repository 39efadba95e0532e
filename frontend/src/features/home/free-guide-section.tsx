/**
 * Free-guide capture (public-site.md §2, §5, §7): a required email field. Submitting sends the
 * address to the api (POST /api/free-guide), which stores the request and has the worker email the
 * 47-point checklist as a PDF; only once the api has accepted it does the block switch to the
 * confirmation 'Check Your Email!' and fire the analytics lead event. A refused request keeps the
 * form with the reason (and the bot check when the api asks for it). A 503 or a lost connection is
 * retried for up to two minutes while the form says so, then the form offers the phone number and
 * a Retry button, keeping the address typed (issue 26 point 7).
 */
import { Alert, Box, Button, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { requestFreeGuideSchema } from '@ironclad/contracts';
import { useId, useRef, useState } from 'react';
import { LucideMailCheck } from 'lucide-react';
import { FormPrivacyNote } from '../../components/site/form-privacy-note';
import { SubmitTrouble } from '../../components/site/submit-trouble';
import { isRetryableSubmitError, type SubmitTrouble as SubmitTroubleState } from '../../lib/resilient-submit';
import { ScrollFade } from '../../components/site/scroll-fade';
import { track } from '../../lib/analytics';
import { registerRecipes } from '../../components/ui/recipes';
import { ChallengePrompt, HoneypotField, limitedMessageWithPhone, useFormGuard } from '../bot-defence';
import { useCompanyFacts } from '../site-config/public-config';
import { requestFreeGuide } from './request-free-guide';

registerRecipes({ recipes: { input: inputRecipe }, slotRecipes: { alert: alertSlotRecipe, field: fieldSlotRecipe } });

type Phase = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string | null };

/** The free-guide section. */
export function FreeGuideSection() {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [trouble, setTrouble] = useState<SubmitTroubleState>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const guard = useFormGuard();
  const company = useCompanyFacts();
  const errorId = useId();

  const onSubmit = async (e?: React.FormEvent<HTMLFormElement>) => {
    e?.preventDefault();
    const parsed = requestFreeGuideSchema.safeParse({ email: emailRef.current?.value ?? '' });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Valid email is required.');
      emailRef.current?.focus();
      return;
    }
    setFieldError(null);
    setPhase({ kind: 'sending' });
    setTrouble(null);
    try {
      await requestFreeGuide({ ...parsed.data, ...guard.signals() }, setTrouble);
      guard.onSuccess();
      track('generate_lead', { lead_source: 'free_guide' });
      setPhase({ kind: 'sent' });
    } catch (err) {
      // Retried for two minutes in vain: the trouble notice offers the phone number and Retry.
      if (isRetryableSubmitError(err)) {
        setPhase({ kind: 'failed', message: null });
        return;
      }
      const outcome = guard.onError(err);
      setPhase({
        kind: 'failed',
        message:
          outcome.kind === 'challenge'
            ? null
            : outcome.kind === 'limited'
              ? limitedMessageWithPhone(outcome, company.phone)
              : `We could not send the guide just now. Please try again, or call us at ${company.phone}.`,
      });
    }
  };

  const sending = phase.kind === 'sending';
  // The form only works with JavaScript. A press before the section has hydrated is replayed once
  // it has (deferred-section.tsx); `method="post"` keeps the address out of the page URL should
  // JavaScript never run.
  return (
    <ScrollFade as="section" aria-labelledby="guide-heading" py={{ base: '14', md: '20' }} bg="accent.50">
      <Container maxW="3xl">
        {phase.kind === 'sent' ? (
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
            <Stack asChild gap="3" w="full" maxW="lg">
              <form method="post" aria-label="Free guide" onSubmit={(e) => void onSubmit(e)}>
                <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'start' }}>
                  <Field.Root required flex="1" invalid={fieldError !== null} ids={{ errorText: errorId }}>
                    <Field.Label>Email address</Field.Label>
                    <Input
                      ref={emailRef}
                      type="email"
                      name="email"
                      required
                      autoComplete="email"
                      bg="bg"
                      placeholder="you@example.com"
                      onChange={() => fieldError && setFieldError(null)}
                    />
                    <Field.ErrorText>{fieldError}</Field.ErrorText>
                  </Field.Root>
                  <Button
                    type="submit"
                    colorPalette="brand"
                    size="md"
                    mt={{ sm: '6' }}
                    loading={sending}
                    loadingText="Sending..."
                    disabled={sending || (guard.challengeMessage !== null && !guard.solved)}
                  >
                    Get the Free Guide
                  </Button>
                </Stack>
                <HoneypotField guard={guard} />
                <ChallengePrompt guard={guard} />
                <SubmitTrouble trouble={trouble} onRetry={() => void onSubmit()} busy={sending} />
                {phase.kind === 'failed' && phase.message ? (
                  <Alert.Root status="error" textAlign="start">
                    <Alert.Indicator />
                    <Alert.Title>{phase.message}</Alert.Title>
                  </Alert.Root>
                ) : null}
                <FormPrivacyNote>We email you the checklist once and send nothing else unless you ask.</FormPrivacyNote>
              </form>
            </Stack>
          </Stack>
        )}
      </Container>
    </ScrollFade>
  );
}
