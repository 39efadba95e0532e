/**
 * The AI security designer wizard (public-site.md §2, §4, §5, §8).
 *
 * Steps 1-4 collect the answers; Next (steps 1-3) and 'Get My Quote' (step 4) stay disabled until
 * the step is valid (§5); Back is offered on steps 2-4. 'Get My Quote' ('Generating...' while
 * busy) creates the lead; on success the toast 'Success! 🎉' shows and step 5 is the saved quote's
 * page /quotes/{token} (issue 21 point 4: a reload shows the same quote); on failure the 'Submission Error' toast shows and the wizard stays on step 4
 * with every answer kept, the server's field errors shown at their fields and the focus on the first
 * of them. Field errors (§5 messages for the contact fields, the square footage range) show at a
 * field once the visitor has left it, and at once for a square footage out of range. Focus moves
 * to the step heading on every step change, and to the wizard when the visitor starts it from the
 * page's "Start My Free Design" link (#designer). Back is an ordinary button in the tab order.
 * A 503 or network failure is retried for up to two minutes while the form says so, then the
 * phone number and a Retry button show (lib/resilient-submit.ts).
 *
 * The fields of steps 1-4 are in wizard-steps.tsx, the progress indicator in wizard-progress.tsx;
 * this shell holds the answers, the step, the submission and the navigation.
 */
import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LucideArrowLeft, LucideArrowRight } from 'lucide-react';
import { notify } from '../../components/ui/toaster';
import { useCreateWizardLead } from './create-wizard-lead';
import { ChallengePrompt, HoneypotField, useFormGuard } from '../bot-defence';
import { ApiError } from '../../lib/api';
import {
  EMPTY_WIZARD,
  STEP_FIELDS,
  WIZARD_STEPS,
  WIZARD_TOASTS,
  isStepValid,
  stepErrors,
  type WizardField,
  type WizardState,
} from './wizard-options';
import { WizardProgress } from './wizard-progress';
import { BuildingInformationStep, ContactInformationStep, ProjectDetailsStep, SecurityRequirementsStep } from './wizard-steps';
import { FormPrivacyNote } from '../../components/site/form-privacy-note';
import { SubmitTrouble } from '../../components/site/submit-trouble';
import type { SubmitTrouble as SubmitTroubleState } from '../../lib/resilient-submit';

/** The wizard (steps 1-5). */
export function DesignerWizard() {
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<WizardState>(EMPTY_WIZARD);
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const mutation = useCreateWizardLead();
  const guard = useFormGuard();
  const [trouble, setTrouble] = useState<SubmitTroubleState>(null);
  const [touched, setTouched] = useState<ReadonlySet<WizardField>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<WizardField, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [focusFirstError, setFocusFirstError] = useState(0);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // the visitor starts the wizard from the page's link to #designer: focus its step heading
  useEffect(() => {
    const onHash = () => {
      if (window.location.hash === '#designer') headingRef.current?.focus({ preventScroll: true });
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // after a failed submission, the first field with an error gets the focus
  useEffect(() => {
    if (focusFirstError === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"][data-wizard-field]')?.focus();
  }, [focusFirstError]);

  const set = <K extends keyof WizardState>(key: K, value: WizardState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key in serverErrors) setServerErrors(({ [key as WizardField]: _, ...rest }) => rest);
  };
  const touch = (field: WizardField) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  const valid = isStepValid(step, form);
  const busy = mutation.isPending;
  const clientErrors = stepErrors(step, form);
  const shownErrors: Partial<Record<WizardField, string>> = {};
  for (const f of STEP_FIELDS[step] ?? []) {
    const immediate = f === 'squareFootage' && form.squareFootage.trim() !== '';
    const message = serverErrors[f] ?? (touched.has(f) || immediate ? clientErrors[f] : undefined);
    if (message) shownErrors[f] = message;
  }

  const submit = () => {
    if (!isStepValid(4, form) || busy) return;
    mutation.mutate(
      { state: form, signals: guard.signals(), onTrouble: setTrouble },
      {
        onError: (err) => {
          guard.onError(err);
          const fieldErrors = err instanceof ApiError ? err.body?.details?.fieldErrors : undefined;
          if (fieldErrors) {
            // the server's field errors, at their fields: our §5 message where we have one
            const client = stepErrors(4, form);
            const next: Partial<Record<WizardField, string>> = {};
            for (const [path, messages] of Object.entries(fieldErrors)) {
              const f = path.split('.').pop() as WizardField;
              if ((STEP_FIELDS[4] as readonly string[]).includes(f)) next[f] = client[f] ?? messages[0] ?? 'Invalid input';
            }
            setServerErrors(next);
            setFocusFirstError((n) => n + 1);
          }
        },
        onSuccess: (q) => {
          guard.onSuccess();
          notify({ type: 'success', ...WIZARD_TOASTS.success });
          // step 5 is the saved quote's own page (its link is also emailed); a quote without a
          // link (nothing to price) stays here with the thank-you toast.
          if (q.depositToken) void navigate(`/quotes/${q.depositToken}`);
          else setStep(5);
        },
      },
    );
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (step < 4) {
      if (valid) setStep(step + 1);
    } else if (step === 4) submit();
  };

  return (
    <Stack gap="8">
      <WizardProgress step={step} />
      <Box>
        <Heading as="h3" size={{ base: 'lg', md: 'xl' }} ref={headingRef} tabIndex={-1} id="wizard-step-heading">
          {step <= 4 ? `Step ${step}: ${WIZARD_STEPS[step - 1]}` : 'Thank you'}
        </Heading>
      </Box>

      {step === 5 ? (
        <Text>We received your request and will call you within 2 hours to prepare your quote.</Text>
      ) : (
        <Stack asChild gap="6">
          <form ref={formRef} onSubmit={onSubmit} aria-labelledby="wizard-step-heading" aria-busy={busy} noValidate>
            {step === 1 ? <BuildingInformationStep form={form} set={set} errors={shownErrors} touch={touch} /> : null}

            {step === 2 ? <SecurityRequirementsStep form={form} set={set} errors={shownErrors} touch={touch} /> : null}

            {step === 3 ? <ProjectDetailsStep form={form} set={set} /> : null}

            {step === 4 ? <ContactInformationStep form={form} set={set} errors={shownErrors} touch={touch} /> : null}
            <HoneypotField guard={guard} />
            {step === 4 ? <ChallengePrompt guard={guard} /> : null}
            {step === 4 ? <SubmitTrouble trouble={trouble} onRetry={submit} busy={busy} /> : null}

            <HStack justify="space-between" gap="3" pt="2">
              {step >= 2 && step <= 4 ? (
                <Button type="button" variant="outline" onClick={() => setStep(step - 1)} disabled={busy}>
                  <LucideArrowLeft aria-hidden="true" /> Back
                </Button>
              ) : (
                <span />
              )}
              {step <= 3 ? (
                <Button type="submit" colorPalette="brand" disabled={!valid}>
                  Next <LucideArrowRight aria-hidden="true" />
                </Button>
              ) : (
                <Button
                  type="submit"
                  colorPalette="accent"
                  size="lg"
                  disabled={!valid || busy || (guard.challengeMessage !== null && !guard.solved)}
                >
                  {busy ? 'Generating...' : 'Get My Quote'}
                </Button>
              )}
            </HStack>
            {step === 4 ? (
              <FormPrivacyNote withTerms>We use your details only to prepare your quote and contact you about it.</FormPrivacyNote>
            ) : null}
          </form>
        </Stack>
      )}
    </Stack>
  );
}
