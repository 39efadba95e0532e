/**
 * Site settings tab (staff-side.md §2 "Site settings tab", §4 "Site toggles", §8; decisions.md §6,
 * §7, §11): the three feature switches with the feature status overview (Active / Disabled) —
 * flip, save, reload the list, "Update Failed" on error; switching one off takes effect on the
 * public site at once — then the company facts form and the promotions (list, create, edit, end;
 * one runs at a time). Every save sends the version edited: someone else's save in between is
 * refused with a message instead of being overwritten.
 */
import { StaffUsersPanel } from './staff-users-panel';
import { Badge, Box, Button, Card, Field, Flex, Grid, Heading, Input, Separator, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import {
  COMPANY_FACTS_SETTING_KEY,
  companyFactsSchema,
  DEFAULT_COMPANY_FACTS,
  isFeatureEnabled,
  SITE_SETTING_KEYS,
  type CompanyFacts,
  type FieldErrors,
  type PromotionRecordDto,
  type PromotionStatus,
  type SiteSetting,
  type SiteSettingKey,
} from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { notify } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { messageOf, promotionsQuery, siteSettingsQuery, useEndPromotion, useSavePromotion, useSaveSetting } from './api/site-config';
import { RecordsSection } from './records-section';

/** The switches as staff read them. */
export const FEATURE_NAMES: Record<SiteSettingKey, { name: string; what: string }> = {
  calculator_enabled: { name: 'Cost Calculator', what: '/calculator and its PDF quotes' },
  contact_forms_enabled: { name: 'Contact Forms', what: 'the contact and quote forms of every page' },
  shopping_form_enabled: { name: 'AI Security Designer', what: '/shopping and its quotes' },
};

const UPDATE_FAILED = { title: 'Update Failed', fallback: 'Failed to update setting' };

export function SettingsTab() {
  const list = useQuery(siteSettingsQuery);
  return (
    <Stack gap="8" py="2">
      <Stack gap="4">
        <Heading as="h2" size="lg">
          Site Settings
        </Heading>
        {list.isPending ? (
          <Text role="status">Loading settings…</Text>
        ) : list.isError ? (
          <Stack role="alert" align="start" gap="2">
            <Text>Could not load the site settings.</Text>
            <Button size="sm" variant="outline" onClick={() => list.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <Switches settings={list.data} />
        )}
      </Stack>
      <Separator />
      {list.data && <CompanyFactsForm setting={list.data.find((s) => s.settingKey === COMPANY_FACTS_SETTING_KEY) ?? null} />}
      <Separator />
      <Promotions />
      <StaffUsersPanel />
      <Separator />
      <RecordsSection />
    </Stack>
  );
}

function Switches({ settings }: { settings: SiteSetting[] }) {
  const save = useSaveSetting();
  const [pending, setPending] = useState<SiteSettingKey | null>(null);
  const flip = (key: SiteSettingKey, on: boolean) => {
    const row = settings.find((s) => s.settingKey === key);
    setPending(key);
    save.mutate(
      { key, settingValue: on, description: row?.description, version: row?.version },
      {
        onSuccess: () =>
          notify({ type: 'success', title: 'Setting updated', description: `${FEATURE_NAMES[key].name} is now ${on ? 'on' : 'off'}.` }),
        onError: (err) => notify({ type: 'error', title: UPDATE_FAILED.title, description: messageOf(err, UPDATE_FAILED.fallback) }),
        onSettled: () => setPending(null),
      },
    );
  };
  return (
    <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6">
      <Stack gap="4" as="ul" listStyleType="none">
        {SITE_SETTING_KEYS.map((key) => (
          <Box as="li" key={key} borderWidth="1px" rounded="md" p="3">
            <Switch.Root
              checked={isFeatureEnabled(settings, key)}
              disabled={pending !== null}
              onCheckedChange={(e) => flip(key, e.checked)}
              colorPalette="brand"
            >
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>{FEATURE_NAMES[key].name}</Switch.Label>
            </Switch.Root>
            <Text fontSize="sm" color="fg.muted" mt="1">
              When off, visitors see “temporarily unavailable — call us” instead of {FEATURE_NAMES[key].what}, its links are hidden and its
              submissions are refused.
            </Text>
          </Box>
        ))}
      </Stack>
      <Card.Root size="sm" aria-labelledby="feature-status-heading">
        <Card.Body gap="2">
          <Heading as="h3" size="sm" id="feature-status-heading">
            Feature status
          </Heading>
          <Stack as="ul" listStyleType="none" gap="2" data-testid="feature-status">
            {SITE_SETTING_KEYS.map((key) => {
              const on = isFeatureEnabled(settings, key);
              return (
                <Flex as="li" key={key} justify="space-between" gap="2">
                  <Text>{FEATURE_NAMES[key].name}</Text>
                  <Badge colorPalette={on ? 'green' : 'red'}>{on ? 'Active' : 'Disabled'}</Badge>
                </Flex>
              );
            })}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}

// ─── company facts ──────────────────────────────────────────────────────────────────────────────

type FactsDraft = Record<string, string>;

const FACT_FIELDS: readonly { key: string; label: string; type?: string }[] = [
  { key: 'name', label: 'Company name' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'emergencyPhone', label: 'Emergency phone', type: 'tel' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'address.street', label: 'Street' },
  { key: 'address.city', label: 'City' },
  { key: 'address.region', label: 'State / region' },
  { key: 'address.postalCode', label: 'Postal code' },
  { key: 'address.country', label: 'Country' },
  { key: 'serviceArea', label: 'Service area' },
  { key: 'customerRating.ratingValue', label: 'Customer rating (of 5, one decimal)', type: 'number' },
  { key: 'customerRating.reviewCount', label: 'Number of reviews behind the rating', type: 'number' },
];

function factsDraft(f: CompanyFacts): FactsDraft {
  return {
    name: f.name,
    phone: f.phone,
    emergencyPhone: f.emergencyPhone,
    email: f.email,
    'address.street': f.address.street,
    'address.city': f.address.city,
    'address.region': f.address.region,
    'address.postalCode': f.address.postalCode,
    'address.country': f.address.country,
    serviceArea: f.serviceArea,
    'customerRating.ratingValue': String(f.customerRating.ratingValue),
    'customerRating.reviewCount': String(f.customerRating.reviewCount),
    officeHours: f.officeHours.map((h) => `${h.days}: ${h.hours}`).join('\n'),
  };
}

/** The facts of the form; office hours are one "days: hours" line each. */
export function factsOfDraft(d: FactsDraft): CompanyFacts {
  return {
    name: d.name ?? '',
    phone: d.phone ?? '',
    emergencyPhone: d.emergencyPhone ?? '',
    email: d.email ?? '',
    address: {
      street: d['address.street'] ?? '',
      city: d['address.city'] ?? '',
      region: d['address.region'] ?? '',
      postalCode: d['address.postalCode'] ?? '',
      country: d['address.country'] ?? '',
    },
    officeHours: (d.officeHours ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => {
        const at = l.indexOf(':');
        return at < 0 ? { days: l, hours: '' } : { days: l.slice(0, at).trim(), hours: l.slice(at + 1).trim() };
      }),
    serviceArea: d.serviceArea ?? '',
    // An empty or non-numeric entry becomes NaN, which the API answers with the field's error.
    customerRating: {
      ratingValue: numberOf(d['customerRating.ratingValue']),
      reviewCount: numberOf(d['customerRating.reviewCount']),
    },
  };
}

/** A number typed in a field; NaN when it is empty or not a number. */
const numberOf = (text: string | undefined): number => (text?.trim() ? Number(text) : Number.NaN);

function CompanyFactsForm({ setting }: { setting: SiteSetting | null }) {
  const save = useSaveSetting();
  const stored = companyFactsSchema.safeParse(setting?.settingValue);
  const facts = stored.success ? stored.data : DEFAULT_COMPANY_FACTS;
  const [draft, setDraft] = useState<FactsDraft>(() => factsDraft(facts));
  const [errors, setErrors] = useState<FieldErrors>({});
  const stamp = `${setting?.id}:${setting?.version}`;
  useEffect(() => {
    setDraft(factsDraft(facts));
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored setting changes
  }, [stamp]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(
      { key: COMPANY_FACTS_SETTING_KEY, settingValue: factsOfDraft(draft), description: setting?.description, version: setting?.version },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: 'Company facts saved',
            description: 'Pages, quotes, PDFs, emails and SMS use them from now on.',
          }),
        onError: (err) => {
          if (err instanceof ApiError && err.body?.details?.fieldErrors) setErrors(err.body.details.fieldErrors);
          notify({ type: 'error', title: UPDATE_FAILED.title, description: messageOf(err, UPDATE_FAILED.fallback) });
        },
      },
    );
  };
  const errorOf = (key: string) => errors[`settingValue.${key}`]?.[0];
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="company-facts-heading">
      <Stack gap="3">
        <Heading as="h2" size="lg" id="company-facts-heading">
          Company Facts
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          One place for the name, phones, email, address, hours, service area and customer rating shown on every page, in structured data,
          PDFs, emails and SMS.
        </Text>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
          {FACT_FIELDS.map((f) => (
            <Field.Root key={f.key} invalid={Boolean(errorOf(f.key))}>
              <Field.Label>{f.label}</Field.Label>
              <Input
                type={f.type ?? 'text'}
                value={draft[f.key] ?? ''}
                onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
              />
              {errorOf(f.key) && <Field.ErrorText>{errorOf(f.key)}</Field.ErrorText>}
            </Field.Root>
          ))}
          <Field.Root gridColumn={{ md: 'span 2' }} invalid={Object.keys(errors).some((k) => k.startsWith('settingValue.officeHours'))}>
            <Field.Label>Office hours (one “days: hours” per line)</Field.Label>
            <Textarea rows={3} value={draft.officeHours ?? ''} onChange={(e) => setDraft((d) => ({ ...d, officeHours: e.target.value }))} />
          </Field.Root>
        </Grid>
        <Box>
          <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText="Saving…">
            Save company facts
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

// ─── promotions ─────────────────────────────────────────────────────────────────────────────────

const STATUS_BADGE: Record<PromotionStatus, { label: string; palette: string }> = {
  running: { label: 'Running', palette: 'green' },
  scheduled: { label: 'Scheduled', palette: 'blue' },
  expired: { label: 'Expired', palette: 'gray' },
  ended: { label: 'Ended', palette: 'gray' },
};

interface PromotionDraft {
  code: string;
  percent: string;
  validFrom: string;
  validUntil: string;
  bannerText: string;
}

const emptyDraft: PromotionDraft = { code: '', percent: '', validFrom: '', validUntil: '', bannerText: '' };

function Promotions() {
  const list = useQuery(promotionsQuery);
  const [editing, setEditing] = useState<PromotionRecordDto | 'new' | null>(null);
  const end = useEndPromotion();
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="lg">
          Promotions
        </Heading>
        <Button colorPalette="brand" onClick={() => setEditing('new')} disabled={editing !== null}>
          New promotion
        </Button>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        A running promotion shows its banner on the site and its discount line in quotes. Only one runs at a time.
      </Text>
      {editing !== null && <PromotionForm promotion={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {list.isPending ? (
        <Text role="status">Loading promotions…</Text>
      ) : list.isError ? (
        <Stack role="alert" align="start" gap="2">
          <Text>Could not load the promotions.</Text>
          <Button size="sm" variant="outline" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : list.data.promotions.length === 0 ? (
        <Text role="status" color="fg.muted">
          No promotions yet.
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="promotion-list">
          {list.data.promotions.map((p) => (
            <Card.Root as="li" key={p.id} size="sm" aria-label={`Promotion ${p.code}`}>
              <Card.Body gap="1">
                <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                  <Heading as="h3" size="sm">
                    {p.code} · {p.percent}% off
                  </Heading>
                  <Badge colorPalette={STATUS_BADGE[p.status].palette}>{STATUS_BADGE[p.status].label}</Badge>
                </Flex>
                <Text fontSize="sm">{p.bannerText}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {p.validFrom ? `From ${formatDay(p.validFrom)} ` : ''}until {formatDay(p.validUntil)}
                </Text>
                {p.status !== 'ended' && (
                  <Flex gap="2" mt="1">
                    <Button size="xs" variant="outline" onClick={() => setEditing(p)} disabled={editing !== null}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      loading={end.isPending && end.variables?.id === p.id}
                      onClick={() =>
                        end.mutate(
                          { id: p.id, version: p.version },
                          {
                            onSuccess: () =>
                              notify({
                                type: 'success',
                                title: 'Promotion ended',
                                description: `${p.code} is no longer shown or applied.`,
                              }),
                            onError: (err) =>
                              notify({ type: 'error', title: 'Error', description: messageOf(err, 'Failed to end the promotion') }),
                          },
                        )
                      }
                    >
                      End now
                    </Button>
                  </Flex>
                )}
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PromotionForm({ promotion, onDone }: { promotion: PromotionRecordDto | null; onDone: () => void }) {
  const save = useSavePromotion();
  const [draft, setDraft] = useState<PromotionDraft>(() =>
    promotion
      ? {
          code: promotion.code,
          percent: String(promotion.percent),
          validFrom: promotion.validFrom ?? '',
          validUntil: promotion.validUntil,
          bannerText: promotion.bannerText,
        }
      : emptyDraft,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (k: keyof PromotionDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const body = {
      code: draft.code,
      percent: draft.percent.trim() === '' ? Number.NaN : Number(draft.percent),
      validFrom: draft.validFrom || null,
      validUntil: draft.validUntil,
      bannerText: draft.bannerText,
    };
    save.mutate(
      { id: promotion?.id ?? null, body: promotion ? { ...body, version: promotion.version } : body },
      {
        onSuccess: () => {
          notify({ type: 'success', title: promotion ? 'Promotion updated' : 'Promotion created' });
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.body?.details?.fieldErrors) setErrors(err.body.details.fieldErrors);
          notify({ type: 'error', title: 'Error', description: messageOf(err, 'Failed to save the promotion') });
        },
      },
    );
  };
  const field = (k: keyof PromotionDraft, label: string, type = 'text', help?: string) => (
    <Field.Root invalid={Boolean(errors[k])} required={k !== 'validFrom'}>
      <Field.Label>{label}</Field.Label>
      <Input name={k} type={type} value={draft[k]} onChange={set(k)} />
      {help && !errors[k] && <Field.HelperText>{help}</Field.HelperText>}
      {errors[k] && <Field.ErrorText>{errors[k][0]}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={promotion ? `Edit ${promotion.code}` : 'New promotion'}>
      <Box borderWidth="1px" rounded="md" p="4">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
          {field('code', 'Code')}
          {field('percent', 'Percent off', 'number')}
          {field('validFrom', 'Valid from', 'date', 'Empty: from today')}
          {field('validUntil', 'Valid until', 'date')}
          <Box gridColumn={{ md: 'span 2' }}>{field('bannerText', 'Banner text')}</Box>
        </Grid>
        <Flex gap="2" mt="3">
          <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText="Saving…">
            {promotion ? 'Save promotion' : 'Create promotion'}
          </Button>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </Flex>
      </Box>
    </form>
  );
}
