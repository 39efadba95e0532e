/**
 * The contact form of the site (public-site.md §3, §4, §5, §8), in two variants:
 *
 * - **home** (`<HomeContactForm />`): home property types, referral source, 'Send Message';
 *   failure toast 'Submission failed', thank-you toast on success.
 * - **quote** (`<QuoteForm serviceType=… />`, the service pages' form in `#contact`): the
 *   residential page's form: residential property types, no referral source, `services` starts
 *   holding the page's service type, `serviceType` sent with the contact; required fields carry
 *   the `required` attribute; a schema failure shows 'Please check your information'; the call's
 *   failure 'Submission Failed' (with the company phone), success 'Quote Request Submitted!'.
 *
 * Both: react-hook-form + zodResolver(createContactSchema): validation on submit, re-validation
 * on change; the §5 messages appear under each field (aria-invalid, aria-describedby). States:
 * idle → sending ('Sending...', button disabled) → success (form reset, service selection back
 * to its initial value) or failure (form kept). Values are rendered by React as text only.
 * The form is sent by JavaScript only. Below the first screen it hydrates as the visitor nears it,
 * and a press of the submit button before that is replayed once it has (deferred-section.tsx);
 * `method="post"` keeps the visitor's details out of the page URL should JavaScript never run.
 */
import {
  CONTACT_SERVICES,
  HOME_PROPERTY_TYPES,
  REFERRAL_SOURCES,
  RESIDENTIAL_PROPERTY_TYPES,
  createContactSchema,
  type CreateContact,
  type CreateContactInput,
} from '@ironclad/contracts';
import { Button, Checkbox, CheckboxGroup, Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '~chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '~chakra-theme/recipes/checkmark';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { fieldsetSlotRecipe } from '~chakra-theme/recipes/fieldset';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { nativeSelectSlotRecipe } from '~chakra-theme/recipes/native-select';
import { textareaRecipe } from '~chakra-theme/recipes/textarea';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notify } from '../../components/ui/toaster';
import { usePublicConfig } from '../site-config/public-config';
import { HOME_CONTACT_TOASTS, QUOTE_FORM_TOASTS, useCreateContact } from './create-contact';
import { ChallengePrompt, HoneypotField, useFormGuard } from '../bot-defence';
import { SubmitTrouble } from '../../components/site/submit-trouble';
import type { SubmitTrouble as SubmitTroubleState } from '../../lib/resilient-submit';
import { HOME_PROPERTY_TYPE_LABELS, REFERRAL_SOURCE_LABELS, RESIDENTIAL_PROPERTY_TYPE_LABELS } from './contact-options';
import { registerRecipes } from '../../components/ui/recipes';
import { FormPrivacyNote } from '../../components/site/form-privacy-note';

registerRecipes({
  recipes: { checkmark: checkmarkRecipe, input: inputRecipe, textarea: textareaRecipe },
  slotRecipes: { checkbox: checkboxSlotRecipe, field: fieldSlotRecipe, fieldset: fieldsetSlotRecipe, nativeSelect: nativeSelectSlotRecipe },
});

/** A service type of the quote forms (contracts `SERVICE_TYPES`). */
export type QuoteServiceType = NonNullable<CreateContactInput['serviceType']>;

type Variant = { kind: 'home' } | { kind: 'quote'; serviceType: QuoteServiceType };

type FieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'propertyType' | 'services' | 'referralSource' | 'message';
type TextFieldName = 'firstName' | 'lastName' | 'email' | 'phone';

/** Initial (and post-success) values of a variant. */
function emptyValues(variant: Variant): CreateContactInput {
  const base = { firstName: '', lastName: '', email: '', phone: '', propertyType: '', message: '' };
  return variant.kind === 'home'
    ? { ...base, services: [], referralSource: '' }
    : { ...base, services: [variant.serviceType], serviceType: variant.serviceType };
}

