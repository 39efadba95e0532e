/**
 * The four question steps of the AI security designer wizard (public-site.md §2, §4): building
 * information, security requirements, project details and contact information. Each renders the
 * fields of its step from the answers so far and reports a change with `set`; validation and
 * navigation stay in the wizard (designer-wizard.tsx).
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
import { Button, Checkbox, CheckboxGroup, Field, Fieldset, Input, NativeSelect, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '~chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '~chakra-theme/recipes/checkmark';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { fieldsetSlotRecipe } from '~chakra-theme/recipes/fieldset';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { nativeSelectSlotRecipe } from '~chakra-theme/recipes/native-select';
import { textareaRecipe } from '~chakra-theme/recipes/textarea';
import {
  LucideBuilding2,
  LucideHospital,
  LucideHouse,
  LucideSchool,
  LucideStore,
  LucideUtensils,
  LucideWarehouse,
  LucideBuilding,
} from 'lucide-react';
import { BUDGET_LABELS, BUILDING_TYPE_LABELS, TIMELINE_LABELS, type WizardField, type WizardState } from './wizard-options';
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

/** What each step gets: the answers so far, the setter of one answer, the errors to show and the blur report. */
export interface WizardStepProps {
  form: WizardState;
  set: <K extends keyof WizardState>(key: K, value: WizardState[K]) => void;
  /** The field errors to show now (those of touched fields, or the server's), by field. */
  errors?: Partial<Record<WizardField, string>>;
  /** Reports that the visitor left a field (its error may show from then on). */
  touch?: (field: WizardField) => void;
}

/** The error text of a field, announced with it (Field.ErrorText is the input's description). */
function FieldError({ message }: { message: string | undefined }) {
  return message ? <Field.ErrorText>{message}</Field.ErrorText> : null;
}

/** Step 1: building type, square footage and number of floors. */
export function BuildingInformationStep({ form, set, errors = {}, touch }: WizardStepProps) {
  return (
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
        <Field.Root required invalid={Boolean(errors.squareFootage)}>
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
            onBlur={() => touch?.('squareFootage')}
            data-wizard-field="squareFootage"
          />
          <Field.HelperText>Total interior area in square feet.</Field.HelperText>
          <FieldError message={errors.squareFootage} />
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.floors)}>
          <Field.Label>
            Number of floors
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={form.floors}
              onChange={(e) => set('floors', e.target.value)}
              onBlur={() => touch?.('floors')}
              data-wizard-field="floors"
            >
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
          <FieldError message={errors.floors} />
        </Field.Root>
      </SimpleGrid>
    </>
  );
}

/** Step 2: entry points and the specific areas to monitor. */
export function SecurityRequirementsStep({ form, set, errors = {}, touch }: WizardStepProps) {
  return (
    <>
      <Field.Root required invalid={Boolean(errors.entryPoints)}>
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
          onBlur={() => touch?.('entryPoints')}
          data-wizard-field="entryPoints"
        />
        <Field.HelperText>List the doors and gates people use to get in, separated by commas.</Field.HelperText>
        <FieldError message={errors.entryPoints} />
      </Field.Root>
      <Field.Root required invalid={Boolean(errors.specificAreas)}>
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
          onBlur={() => touch?.('specificAreas')}
          data-wizard-field="specificAreas"
        />
        <Field.HelperText>Each area you name gets its own camera.</Field.HelperText>
        <FieldError message={errors.specificAreas} />
      </Field.Root>
    </>
  );
}

/** Step 3: budget range, timeline and additional features. */
export function ProjectDetailsStep({ form, set }: WizardStepProps) {
  return (
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
        <CheckboxGroup name="additionalFeatures" value={form.additionalFeatures} onValueChange={(v) => set('additionalFeatures', v)}>
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
  );
}

/** Step 4: the contact details (company optional). */
export function ContactInformationStep({ form, set, errors = {}, touch }: WizardStepProps) {
  const textInput = (
    key: 'firstName' | 'lastName' | 'email' | 'phone' | 'company',
    label: string,
    props: React.ComponentProps<typeof Input>,
    required = true,
  ) => (
    <Field.Root required={required} invalid={key !== 'company' && Boolean(errors[key])}>
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
      <Input
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        onBlur={() => (key !== 'company' ? touch?.(key) : undefined)}
        data-wizard-field={key}
        maxLength={WIZARD_FIELD_MAX_LENGTH[key]}
        {...props}
      />
      {key !== 'company' ? <FieldError message={errors[key]} /> : null}
    </Field.Root>
  );

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      {textInput('firstName', 'First name', { autoComplete: 'given-name' })}
      {textInput('lastName', 'Last name', { autoComplete: 'family-name' })}
      {textInput('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {textInput('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {textInput('company', 'Company', { autoComplete: 'organization' }, false)}
    </SimpleGrid>
  );
}
