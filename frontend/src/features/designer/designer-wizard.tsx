/**
 * The AI security designer wizard (public-site.md §2, §4, §5, §8).
 *
 * Steps 1-4 collect the answers; Next (steps 1-3) and 'Get My Quote' (step 4) stay disabled until
 * the step is valid (§5); Back is offered on steps 2-4. 'Get My Quote' ('Generating...' while
 * busy) creates the lead; on success the toast 'Success! 🎉' shows and step 5 displays the
 * server's quote; on failure the 'Submission Error' toast shows and the wizard stays on step 4
 * with every answer kept. Focus moves to the step heading on every step change.
 */
import {
  WIZARD_BUILDING_TYPES,
  WIZARD_FEATURES,
  WIZARD_FIELD_MAX_LENGTH,
  WIZARD_FLOORS,
  BUDGET_VALUES,
  TIMELINE_VALUES,
  WIZARD_SQFT_MAX,
  WIZARD_SQFT_MIN,
} from '@ironclad/contracts';
import {
  Box,
  Button,
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  HStack,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { checkboxSlotRecipe } from '~chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '~chakra-theme/recipes/checkmark';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { fieldsetSlotRecipe } from '~chakra-theme/recipes/fieldset';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { nativeSelectSlotRecipe } from '~chakra-theme/recipes/native-select';
import { textareaRecipe } from '~chakra-theme/recipes/textarea';
import { useEffect, useRef, useState } from 'react';
import {
  LucideArrowLeft,
  LucideArrowRight,
  LucideBuilding2,
  LucideCheck,
  LucideHospital,
  LucideHouse,
  LucideSchool,
  LucideStore,
  LucideUtensils,
  LucideWarehouse,
  LucideBuilding,
} from 'lucide-react';
import { notify } from '../../components/ui/toaster';
import { useCreateWizardLead, type WizardQuote } from './create-wizard-lead';
import { QuoteResult } from './quote-result';
import {
  BUDGET_LABELS,
  BUILDING_TYPE_LABELS,
  EMPTY_WIZARD,
  TIMELINE_LABELS,
  WIZARD_STEPS,
  WIZARD_TOASTS,
  isStepValid,
  type WizardState,
} from './wizard-options';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({
  recipes: { checkmark: checkmarkRecipe, input: inputRecipe, textarea: textareaRecipe },
  slotRecipes: { checkbox: checkboxSlotRecipe, field: fieldSlotRecipe, fieldset: fieldsetSlotRecipe, nativeSelect: nativeSelectSlotRecipe },
});

const TYPE_ICONS = {
  residential: LucideHouse,
  apartment: LucideBuilding,
  office: LucideBuilding2,
  retail: LucideStore,
  warehouse: LucideWarehouse,
  restaurant: LucideUtensils,
  medical: LucideHospital,
  school: LucideSchool,
} as const;

/** The five-step progress indicator. */
function WizardProgress({ step }: { step: number }) {
  return (
    <Box as="nav" aria-label="Wizard progress">
      <HStack as="ol" gap={{ base: '1', md: '2' }} listStyleType="none" m="0" p="0" align="stretch">
        {WIZARD_STEPS.map((title, i) => {
          const n = i + 1;
          const state = n < step ? 'complete' : n === step ? 'current' : 'upcoming';
          return (
            <Box as="li" key={title} flex="1" aria-current={state === 'current' ? 'step' : undefined} data-state={state}>
              <Box h="1.5" rounded="full" bg={state === 'upcoming' ? 'gray.200' : 'brand.500'} />
              <HStack mt="2" gap="1.5" color={state === 'upcoming' ? 'fg.muted' : 'fg'}>
                <Box
                  as="span"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="6"
                  rounded="full"
                  fontSize="xs"
                  fontWeight="bold"
                  bg={state === 'upcoming' ? 'gray.100' : 'brand.600'}
                  color={state === 'upcoming' ? 'fg.muted' : 'white'}
                  flexShrink={0}
                >
                  {state === 'complete' ? <LucideCheck aria-hidden="true" /> : n}
                </Box>
                <Text
                  fontSize="sm"
                  fontWeight={state === 'current' ? 'semibold' : 'normal'}
                  display={{ base: state === 'current' ? 'block' : 'none', md: 'block' }}
                >
                  <Box as="span" srOnly>
                    {`Step ${n} of 5${state === 'complete' ? ' (completed)' : ''}: `}
                  </Box>
                  {title}
                </Text>
              </HStack>
            </Box>
          );
        })}
      </HStack>
    </Box>
  );
}

/** The wizard (steps 1-5). */
export function DesignerWizard() {
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<WizardState>(EMPTY_WIZARD);
  const [quote, setQuote] = useState<WizardQuote | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const mutation = useCreateWizardLead();

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const set = <K extends keyof WizardState>(key: K, value: WizardState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const valid = isStepValid(step, form);
  const busy = mutation.isPending;

  const submit = () => {
    if (!isStepValid(4, form) || busy) return;
    mutation.mutate(form, {
      onSuccess: (q) => {
        setQuote(q);
        setStep(5);
        notify({ type: 'success', ...WIZARD_TOASTS.success });
      },
    });
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (step < 4) {
      if (valid) setStep(step + 1);
    } else if (step === 4) submit();
  };

  const textInput = (
    key: 'firstName' | 'lastName' | 'email' | 'phone' | 'company',
    label: string,
    props: React.ComponentProps<typeof Input>,
    required = true,
  ) => (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        {required ? (
          <Field.RequiredIndicator />
        ) : (
          <Text as="span" color="fg.muted" fontWeight="normal">
            (optional)
          </Text>
        )}
      </Field.Label>
      <Input value={form[key]} onChange={(e) => set(key, e.target.value)} maxLength={WIZARD_FIELD_MAX_LENGTH[key]} {...props} />
    </Field.Root>
  );

  return (
    <Stack gap="8">
      <WizardProgress step={step} />
      <Box>
        <Heading as="h3" size={{ base: 'lg', md: 'xl' }} ref={headingRef} tabIndex={-1} id="wizard-step-heading">
          {step <= 4 ? `Step ${step}: ${WIZARD_STEPS[step - 1]}` : 'Your Security Quote'}
        </Heading>
      </Box>

      {step === 5 && quote ? (
        <QuoteResult quote={quote} customer={form} />
      ) : (
        <Stack asChild gap="6">
          <form onSubmit={onSubmit} aria-labelledby="wizard-step-heading" aria-busy={busy} noValidate>
            {step === 1 ? (
              <>
                <Fieldset.Root>
                  <Fieldset.Legend fontWeight="medium" fontSize="sm">
                    Building type
                  </Fieldset.Legend>
                  <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" pt="2">
                    {WIZARD_BUILDING_TYPES.map((t) => {
                      const Icon = TYPE_ICONS[t];
                      const selected = form.buildingType === t;
                      return (
                        <Button
                          key={t}
                          type="button"
                          aria-pressed={selected}
                          variant={selected ? 'solid' : 'outline'}
                          colorPalette="brand"
                          h="auto"
                          py="4"
                          flexDirection="column"
                          gap="2"
                          onClick={() => set('buildingType', t)}
                        >
                          <Icon aria-hidden="true" size="24" />
                          {BUILDING_TYPE_LABELS[t]}
                        </Button>
                      );
                    })}
                  </SimpleGrid>
                </Fieldset.Root>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                  <Field.Root required>
                    <Field.Label>
                      Square footage
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={WIZARD_SQFT_MIN}
                      max={WIZARD_SQFT_MAX}
                      step={100}
                      placeholder="e.g. 4500"
                      value={form.squareFootage}
                      onChange={(e) => set('squareFootage', e.target.value)}
                    />
                    <Field.HelperText>Total interior area in square feet.</Field.HelperText>
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>
                      Number of floors
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.floors} onChange={(e) => set('floors', e.target.value)}>
                        <option value="" disabled>
                          Select floors
                        </option>
                        {WIZARD_FLOORS.map((f) => (
                          <option key={f} value={f}>
                            {f}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </SimpleGrid>
              </>
            ) : null}

            {step === 2 ? (
              <>
                <Field.Root required>
                  <Field.Label>
                    Entry points
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea
                    rows={3}
                    placeholder="e.g. Front door, back door, garage"
                    maxLength={WIZARD_FIELD_MAX_LENGTH.entryPoints}
                    value={form.entryPoints}
                    onChange={(e) => set('entryPoints', e.target.value)}
                  />
                  <Field.HelperText>List the doors and gates people use to get in, separated by commas.</Field.HelperText>
                </Field.Root>
                <Field.Root required>
                  <Field.Label>
                    Specific areas to monitor
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea
                    rows={3}
                    placeholder="e.g. Driveway, backyard, living room"
                    maxLength={WIZARD_FIELD_MAX_LENGTH.specificAreas}
                    value={form.specificAreas}
                    onChange={(e) => set('specificAreas', e.target.value)}
                  />
                  <Field.HelperText>Each area you name gets its own camera.</Field.HelperText>
                </Field.Root>
              </>
            ) : null}

            {step === 3 ? (
              <>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                  <Field.Root required>
                    <Field.Label>
                      Budget range
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.budget} onChange={(e) => set('budget', e.target.value)}>
                        <option value="" disabled>
                          Select budget
                        </option>
                        {BUDGET_VALUES.map((b) => (
                          <option key={b} value={b}>
                            {BUDGET_LABELS[b]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>
                      Timeline
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.timeline} onChange={(e) => set('timeline', e.target.value)}>
                        <option value="" disabled>
                          Select timeline
                        </option>
                        {TIMELINE_VALUES.map((t) => (
                          <option key={t} value={t}>
                            {TIMELINE_LABELS[t]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </SimpleGrid>
                <Fieldset.Root>
                  <Fieldset.Legend fontWeight="medium" fontSize="sm">
                    Additional features
                  </Fieldset.Legend>
                  <CheckboxGroup
                    name="additionalFeatures"
                    value={form.additionalFeatures}
                    onValueChange={(v) => set('additionalFeatures', v)}
                  >
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" pt="2">
                      {WIZARD_FEATURES.map((f) => (
                        <Checkbox.Root key={f} value={f} colorPalette="brand">
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{f}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </SimpleGrid>
                  </CheckboxGroup>
                </Fieldset.Root>
              </>
            ) : null}

            {step === 4 ? (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                {textInput('firstName', 'First name', { autoComplete: 'given-name' })}
                {textInput('lastName', 'Last name', { autoComplete: 'family-name' })}
                {textInput('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
                {textInput('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
                {textInput('company', 'Company', { autoComplete: 'organization' }, false)}
              </SimpleGrid>
            ) : null}

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
                <Button type="submit" colorPalette="accent" size="lg" disabled={!valid || busy}>
                  {busy ? 'Generating...' : 'Get My Quote'}
                </Button>
              )}
            </HStack>
          </form>
        </Stack>
      )}
    </Stack>
  );
}