/** The shared form; use {@link HomeContactForm} or {@link QuoteForm}. */
function ContactForm({ variant }: { variant: Variant }) {
  const formId = useId();
  const errorId = (name: FieldName) => `${formId}-${name}-error`;
  const { company } = usePublicConfig();
  const isQuote = variant.kind === 'quote';
  const guard = useFormGuard();
  const [trouble, setTrouble] = useState<SubmitTroubleState>(null);
  const mutation = useCreateContact(isQuote ? QUOTE_FORM_TOASTS.failure(company.phone) : HOME_CONTACT_TOASTS.failure, setTrouble);
  const initial = useMemo(() => emptyValues(variant), [variant]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateContactInput, unknown, CreateContact>({
    resolver: zodResolver(createContactSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initial,
  });

  const onSubmit = handleSubmit(
    (values) => {
      mutation.mutate(
        { ...values, ...guard.signals() },
        {
          onError: (err) => guard.onError(err),
          onSuccess: () => {
            guard.onSuccess();
            reset(initial);
            notify({ type: 'success', ...(isQuote ? QUOTE_FORM_TOASTS.success : HOME_CONTACT_TOASTS.success) });
          },
        },
      );
    },
    () => {
      if (isQuote) notify({ type: 'error', ...QUOTE_FORM_TOASTS.invalid });
    },
  );

  const sending = mutation.isPending;
  const describedBy = (name: FieldName) => (errors[name] ? { 'aria-describedby': errorId(name) } : {});

  const textField = (name: TextFieldName, label: string, props: React.ComponentProps<typeof Input>) => (
    <Field.Root invalid={!!errors[name]} required ids={{ errorText: errorId(name) }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input {...props} {...register(name)} {...describedBy(name)} />
      <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  const propertyTypes: readonly { value: string; label: string }[] = isQuote
    ? RESIDENTIAL_PROPERTY_TYPES.map((t) => ({ value: t, label: RESIDENTIAL_PROPERTY_TYPE_LABELS[t] }))
    : HOME_PROPERTY_TYPES.map((t) => ({ value: t, label: HOME_PROPERTY_TYPE_LABELS[t] }));

  const propertyTypeField = (
    <Field.Root invalid={!!errors.propertyType} required ids={{ errorText: errorId('propertyType') }}>
      <Field.Label>
        Property type
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...register('propertyType')} {...describedBy('propertyType')}>
          <option value="">Select property type</option>
          {propertyTypes.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{errors.propertyType?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack asChild gap="5">
      <form method="post" onSubmit={onSubmit} noValidate aria-label={isQuote ? 'Quote request form' : 'Contact form'} aria-busy={sending}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {textField('firstName', 'First name', { autoComplete: 'given-name' })}
          {textField('lastName', 'Last name', { autoComplete: 'family-name' })}
          {textField('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
          {textField('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        </SimpleGrid>

        {isQuote ? (
          propertyTypeField
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            {propertyTypeField}
            <Field.Root invalid={!!errors.referralSource} ids={{ errorText: errorId('referralSource') }}>
              <Field.Label>How did you hear about us?</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('referralSource')} {...describedBy('referralSource')}>
                  <option value="">Select an option</option>
                  {REFERRAL_SOURCES.map((s) => (
                    <option key={s} value={s}>
                      {REFERRAL_SOURCE_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors.referralSource?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
        )}

        <Controller
          control={control}
          name="services"
          render={({ field }) => (
            <Fieldset.Root invalid={!!errors.services}>
              <Fieldset.Legend fontWeight="medium" fontSize="sm">
                Services you are interested in
              </Fieldset.Legend>
              <CheckboxGroup name={field.name} value={field.value ?? []} onValueChange={field.onChange} onBlur={field.onBlur}>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" pt="1">
                  {CONTACT_SERVICES.map((service) => (
                    <Checkbox.Root key={service} value={service} colorPalette="brand">
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{service}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </SimpleGrid>
              </CheckboxGroup>
              {errors.services ? <Fieldset.ErrorText>{errors.services.message}</Fieldset.ErrorText> : null}
            </Fieldset.Root>
          )}
        />

        <Field.Root invalid={!!errors.message} ids={{ errorText: errorId('message') }}>
          <Field.Label>Message</Field.Label>
          <Textarea
            rows={4}
            placeholder="Tell us about your property and what you would like to protect."
            {...register('message')}
            {...describedBy('message')}
          />
          <Field.ErrorText>{errors.message?.message}</Field.ErrorText>
        </Field.Root>

        <HoneypotField guard={guard} />
        <ChallengePrompt guard={guard} />
        <SubmitTrouble trouble={trouble} onRetry={() => void onSubmit()} busy={sending} />
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          disabled={sending || (guard.challengeMessage !== null && !guard.solved)}
          alignSelf={{ base: 'stretch', md: 'start' }}
        >
          {sending ? 'Sending...' : isQuote ? 'Request My Free Quote' : 'Send Message'}
        </Button>
        <FormPrivacyNote>We use your details only to answer your request; we never sell them.</FormPrivacyNote>
      </form>
    </Stack>
  );
}

const HOME_VARIANT: Variant = { kind: 'home' };

/** The home page contact form. */
export function HomeContactForm() {
  return <ContactForm variant={HOME_VARIANT} />;
}

/** The quote form of a service page; sends `serviceType` with the contact. */
export function QuoteForm({ serviceType }: { serviceType: QuoteServiceType }) {
  const variant = useMemo<Variant>(() => ({ kind: 'quote', serviceType }), [serviceType]);
  return <ContactForm variant={variant} />;
}
