/**
 * The project configuration controls (public-site.md §2, §3 "Calculator specs", §5 ranges).
 * Sliders are native range inputs (keyboard arrows, Page Up/Down, Home/End; labelled, with a
 * spoken value), so they stay light on a slow phone.
 */
import {
  BUILDING_COMPLEXITIES,
  CALCULATOR_BUILDING_TYPES,
  CALCULATOR_RANGES,
  type BuildingComplexity,
  type CalculatorBuildingType,
  type CalculatorSpecs,
} from '@ironclad/contracts';
import { Box, Checkbox, Field, Flex, NativeSelect, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '~chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '~chakra-theme/recipes/checkmark';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { nativeSelectSlotRecipe } from '~chakra-theme/recipes/native-select';
import { memo, useCallback, useId } from 'react';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({
  recipes: { checkmark: checkmarkRecipe },
  slotRecipes: { checkbox: checkboxSlotRecipe, field: fieldSlotRecipe, nativeSelect: nativeSelectSlotRecipe },
});

const BUILDING_TYPE_LABELS: Record<CalculatorBuildingType, string> = { residential: 'Residential', commercial: 'Commercial' };
const COMPLEXITY_LABELS: Record<BuildingComplexity, string> = { new: 'New construction', finished: 'Finished building' };

/** The numeric specs set by a slider. */
type RangeKey = 'sqft' | 'cameras' | 'entryPoints';
/** The specs set by a check box. */
type ToggleKey = 'hasAccessControl' | 'hasVideoIntercom' | 'hasMonitoring';
/** Sets one spec; stable for the calculator's lifetime, so unchanged controls skip re-rendering. */
type SetSpec = <K extends keyof CalculatorSpecs>(key: K, value: CalculatorSpecs[K]) => void;

const formatSqft = (v: number) => `${v.toLocaleString('en-US')} sq ft`;
const formatCameras = (v: number) => `${v} cameras`;
const formatEntryPoints = (v: number) => `${v} ${v === 1 ? 'entry point' : 'entry points'}`;

interface RangeProps {
  label: string;
  field: RangeKey;
  value: number;
  format: (v: number) => string;
  onSet: SetSpec;
  testId: string;
}

/**
 * A labelled slider showing its current value. Memoised: a move re-renders this slider only,
 * not its siblings (no jank on a slow phone).
 */
const RangeControl = memo(function RangeControl({ label, field, value, format, onSet, testId }: RangeProps) {
  const id = useId();
  const range = CALCULATOR_RANGES[field];
  return (
    <Stack gap="1.5">
      <Flex justify="space-between" align="baseline" gap="3">
        <chakra.label htmlFor={id} fontWeight="medium" fontSize="sm">
          {label}
        </chakra.label>
        <Text fontWeight="semibold" color="brand.700" _dark={{ color: 'brand.200' }} aria-hidden="true" data-testid={`${testId}-value`}>
          {format(value)}
        </Text>
      </Flex>
      <chakra.input
        id={id}
        type="range"
        data-testid={testId}
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(e) => onSet(field, Number(e.currentTarget.value))}
        width="full"
        height="6"
        cursor="pointer"
        css={{ accentColor: 'var(--chakra-colors-brand-500)', touchAction: 'pan-y' }}
      />
      <Flex justify="space-between" fontSize="xs" color="fg.muted" aria-hidden="true">
        <span>{format(range.min)}</span>
        <span>{format(range.max)}</span>
      </Flex>
    </Stack>
  );
});

/** A feature toggle (memoised like the sliders). */
const Toggle = memo(function Toggle({
  label,
  field,
  checked,
  onSet,
}: {
  label: string;
  field: ToggleKey;
  checked: boolean;
  onSet: SetSpec;
}) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onSet(field, e.checked === true)} colorPalette="brand">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
});

/**
 * The configuration form; every change re-prices at once. `onChange` receives an updater
 * (`setSpecs` of a `useState` fits), so the controls never read stale specs and each control
 * re-renders only when its own value changes.
 */
export const CalculatorControls = memo(function CalculatorControls({
  specs,
  onChange,
}: {
  specs: CalculatorSpecs;
  onChange: (update: (prev: CalculatorSpecs) => CalculatorSpecs) => void;
}) {
  const set = useCallback<SetSpec>(
    (key, value) => onChange((prev) => (prev[key] === value ? prev : { ...prev, [key]: value })),
    [onChange],
  );
  return (
    <Stack gap="6" as="form" aria-label="Project configuration" onSubmit={(e: React.FormEvent) => e.preventDefault()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root>
          <Field.Label>Building type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={specs.buildingType}
              onChange={(e) => set('buildingType', e.currentTarget.value as CalculatorBuildingType)}
            >
              {CALCULATOR_BUILDING_TYPES.map((t) => (
                <option key={t} value={t}>
                  {BUILDING_TYPE_LABELS[t]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Building complexity</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={specs.buildingComplexity}
              onChange={(e) => set('buildingComplexity', e.currentTarget.value as BuildingComplexity)}
            >
              {BUILDING_COMPLEXITIES.map((c) => (
                <option key={c} value={c}>
                  {COMPLEXITY_LABELS[c]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>

      <RangeControl label="Square footage" testId="sqft" field="sqft" value={specs.sqft} format={formatSqft} onSet={set} />
      <RangeControl label="Number of cameras" testId="cameras" field="cameras" value={specs.cameras} format={formatCameras} onSet={set} />
      <RangeControl
        label="Entry points"
        testId="entry-points"
        field="entryPoints"
        value={specs.entryPoints}
        format={formatEntryPoints}
        onSet={set}
      />

      <Box as="fieldset">
        <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
          Additional features
        </Text>
        <Stack gap="3">
          <Toggle label="Access control" field="hasAccessControl" checked={specs.hasAccessControl} onSet={set} />
          <Toggle label="Video intercom" field="hasVideoIntercom" checked={specs.hasVideoIntercom} onSet={set} />
          <Toggle label="24/7 monitoring" field="hasMonitoring" checked={specs.hasMonitoring} onSet={set} />
        </Stack>
      </Box>
    </Stack>
  );
});
