/**
 * The Add Item / Edit Item dialog (staff-side.md §4 "Inventory dialog", §5 "Inventory form"):
 * create or edit mode, closed on success. Prices are typed in dollars with step 0.01; invalid
 * input becomes 0 and is sent as whole cents. Field errors of the api are shown under their field.
 */
import { Button, Checkbox, CloseButton, Dialog, Field, Grid, Input, NativeSelect, Portal, Stack, Textarea } from '@chakra-ui/react';
import {
  dollarsInputToCents,
  INVENTORY_CATEGORIES,
  INVENTORY_CATEGORY_LABELS,
  INVENTORY_TEXTS,
  type InventoryCategory,
  type InventoryItem,
  type InventoryItemBodyInput,
} from '@ironclad/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { notify } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { useSaveItem } from '../api/inventory';

interface FormState {
  sku: string;
  category: InventoryCategory;
  name: string;
  description: string;
  manufacturer: string;
  model: string;
  unitPrice: string;
  unitCost: string;
  labourHours: string;
  isActive: boolean;
  specifications: string;
}

const FORM_ID = 'inventory-item-form';

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

function initial(item: InventoryItem | null, category: InventoryCategory): FormState {
  return {
    sku: item?.sku ?? '',
    category: item?.category ?? category,
    name: item?.name ?? '',
    description: item?.description ?? '',
    manufacturer: item?.manufacturer ?? '',
    model: item?.model ?? '',
    unitPrice: item ? dollars(item.unitPrice) : '',
    unitCost: item ? dollars(item.unitCost) : '',
    labourHours: item ? String(item.labourHours) : '0',
    isActive: item?.isActive ?? true,
    specifications: item?.specifications && Object.keys(item.specifications).length ? JSON.stringify(item.specifications, null, 2) : '',
  };
}

/** The request body of the form; `specifications` that are not a JSON object give an error instead. */
export function bodyOf(f: FormState): { body: InventoryItemBodyInput } | { error: string } {
  let specifications: Record<string, unknown> | null = null;
  if (f.specifications.trim()) {
    try {
      const parsed: unknown = JSON.parse(f.specifications);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      specifications = parsed as Record<string, unknown>;
    } catch {
      return { error: 'Specifications must be a JSON object, e.g. {"resolution": "4K"}.' };
    }
  }
  const hours = Number(f.labourHours);
  return {
    body: {
      ...(f.sku.trim() ? { sku: f.sku.trim() } : {}),
      category: f.category,
      name: f.name,
      description: f.description,
      manufacturer: f.manufacturer,
      model: f.model,
      unitPrice: dollarsInputToCents(f.unitPrice),
      unitCost: f.unitCost.trim() === '' ? null : dollarsInputToCents(f.unitCost),
      labourHours: Number.isFinite(hours) && hours >= 0 ? Math.round(hours * 100) / 100 : 0,
      isActive: f.isActive,
      specifications: specifications as InventoryItemBodyInput['specifications'],
    },
  };
}

