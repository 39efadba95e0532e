/**
 * AI configuration tab (staff-side.md §2 "AI configuration tab", §3 keys, §7 calls, §8 messages,
 * §9 defaults): sub-tabs Pricing Tiers, Component Pricing and Additional Features, one form per
 * `ai_recommendation_config` key. "Preview changes" shows what the edit does to the reference
 * quotes (the spec's home and office samples and the latest wizard quotes: old total, new total,
 * difference) before anything is saved; Save sends the version being edited (someone else's save
 * in between answers 409 with a message), toasts, and reloads the list. Quotes made after a save
 * use it; stored quotes keep the configuration version they were priced with.
 */
import { Badge, Box, Button, Field, Flex, Grid, Heading, Input, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import {
  ADDITIONAL_COSTS_DEFAULTS,
  AI_CONFIG_CATEGORY_OF_KEY,
  COMPONENT_PRICING_DEFAULTS,
  COMPONENT_PRICING_LABELS,
  TIERED_PRICING_DEFAULTS,
  type AiConfigKey,
  type AiConfigPreviewResponse,
  type AiConfigRecordDto,
  type FieldErrors,
} from '@ironclad/contracts';
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { notify } from '../../components/ui/toaster';
import { ApiError, apiRequest } from '../../lib/api';
import { formatUsd } from '../../lib/format';
import { aiConfigsQuery, messageOf, siteConfigKeys, usePreviewAiConfig, useSaveAiConfig } from './api/site-config';
import { configurationVersionsText } from './leads-tab';

/** One input of a form: where it sits in the value, its label, and whether it holds dollars. */
interface FieldSpec {
  path: readonly string[];
  label: string;
  kind: 'usd' | 'text';
}

interface KeyForm {
  key: AiConfigKey;
  tab: string;
  title: string;
  /** staff-side.md §8 fallback when the server gives no message. */
  failed: string;
  defaults: unknown;
  fields: readonly FieldSpec[];
}

const tierFields = (['low', 'medium', 'high'] as const).flatMap((t) => {
  const name = `${t[0]!.toUpperCase()}${t.slice(1)} tier`;
  return [
    { path: [t, 'range'], label: `${name}: cameras (range)`, kind: 'text' },
    { path: [t, 'avgPerDeviceCost'], label: `${name}: average per device ($)`, kind: 'usd' },
    { path: [t, 'description'], label: `${name}: description`, kind: 'text' },
  ] as const satisfies readonly FieldSpec[];
});

const FORMS: readonly KeyForm[] = [
  {
    key: 'tiered_pricing',
    tab: 'tiers',
    title: 'Pricing Tiers',
    failed: 'Failed to save pricing configuration',
    defaults: TIERED_PRICING_DEFAULTS,
    fields: tierFields,
  },
  {
    key: 'component_pricing',
    tab: 'components',
    title: 'Component Pricing',
    failed: 'Failed to save component pricing',
    defaults: COMPONENT_PRICING_DEFAULTS,
    fields: Object.entries(COMPONENT_PRICING_LABELS).map(([k, label]) => ({ path: [k], label: `${label} ($)`, kind: 'usd' as const })),
  },
  {
    key: 'additional_costs',
    tab: 'features',
    title: 'Additional Features',
    failed: 'Failed to save additional features pricing',
    defaults: ADDITIONAL_COSTS_DEFAULTS,
    fields: [
      { path: ['access_control_system', 'perDoor'], label: 'Access control system: per door ($)', kind: 'usd' },
      { path: ['access_control_system', 'description'], label: 'Access control system: description', kind: 'text' },
      { path: ['video_intercom_system', 'perDoor'], label: 'Video intercom system: per door ($)', kind: 'usd' },
      { path: ['video_intercom_system', 'description'], label: 'Video intercom system: description', kind: 'text' },
      { path: ['professional_monitoring', 'setupPerCamera'], label: 'Professional monitoring: set-up per camera ($)', kind: 'usd' },
      { path: ['professional_monitoring', 'monthlyPerCamera'], label: 'Professional monitoring: per camera per month ($)', kind: 'usd' },
      { path: ['professional_monitoring', 'description'], label: 'Professional monitoring: description', kind: 'text' },
    ],
  },
];

type Draft = Record<string, string>;

const pathKey = (path: readonly string[]) => path.join('.');

function getAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), value);
}

/** The form's text of each field. */
function draftOf(form: KeyForm, value: unknown): Draft {
  return Object.fromEntries(form.fields.map((f) => [pathKey(f.path), String(getAt(value, f.path) ?? '')]));
}

/**
 * The configValue of a draft: dollars as numbers (text that is not a number is sent as it is, and
 * the server names the field), other fields as typed; fields the form does not show keep `base`'s.
 */
