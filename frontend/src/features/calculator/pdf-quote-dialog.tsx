/**
 * The PDF quote dialog (public-site.md §4 "Calculator PDF dialog", §5): first name, last name,
 * email and phone required (asterisk), company optional; the submit button is disabled until the
 * four are filled and while submitting; open → submitting → closed with the form cleared.
 */
import { Button, CloseButton, Dialog, Field, Input, Portal, SimpleGrid, Stack } from '@chakra-ui/react';
import { dialogSlotRecipe } from '~chakra-theme/recipes/dialog';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { EMPTY_PDF_QUOTE_FORM, pdfQuoteFormSchema, type PdfQuoteForm } from './request-pdf-quote';
import { registerRecipes } from '../../components/ui/recipes';
import { ChallengePrompt, HoneypotField, type FormGuard } from '../bot-defence';
import { FormPrivacyNote } from '../../components/site/form-privacy-note';
import { SubmitTrouble } from '../../components/site/submit-trouble';
import type { SubmitTrouble as SubmitTroubleState } from '../../lib/resilient-submit';

registerRecipes({ recipes: { input: inputRecipe }, slotRecipes: { dialog: dialogSlotRecipe, field: fieldSlotRecipe } });

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  submitting: boolean;
  /** Runs the §7 sequence; resolves `true` when the dialog should close with the form cleared. */
  onSubmit: (values: PdfQuoteForm) => Promise<boolean>;
  /** The form's bot defences: honeypot, fill time, and the check when the api asks for it. */
  guard: FormGuard;
  /** The submission's trouble (retrying through an outage, or given up): shown above the buttons. */
  trouble?: SubmitTroubleState;
}

type FieldName = keyof PdfQuoteForm;

export function PdfQuoteDialog({ open, onOpenChange, submitting, onSubmit, guard, trouble = null }: Props) {
  const formId = useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<PdfQuoteForm>({
    resolver: zodResolver(pdfQuoteFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_PDF_QUOTE_FORM,
  });
  const values = useWatch({ control });
  const allFilled = (['firstName', 'lastName', 'email', 'phone'] as const).every((k) => (values[k] ?? '').trim() !== '');

  const submit = handleSubmit(async (v) => {
    if (await onSubmit(v)) reset(EMPTY_PDF_QUOTE_FORM);
  });

  const errorId = (name: FieldName) => `${formId}-${name}-error`;
  const field = (name: FieldName, label: string, required: boolean, props: React.ComponentProps<typeof Input>) => (
    <Field.Root invalid={!!errors[name]} required={required} ids={{ errorText: errorId(name) }}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input {...props} {...register(name)} {...(errors[name] ? { 'aria-describedby': errorId(name) } : {})} />
      <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !submitting && onOpenChange(e.open)} placement="center" size={{ base: 'full', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="PDF quote request" aria-busy={submitting}>
              <Dialog.Header>
                <Dialog.Title>Get Your PDF Quote</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description color="fg.muted">
                    We will email your itemised estimate as a PDF and call you within 24 hours.
                  </Dialog.Description>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    {field('firstName', 'First name', true, { autoComplete: 'given-name' })}
                    {field('lastName', 'Last name', true, { autoComplete: 'family-name' })}
                  </SimpleGrid>
                  {field('email', 'Email', true, { type: 'email', autoComplete: 'email', inputMode: 'email' })}
                  {field('phone', 'Phone', true, { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
                  {field('company', 'Company', false, { autoComplete: 'organization' })}
                  <HoneypotField guard={guard} />
                  <ChallengePrompt guard={guard} />
                  <SubmitTrouble trouble={trouble} onRetry={() => void submit()} busy={submitting} />
                  <FormPrivacyNote withTerms>We use your details only for this quote and our call.</FormPrivacyNote>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" disabled={submitting}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  type="submit"
                  colorPalette="brand"
                  disabled={!allFilled || submitting || (guard.challengeMessage !== null && !guard.solved)}
                  loading={submitting}
                  loadingText="Sending..."
                >
                  Email My PDF Quote
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" disabled={submitting} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
