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
import { useId } from 'react';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({ recipes: { checkmark: checkmarkRecipe }, slotRecipes: { checkbox: checkboxSlotRecipe, field: fieldSlotRecipe, nativeSelect: nativeSelectSlotRecipe } });

const BUILDING_TYPE_LABELS: Record<CalculatorBuildingType, string> = { residential: 'Residential', commercial: 'Commercial' };
const COMPLEXITY_LABELS: Record<BuildingComplexity, string> = { new: 'New construction', finished: 'Finished building' };

interface RangeProps {
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  format: (v: number) => string;
  onChange: (v: number) => void;
  testId: string;
}

/** A labelled slider showing its current value. */
function RangeControl({ label, value, range, format, onChange, testId }: RangeProps) {
  const id = useId();
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
        onChange={(e) => onChange(Number(e.currentTarget.value))}
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
}

/** A feature toggle. */
function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} colorPalette="brand">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The configuration form; every change re-prices at once. */
export function CalculatorControls({ specs, onChange }: { specs: CalculatorSpecs; onChange: (next: CalculatorSpecs) => void }) {
  const set = <K extends keyof CalculatorSpecs>(key: K, value: CalculatorSpecs[K]) => onChange({ ...specs, [key]: value });
  return (
    <Stack gap="6" as="form" aria-label="Project configuration" onSubmit={(e: React.FormEvent) => e.preventDefault()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root>
          <Field.Label>Building type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={specs.buildingType} onChange={(e) => set('buildingType', e.currentTarget.value as CalculatorBuildingType)}>
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
            <NativeSelect.Field value={specs.buildingComplexity} onChange={(e) => set('buildingComplexity', e.currentTarget.value as BuildingComplexity)}>
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

      <RangeControl
        label="Square footage"
        testId="sqft"
        value={specs.sqft}
        range={CALCULATOR_RANGES.sqft}
        format={(v) => `${v.toLocaleString('en-US')} sq ft`}
        onChange={(v) => set('sqft', v)}
      />
      <RangeControl label="Number of cameras" testId="cameras" value={specs.cameras} range={CALCULATOR_RANGES.cameras} format={(v) => `${v} cameras`} onChange={(v) => set('cameras', v)} />
      <RangeControl
        label="Entry points"
        testId="entry-points"
        value={specs.entryPoints}
        range={CALCULATOR_RANGES.entryPoints}
        format={(v) => `${v} ${v === 1 ? 'entry point' : 'entry points'}`}
        onChange={(v) => set('entryPoints', v)}
      />

      <Box as="fieldset">
        <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
          Additional features
        </Text>
        <Stack gap="3">
          <Toggle label="Access control" checked={specs.hasAccessControl} onChange={(v) => set('hasAccessControl', v)} />
          <Toggle label="Video intercom" checked={specs.hasVideoIntercom} onChange={(v) => set('hasVideoIntercom', v)} />
          <Toggle label="24/7 monitoring" checked={specs.hasMonitoring} onChange={(v) => set('hasMonitoring', v)} />
        </Stack>
      </Box>
    </Stack>
  );
}