export function valueOfDraft(form: KeyForm, draft: Draft, base: unknown): unknown {
  const out = structuredClone((base ?? form.defaults) as Record<string, unknown>);
  for (const f of form.fields) {
    const raw = draft[pathKey(f.path)] ?? '';
    const v = f.kind === 'usd' && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    let o = out;
    for (const k of f.path.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
    o[f.path[f.path.length - 1]!] = v;
  }
  return out;
}

export function AiConfigTab() {
  const list = useQuery(aiConfigsQuery);
  if (list.isPending) return <Text role="status">Loading configurations...</Text>;
  if (list.isError)
    return (
      <Stack role="alert" align="start" gap="2" py="2">
        <Text>Could not load the AI configuration.</Text>
        <Button size="sm" variant="outline" onClick={() => list.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  const { configs, versions } = list.data;
  return (
    <Stack gap="4" py="2">
      <Flex justify="space-between" align={{ base: 'start', md: 'center' }} gap="2" direction={{ base: 'column', md: 'row' }}>
        <Heading as="h2" size="lg">
          AI Configuration
        </Heading>
        <Text fontSize="sm" color="fg.muted" data-testid="configuration-versions">
          Current configuration: {configurationVersionsText(versions)}
        </Text>
      </Flex>
      <Tabs.Root defaultValue="tiers" variant="line" size="sm" lazyMount>
        <Box overflowX="auto">
          <Tabs.List aria-label="AI configuration" w="max-content" minW="full">
            {FORMS.map((f) => (
              <Tabs.Trigger key={f.tab} value={f.tab} flexShrink="0" whiteSpace="nowrap">
                {f.title}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {FORMS.map((f) => (
          <Tabs.Content key={f.tab} value={f.tab} pt="4">
            <ConfigForm form={f} record={configs.find((c) => c.configKey === f.key) ?? null} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

function ConfigForm({ form, record }: { form: KeyForm; record: AiConfigRecordDto | null }) {
  const qc = useQueryClient();
  const save = useSaveAiConfig();
  const create = useMutation({
    mutationFn: (configValue: unknown) =>
      apiRequest('POST', '/api/ai-configs', {
        body: { category: AI_CONFIG_CATEGORY_OF_KEY[form.key], configKey: form.key, configValue, description: null, isActive: true },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: siteConfigKeys.aiConfigs }),
  });
  const preview = usePreviewAiConfig();
  const base = record?.configValue ?? form.defaults;
  const [draft, setDraft] = useState<Draft>(() => draftOf(form, base));
  const [errors, setErrors] = useState<FieldErrors>({});
  // a reloaded record (after a save, or someone else's) replaces the form's text
  const stamp = `${record?.id}:${record?.version}`;
  useEffect(() => {
    setDraft(draftOf(form, base));
    setErrors({});
    preview.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored record changes
  }, [stamp]);

  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.body?.details?.fieldErrors) setErrors(err.body.details.fieldErrors);
    notify({ type: 'error', title: 'Error', description: messageOf(err, form.failed) });
  };
  const value = () => valueOfDraft(form, draft, base);
  const onPreview = () => {
    setErrors({});
    preview.mutate({ configKey: form.key, configValue: value() } as never, { onError });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const done = {
      onSuccess: () => notify({ type: 'success', title: 'Configuration saved', description: 'Quotes made from now on use it.' }),
      onError,
    };
    if (record) save.mutate({ id: record.id, configValue: value(), description: record.description, version: record.version }, done);
    else create.mutate(value(), done);
  };

  const formId = `ai-config-${form.key}`;
  return (
    <Stack gap="4">
      <form id={formId} onSubmit={onSubmit} noValidate aria-label={form.title}>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="3">
          {form.fields.map((f) => {
            const k = pathKey(f.path);
            const err = errors[`configValue.${k}`]?.[0];
            return (
              <Field.Root key={k} invalid={Boolean(err)}>
                <Field.Label>{f.label}</Field.Label>
                <Input
                  name={k}
                  type={f.kind === 'usd' ? 'number' : 'text'}
                  inputMode={f.kind === 'usd' ? 'numeric' : undefined}
                  min={f.kind === 'usd' ? 0 : undefined}
                  step={f.kind === 'usd' ? 1 : undefined}
                  value={draft[k] ?? ''}
                  onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
                />
                {err && <Field.ErrorText>{err}</Field.ErrorText>}
              </Field.Root>
            );
          })}
        </Grid>
        {errors.configValue?.[0] && (
          <Text color="fg.error" role="alert" mt="2">
            {errors.configValue[0]}
          </Text>
        )}
      </form>
      <Flex gap="2" wrap="wrap" align="center">
        <Button variant="outline" onClick={onPreview} loading={preview.isPending} loadingText="Previewing…">
          Preview changes
        </Button>
        <Button type="submit" form={formId} colorPalette="brand" loading={save.isPending || create.isPending} loadingText="Saving…">
          Save {form.title}
        </Button>
        {record && (
          <Badge variant="outline" title="Edit version of this record">
            version {record.version}
          </Badge>
        )}
      </Flex>
      {preview.data && <PreviewTable data={preview.data} />}
    </Stack>
  );
}

function PreviewTable({ data }: { data: AiConfigPreviewResponse }) {
  const changed = data.quotes.filter((q) => q.difference !== 0).length;
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="ai-config-preview">
      <Heading as="h3" size="sm" mb="1">
        Effect on reference quotes
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2" role="status">
        {changed === 0 ? 'No reference quote changes.' : `${changed} of ${data.quotes.length} reference quotes change.`} Nothing is saved
        until you press Save.
      </Text>
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Quote</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Old total</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">New total</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Difference</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.quotes.map((q) => (
              <Table.Row key={`${q.kind}-${q.leadId ?? q.label}`}>
                <Table.Cell>{q.label}</Table.Cell>
                <Table.Cell textAlign="end">{formatUsd(q.oldTotal)}</Table.Cell>
                <Table.Cell textAlign="end">{formatUsd(q.newTotal)}</Table.Cell>
                <Table.Cell textAlign="end" color={q.difference > 0 ? 'green.700' : q.difference < 0 ? 'red.700' : undefined}>
                  {q.difference > 0 ? '+' : q.difference < 0 ? '−' : ''}
                  {formatUsd(Math.abs(q.difference))}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
