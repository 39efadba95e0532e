/**
 * Manual estimator tab (staff-side.md §2, §5, §9): defaults, minimums, live summary from the shared
 * formulas, the 'Required Fields Missing' check, save as a lead (the server recomputes the total).
 * The camera and the NVR may be picked from the inventory: the server then prices them from the
 * catalogue by SKU.
 */
import { Box, Button, Field, Grid, Heading, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  computeManualEstimate,
  ESTIMATOR_BUILDING_TYPES,
  ESTIMATOR_DEFAULTS,
  ESTIMATOR_SIZES,
  ESTIMATOR_TEXTS,
  type ManualEstimateInput,
} from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notify } from '../../components/ui/toaster';
import { formatUsdCents } from '../../lib/format';
import { useSaveManualEstimate } from '../leads/api/leads';
import { inventoryQuery } from './api/inventory';

const EMPTY_CUSTOMER = { firstName: '', lastName: '', email: '', phone: '', company: '' };
type NumKey =
  'squareFootage' | 'floors' | 'entryPoints' | 'cameras' | 'cameraPrice' | 'nvrCost' | 'installationDays' | 'laborRate' | 'additionalCosts';
const MIN: Record<NumKey, number> = {
  squareFootage: 0,
  floors: 1,
  entryPoints: 1,
  cameras: 1,
  cameraPrice: 0,
  nvrCost: 0,
  installationDays: 1,
  laborRate: 0,
  additionalCosts: 0,
};
const STEP: Record<NumKey, number> = {
  squareFootage: 1,
  floors: 1,
  entryPoints: 1,
  cameras: 1,
  cameraPrice: 0.01,
  nvrCost: 0.01,
  installationDays: 1,
  laborRate: 0.01,
  additionalCosts: 0.01,
};

