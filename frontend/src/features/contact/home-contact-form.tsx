/**
 * The home page contact form (public-site.md §3, §4, §5, §8).
 *
 * - react-hook-form + zodResolver(createContactSchema): validation on submit, re-validation on
 *   change; the §5 messages appear under each field, linked with aria-invalid and
 *   aria-describedby.
 * - States: idle → sending ('Sending...', button disabled) → success (form reset, services
 *   cleared, thank-you toast) or failure ('Submission failed' toast from the global error
 *   handler, form kept).
 */
import {
  CONTACT_SERVICES,
  HOME_PROPERTY_TYPES,
  REFERRAL_SOURCES,
  createContactSchema,
  type CreateContact,
  type CreateContactInput,
} from '@ironclad/contracts';
import { Button, Checkbox, CheckboxGroup, Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notify } from '../../components/ui/toaster';
import { HOME_CONTACT_TOASTS, useCreateContact } from './create-contact';
import { HOME_PROPERTY_TYPE_LABELS, REFERRAL_SOURCE_LABELS } from './contact-options';

/** Initial (and post-success) values: every input empty, no service selected. */
const EMPTY_VALUES = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  propertyType: '',
  services: [],
  referralSource: '',
  message: '',
} satisfies CreateContactInput;

type FieldName = keyof typeof EMPTY_VALUES;

type TextFieldName = 'firstName' | 'lastName' | 'email' | 'phone';

/** The home contact form. */
export function HomeContactForm() {
  const formId = useId();
  const errorId = (name: FieldName) => `${formId}-${name}-error`;
  const mutation = useCreateContact();
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
    defaultValues: EMPTY_VALUES,
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        reset(EMPTY_VALUES);
        notify({ type: 'success', ...HOME_CONTACT_TOASTS.success });
      },
    });
  });

  const sending = mutation.isPending;

  /** Props linking a control to its error message (Ark adds aria-invalid from Field.Root). */
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

  return (
    <Stack asChild gap="5">
      <form onSubmit={onSubmit} noValidate aria-label="Contact form" aria-busy={sending}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {textField('firstName', 'First name', { autoComplete: 'given-name' })}
          {textField('lastName', 'Last name', { autoComplete: 'family-name' })}
          {textField('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
          {textField('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        </SimpleGrid>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Field.Root invalid={!!errors.propertyType} required ids={{ errorText: errorId('propertyType') }}>
            <Field.Label>
              Property type
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('propertyType')} {...describedBy('propertyType')}>
                <option value="">Select property type</option>
                {HOME_PROPERTY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {HOME_PROPERTY_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.propertyType?.message}</Field.ErrorText>
          </Field.Root>

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
          <Textarea rows={4} placeholder="Tell us about your property and what you would like to protect." {...register('message')} {...describedBy('message')} />
          <Field.ErrorText>{errors.message?.message}</Field.ErrorText>
        </Field.Root>

        <Button type="submit" colorPalette="brand" size="lg" disabled={sending} alignSelf={{ base: 'stretch', md: 'start' }}>
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </Stack>
  );
}
