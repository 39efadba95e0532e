/**
 * The bulk communication tool (staff-side.md §2, §7, §9): type, template (email)
 * or message (SMS), and the recipients' filter (status among the §9 options, minimum estimate in
 * whole dollars, created after). Starting it stores a campaign and answers at once; the caller
 * shows its live progress. Shared by the admin dashboard's Communication tab and the centre.
 */
import { Button, Field, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  BULK_STATUS_OPTIONS,
  DEFAULT_TEST_TEMPLATE,
  SMS_MAX_LENGTH,
  type BulkCommunication,
  type Campaign,
  type CommunicationChannel,
} from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { STATUS_LABELS } from '../../lib/lead-status';
import { usePublicConfig } from '../site-config/public-config';
import { templatesQuery, useStartCampaign } from './api/comms-api';
import { smsFollowUpText } from './send-message-dialog';
import { CHANNEL_OPTIONS, ChoiceGroup } from './ui';

/** Builds the request of the form's values (empty filter fields are left out). */
export function bulkRequest(v: {
  name: string;
  type: CommunicationChannel;
  template: string;
  message: string;
  status: string;
  minValue: string;
  createdAfter: string;
}): BulkCommunication {
  const filter: BulkCommunication['filter'] = {};
  if (v.status !== 'all') filter.status = v.status as NonNullable<BulkCommunication['filter']['status']>;
  if (v.minValue.trim() !== '') filter.minValue = Math.max(0, Math.round(Number(v.minValue)));
  if (v.createdAfter) filter.createdAfter = v.createdAfter;
  return {
    type: v.type,
    ...(v.name.trim() ? { name: v.name.trim() } : {}),
    ...(v.type === 'email' ? { template: v.template } : { message: v.message.trim() }),
    filter,
  };
}

export function BulkCampaignForm({
  onStarted,
  submitLabel = 'Start campaign',
}: {
  onStarted?: (campaign: Campaign) => void;
  submitLabel?: string;
}) {
  const { company } = usePublicConfig();
  const templates = useQuery(templatesQuery);
  const start = useStartCampaign();
  const [values, setValues] = useState({
    name: '',
    type: 'email' as CommunicationChannel,
    template: DEFAULT_TEST_TEMPLATE,
    message: smsFollowUpText(null, company),
    status: 'all',
    minValue: '',
    createdAfter: '',
  });
  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) => setValues((old) => ({ ...old, [k]: v }));
  const minInvalid = values.minValue.trim() !== '' && !(Number(values.minValue) >= 0);
  const canStart = !start.isPending && !minInvalid && (values.type === 'email' ? values.template !== '' : values.message.trim() !== '');
  const fieldErrors =
    start.error && 'body' in start.error
      ? (start.error as { body: { details?: { fieldErrors?: Record<string, string[]> } } | null }).body?.details?.fieldErrors
      : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canStart) return;
    start.mutate(bulkRequest(values), { onSuccess: (res) => onStarted?.(res.campaign) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Bulk communication" data-testid="bulk-form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Campaign name</Field.Label>
            <Input value={values.name} onChange={(e) => set('name', e.target.value)} maxLength={200} placeholder="e.g. Spring follow-up" />
            <Field.HelperText>Optional; a name is made from the type and date otherwise.</Field.HelperText>
          </Field.Root>
          <Stack gap="1.5">
            <Text fontSize="sm" fontWeight="medium" aria-hidden>
              Type
            </Text>
            <ChoiceGroup label="Campaign type" value={values.type} options={CHANNEL_OPTIONS} onChange={(t) => set('type', t)} />
          </Stack>
        </SimpleGrid>
        {values.type === 'email' ? (
          <Field.Root invalid={!!fieldErrors?.template}>
            <Field.Label>Email template</Field.Label>
            <NativeSelect.Root disabled={templates.isPending}>
              <NativeSelect.Field value={values.template} onChange={(e) => set('template', e.target.value)}>
                {templates.isPending && <option value={values.template}>{values.template}</option>}
                {(templates.data ?? []).map((t) => (
                  <option key={t.id} value={t.name}>
                    {t.name} — {t.subject}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{fieldErrors?.template?.[0]}</Field.ErrorText>
          </Field.Root>
        ) : (
          <Field.Root required invalid={!!fieldErrors?.message}>
            <Field.Label>
              Text message
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea value={values.message} onChange={(e) => set('message', e.target.value)} maxLength={SMS_MAX_LENGTH} rows={3} />
            <Field.HelperText>
              {values.message.length} / {SMS_MAX_LENGTH} characters. Opted-out numbers are skipped.
            </Field.HelperText>
            <Field.ErrorText>{fieldErrors?.message?.[0]}</Field.ErrorText>
          </Field.Root>
        )}
        <Text fontWeight="semibold" fontSize="sm">
          Recipients
        </Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Field.Root>
            <Field.Label>Lead status</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.status} onChange={(e) => set('status', e.target.value)}>
                <option value="all">All statuses</option>
                {BULK_STATUS_OPTIONS.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={minInvalid || !!fieldErrors?.['filter.minValue']}>
            <Field.Label>Minimum estimate</Field.Label>
            <InputGroup startElement="$">
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={values.minValue}
                onChange={(e) => set('minValue', e.target.value)}
                placeholder="0"
              />
            </InputGroup>
            <Field.ErrorText>{fieldErrors?.['filter.minValue']?.[0] ?? 'Enter a whole number of dollars.'}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!fieldErrors?.['filter.createdAfter']}>
            <Field.Label>Created after</Field.Label>
            <Input type="date" value={values.createdAfter} onChange={(e) => set('createdAfter', e.target.value)} />
            <Field.ErrorText>{fieldErrors?.['filter.createdAfter']?.[0]}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          Marketing email carries an unsubscribe link and the postal address; recipients who opted out are skipped and counted.
        </Text>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!canStart} loading={start.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