export function ManualEstimatorTab() {
  const [customer, setCustomer] = useState(EMPTY_CUSTOMER);
  const [building, setBuilding] = useState<{ buildingType: string; buildingSize: string }>({
    buildingType: ESTIMATOR_DEFAULTS.buildingType,
    buildingSize: ESTIMATOR_DEFAULTS.buildingSize,
  });
  const [nums, setNums] = useState<Record<NumKey, number>>({ ...ESTIMATOR_DEFAULTS });
  const [notes, setNotes] = useState('');
  const save = useSaveManualEstimate();
  const summary = computeManualEstimate(nums);

  const catalogue = useQuery(inventoryQuery);
  const [skus, setSkus] = useState<{ cameraSku: string; nvrSku: string }>({ cameraSku: '', nvrSku: '' });
  const choices = (category: 'cameras' | 'nvr') => (catalogue.data ?? []).filter((i) => i.isActive && i.category === category);
  /** A catalogue item priced that line: its price field shows the catalogue price, read-only. */
  const locked: Partial<Record<NumKey, boolean>> = { cameraPrice: skus.cameraSku !== '', nvrCost: skus.nvrSku !== '' };
  const pick = (field: 'cameraSku' | 'nvrSku', priceKey: 'cameraPrice' | 'nvrCost', sku: string) => {
    setSkus((x) => ({ ...x, [field]: sku }));
    const item = catalogue.data?.find((i) => i.sku === sku);
    if (item) setNums((n) => ({ ...n, [priceKey]: item.unitPrice / 100 }));
  };
  const catalogueField = (
    field: 'cameraSku' | 'nvrSku',
    priceKey: 'cameraPrice' | 'nvrCost',
    category: 'cameras' | 'nvr',
    label: string,
  ) => (
    <Field.Root key={field}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={field} value={skus[field]} onChange={(e) => pick(field, priceKey, e.target.value)}>
          <option value="">Custom price</option>
          {choices(category).map((i) => (
            <option key={i.sku} value={i.sku}>
              {i.name} ({i.sku}) {formatUsdCents(i.unitPrice / 100)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>From the inventory: the catalogue price is used.</Field.HelperText>
    </Field.Root>
  );

  const numField = (key: NumKey, label: string) => (
    <Field.Root key={key} disabled={locked[key]}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="number"
        min={MIN[key]}
        step={STEP[key]}
        readOnly={locked[key]}
        value={Number.isFinite(nums[key]) ? nums[key] : ''}
        onChange={(e) => {
          const v = Number(e.target.value);
          setNums((n) => ({ ...n, [key]: Number.isFinite(v) ? Math.max(MIN[key], STEP[key] === 1 ? Math.floor(v) : v) : MIN[key] }));
        }}
      />
    </Field.Root>
  );
  const textField = (key: keyof typeof EMPTY_CUSTOMER, label: string, type = 'text', required = true) => (
    <Field.Root key={key} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input type={type} name={key} value={customer[key]} onChange={(e) => setCustomer((c) => ({ ...c, [key]: e.target.value }))} />
    </Field.Root>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!customer.firstName.trim() || !customer.lastName.trim() || !customer.email.trim() || !customer.phone.trim()) {
      notify({ title: ESTIMATOR_TEXTS.missingTitle, description: ESTIMATOR_TEXTS.missingDescription, type: 'error' });
      return;
    }
    const body: ManualEstimateInput = {
      ...customer,
      company: customer.company || undefined,
      ...building,
      ...nums,
      ...(skus.cameraSku ? { cameraSku: skus.cameraSku } : {}),
      ...(skus.nvrSku ? { nvrSku: skus.nvrSku } : {}),
      notes: notes || undefined,
    } as ManualEstimateInput;
    save.mutate(body, {
      onSuccess: () => {
        notify({ title: ESTIMATOR_TEXTS.savedTitle, description: ESTIMATOR_TEXTS.savedDescription, type: 'success' });
        setCustomer(EMPTY_CUSTOMER);
        setNotes('');
        setNums({ ...ESTIMATOR_DEFAULTS });
        setSkus({ cameraSku: '', nvrSku: '' });
      },
      onError: () => notify({ title: ESTIMATOR_TEXTS.errorTitle, description: ESTIMATOR_TEXTS.errorDescription, type: 'error' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6">
        <Stack gap="6">
          <Box borderWidth="1px" rounded="lg" p="4">
            <Heading as="h3" size="md" mb="3">
              Customer information
            </Heading>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
              {textField('firstName', 'First name')}
              {textField('lastName', 'Last name')}
              {textField('email', 'Email', 'email')}
              {textField('phone', 'Phone', 'tel')}
              {textField('company', 'Company', 'text', false)}
            </Grid>
          </Box>
          <Box borderWidth="1px" rounded="lg" p="4">
            <Heading as="h3" size="md" mb="3">
              Building information
            </Heading>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
              <Field.Root>
                <Field.Label>Building type</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={building.buildingType}
                    onChange={(e) => setBuilding((b) => ({ ...b, buildingType: e.target.value }))}
                  >
                    {ESTIMATOR_BUILDING_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root>
                <Field.Label>Building size</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={building.buildingSize}
                    onChange={(e) => setBuilding((b) => ({ ...b, buildingSize: e.target.value }))}
                  >
                    {ESTIMATOR_SIZES.map((t) => (
                      <option key={t} value={t}>
                        {t === 'small'
                          ? 'Small (under 2,000 sq ft)'
                          : t === 'medium'
                            ? 'Medium (2,000 to 10,000 sq ft)'
                            : 'Large (over 10,000 sq ft)'}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              {numField('squareFootage', 'Square footage')}
              {numField('floors', 'Floors')}
              {numField('entryPoints', 'Entry points')}
            </Grid>
          </Box>
          <Box borderWidth="1px" rounded="lg" p="4">
            <Heading as="h3" size="md" mb="3">
              Pricing configuration
            </Heading>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
              {numField('cameras', 'Cameras')}
              {catalogueField('cameraSku', 'cameraPrice', 'cameras', 'Camera model')}
              {numField('cameraPrice', 'Camera price ($)')}
              {catalogueField('nvrSku', 'nvrCost', 'nvr', 'NVR model')}
              {numField('nvrCost', 'NVR ($)')}
              {numField('installationDays', 'Installation days')}
              {numField('laborRate', 'Labor rate per day ($)')}
              {numField('additionalCosts', 'Additional costs ($)')}
            </Grid>
          </Box>
          <Field.Root>
            <Field.Label>Notes</Field.Label>
            <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} rows={4} />
          </Field.Root>
        </Stack>
        <Box
          borderWidth="1px"
          rounded="lg"
          p="4"
          alignSelf="start"
          // Below lg the summary follows the inputs: it sticks to the bottom of the screen so the
          // total stays in view while they are typed; from lg it sticks beside them.
          position="sticky"
          top={{ lg: '4' }}
          bottom={{ base: '0', lg: 'auto' }}
          bg="bg.panel"
          zIndex={{ base: 'docked', lg: 'auto' }}
          shadow={{ base: 'lg', lg: 'none' }}
          aria-live="polite"
          data-testid="estimate-summary"
        >
          <Heading as="h3" size="md" mb="3">
            Estimate summary
          </Heading>
          <Stack gap="1" fontSize="sm">
            <Text>Equipment: {formatUsdCents(summary.equipment)}</Text>
            <Text>Labor: {formatUsdCents(summary.labor)}</Text>
            <Text>Additional: {formatUsdCents(summary.additional)}</Text>
            <Text fontWeight="bold" fontSize="lg">
              Total: {formatUsdCents(summary.total)}
            </Text>
            <Text>Timeline: {summary.timeline}</Text>
          </Stack>
          <Button type="submit" mt="4" w="full" colorPalette="brand" loading={save.isPending}>
            Save Estimate
          </Button>
        </Box>
      </Grid>
    </form>
  );
}