export function InventoryItemDialog({
  item,
  open,
  defaultCategory,
  onClose,
}: {
  item: InventoryItem | null;
  open: boolean;
  defaultCategory: InventoryCategory;
  onClose: () => void;
}) {
  const editing = item !== null;
  const [form, setForm] = useState<FormState>(() => initial(item, defaultCategory));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSaveItem(item?.id ?? null);
  const { reset } = save;

  useEffect(() => {
    if (!open) return;
    setForm(initial(item, defaultCategory));
    setErrors({});
    reset();
  }, [open, item, defaultCategory, reset]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const out = bodyOf(form);
    if ('error' in out) {
      setErrors({ specifications: [out.error] });
      return;
    }
    if (!form.name.trim()) {
      setErrors({ name: ['Name is required.'] });
      return;
    }
    setErrors({});
    save.mutate(out.body, {
      onSuccess: () => {
        notify({ type: 'success', title: editing ? INVENTORY_TEXTS.updated : INVENTORY_TEXTS.created });
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.body?.details?.fieldErrors) setErrors(err.body.details.fieldErrors);
        else if (err instanceof ApiError && err.status === 409) setErrors({ sku: [err.body?.message ?? 'That SKU is taken.'] });
      },
    });
  };

  const text = (key: 'sku' | 'name' | 'manufacturer' | 'model', label: string, opts: { required?: boolean; helper?: string } = {}) => (
    <Field.Root invalid={Boolean(errors[key])} required={opts.required}>
      <Field.Label>
        {label}
        {opts.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input name={key} value={form[key]} onChange={(e) => set(key, e.target.value)} autoComplete="off" />
      {opts.helper && !errors[key] && <Field.HelperText>{opts.helper}</Field.HelperText>}
      <Field.ErrorText>{errors[key]?.join(' ')}</Field.ErrorText>
    </Field.Root>
  );
  const money = (key: 'unitPrice' | 'unitCost', label: string, helper: string) => (
    <Field.Root invalid={Boolean(errors[key])} required={key === 'unitPrice'}>
      <Field.Label>
        {label}
        {key === 'unitPrice' && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={key}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
      />
      {!errors[key] && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{errors[key]?.join(' ')}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size="lg"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{editing ? 'Edit Item' : 'Add Item'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={FORM_ID} onSubmit={submit} noValidate>
                <Stack gap="4">
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                    {text('name', 'Name', { required: true })}
                    <Field.Root invalid={Boolean(errors.category)} required>
                      <Field.Label>
                        Category
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          name="category"
                          value={form.category}
                          onChange={(e) => set('category', e.target.value as InventoryCategory)}
                        >
                          {INVENTORY_CATEGORIES.map((c) => (
                            <option key={c} value={c}>
                              {INVENTORY_CATEGORY_LABELS[c]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{errors.category?.join(' ')}</Field.ErrorText>
                    </Field.Root>
                    {text('sku', 'SKU', { helper: editing ? undefined : 'Left empty, one is made from the category.' })}
                    {text('manufacturer', 'Manufacturer')}
                    {text('model', 'Model')}
                    <Field.Root invalid={Boolean(errors.labourHours)}>
                      <Field.Label>Labour hours per unit</Field.Label>
                      <Input
                        name="labourHours"
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={0.25}
                        value={form.labourHours}
                        onChange={(e) => set('labourHours', e.target.value)}
                      />
                      <Field.ErrorText>{errors.labourHours?.join(' ')}</Field.ErrorText>
                    </Field.Root>
                    {money('unitPrice', 'Unit price (USD)', 'Dollars and cents, e.g. 249.99.')}
                    {money('unitCost', 'Unit cost (USD)', 'What it costs us; empty when unknown.')}
                  </Grid>
                  <Field.Root invalid={Boolean(errors.description)}>
                    <Field.Label>Description</Field.Label>
                    <Textarea name="description" rows={3} value={form.description} onChange={(e) => set('description', e.target.value)} />
                    <Field.ErrorText>{errors.description?.join(' ')}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.specifications)}>
                    <Field.Label>Specifications (JSON)</Field.Label>
                    <Textarea
                      name="specifications"
                      rows={4}
                      fontFamily="mono"
                      fontSize="sm"
                      placeholder='{"resolution": "4K", "lens": "2.8 mm"}'
                      value={form.specifications}
                      onChange={(e) => set('specifications', e.target.value)}
                    />
                    <Field.ErrorText>{errors.specifications?.join(' ')}</Field.ErrorText>
                  </Field.Root>
                  <Checkbox.Root checked={form.isActive} onCheckedChange={(e) => set('isActive', e.checked === true)}>
                    <Checkbox.HiddenInput name="isActive" />
                    <Checkbox.Control />
                    <Checkbox.Label>Active (offered in quotes)</Checkbox.Label>
                  </Checkbox.Root>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" type="button">
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={FORM_ID} colorPalette="brand" loading={save.isPending}>
                {editing ? 'Save Changes' : 'Add Item'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
