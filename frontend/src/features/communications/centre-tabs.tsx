/**
 * Tabs of the communications centre (staff-side.md §2) that are not shared with other screens:
 * Dashboard (status cards, the latest 5 activities, campaign summary), Lead Activity (every lead's
 * timeline), Testing and Settings.
 */
import { Badge, Box, Button, Card, Field, Flex, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  ACTIVITY_TYPES,
  CALL_NOTE_MAX_LENGTH,
  CAMPAIGN_PROGRESS_INTERVAL_MS,
  COMMUNICATION_TEXTS,
  EMAIL_CONTENT_MAX_LENGTH,
  NOT_CONFIGURED_REASON,
  SMS_MAX_LENGTH,
  type LeadActivity,
  type LeadActivityItem,
} from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import { LucideHistory } from 'lucide-react';
import { StatCard } from '../../components/staff/stat-card';
import { formatDateTime, formatUsd, fullName } from '../../lib/format';
import { STATUS_COLORS, STATUS_LABELS } from '../../lib/lead-status';
import { ActivityList } from './activity-timeline';
import { DeliveryChart } from './campaigns';
import { campaignsQuery, communicationStatusQuery, leadActivitiesQuery, leadActivityPageQuery } from './api/comms-api';
import { ACTIVITY_LABELS, campaignBadge, isCampaignRunning, tallyOf } from './format';
import { SendMessageDialog, type MessageType } from './send-message-dialog';
import { DirectTestCard } from './direct-test-card';
import { LeadTestCard } from './lead-test-card';
import { ProviderStatus } from './provider-status';
import { QuickTestForm } from './quick-test-form';
import { ToolCard } from './test-tools';
import { EmptyNote, InfoList, LoadingBlocks } from './ui';

/** How many leads the Lead Activity tab and the dashboard load (most recently active first). */
const ACTIVITY_LEADS = 50;

/** The newest `n` activities across leads, each with its lead. */
export function latestActivities(leads: LeadActivity[], n: number): { lead: LeadActivity; item: LeadActivityItem }[] {
  return leads
    .flatMap((lead) => lead.activities.map((item) => ({ lead, item })))
    .sort((a, b) => b.item.timestamp.localeCompare(a.item.timestamp))
    .slice(0, n);
}

export function DashboardPanel({ onOpenTab }: { onOpenTab: (tab: string) => void }) {
  const status = useQuery(communicationStatusQuery('centre'));
  const activities = useQuery(leadActivitiesQuery(ACTIVITY_LEADS));
  const campaigns = useQuery(campaignsQuery);
  const latest = useMemo(() => latestActivities(activities.data ?? [], 5), [activities.data]);
  const list = campaigns.data ?? [];
  const running = list.filter((c) => isCampaignRunning(c.status)).length;
  const totals = list.reduce(
    (t, c) => ({ sent: t.sent + c.sent, failed: t.failed + c.failed, skipped: t.skipped + c.skipped, outbox: t.outbox + c.notDelivered }),
    { sent: 0, failed: 0, skipped: 0, outbox: 0 },
  );
  const s = status.data;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" data-testid="status-cards">
        <StatCard label="Email (SendGrid)" value={s ? (s.sendgrid.configured ? 'Configured' : 'Not configured') : '—'} />
        <StatCard label="SMS (Twilio)" value={s ? (s.twilio.configured ? 'Configured' : 'Not configured') : '—'} />
        <StatCard label="Total Leads" value={s?.totalLeads ?? '—'} />
        <StatCard label="Running Campaigns" value={campaigns.data ? running : '—'} />
      </SimpleGrid>
      {s && (!s.sendgrid.configured || !s.twilio.configured) && (
        <Text fontSize="sm" color="fg.muted">
          Messages on a channel without a provider are kept in the outbox, marked “{NOT_CONFIGURED_REASON}”.
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Card.Root variant="outline">
          <Card.Header pb="0">
            <Flex justify="space-between" align="center">
              <Heading as="h3" size="md">
                Latest activity
              </Heading>
              <Button size="xs" variant="ghost" onClick={() => onOpenTab('activity')}>
                All activity
              </Button>
            </Flex>
          </Card.Header>
          <Card.Body data-testid="latest-activities">
            {activities.isPending ? (
              <LoadingBlocks h="8" />
            ) : activities.isError ? (
              <Text role="alert" color="fg.error">
                {COMMUNICATION_TEXTS.loadDataFailed}
              </Text>
            ) : latest.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                No activity yet.
              </Text>
            ) : (
              <Stack gap="3">
                {latest.map(({ lead, item }) => (
                  <Box key={`${lead.leadId}-${item.id}`}>
                    <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
                      {fullName(lead)}
                    </Text>
                    <ActivityList items={[item]} compact />
                  </Box>
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Header pb="0">
            <Flex justify="space-between" align="center">
              <Heading as="h3" size="md">
                Campaigns
              </Heading>
              <Button size="xs" variant="ghost" onClick={() => onOpenTab('campaigns')}>
                All campaigns
              </Button>
            </Flex>
          </Card.Header>
          <Card.Body gap="3" data-testid="campaign-summary-card">
            {campaigns.isPending ? (
              <LoadingBlocks count={1} h="40" />
            ) : campaigns.isError ? (
              <Text role="alert" color="fg.error">
                {COMMUNICATION_TEXTS.loadDataFailed}
              </Text>
            ) : list.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                No campaigns yet.
              </Text>
            ) : (
              <>
                <HStack gap="4" wrap="wrap" fontSize="sm">
                  <Text>
                    {list.length} campaign{list.length === 1 ? '' : 's'}
                  </Text>
                  <Text>
                    Sent <b>{totals.sent}</b>
                  </Text>
                  <Text>
                    Not delivered <b>{totals.outbox}</b>
                  </Text>
                  <Text>
                    Failed <b>{totals.failed}</b>
                  </Text>
                  <Text>
                    Skipped <b>{totals.skipped}</b>
                  </Text>
                </HStack>
                <DeliveryChart campaigns={list.slice(0, 6)} height={`${Math.max(160, Math.min(list.length, 6) * 44 + 60)}px`} />
                <Stack as="ul" gap="1" fontSize="sm">
                  {list.slice(0, 3).map((c) => (
                    <HStack as="li" key={c.id} justify="space-between" listStyleType="none">
                      <Text truncate>{c.name}</Text>
                      <Badge colorPalette={campaignBadge(tallyOf(c)).color}>{campaignBadge(tallyOf(c)).label}</Badge>
                    </HStack>
                  ))}
                </Stack>
              </>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}

/** Every lead's timeline (GET /api/lead-activities), searchable, with a send action per lead. */
/** Leads per page of the Lead Activity tab (with its scrolling list, the tab stays under 2,000 px tall at any data size). */
const ACTIVITY_PAGE_SIZE = 10;

/**
 * Lead Activity (staff-side.md §3; issue 22 point 8): the most recently active leads, paged and
 * filtered on the server (search, activity type, channel, date range), each with its latest
 * items (three, or all on request) and Email / SMS / Call note.
 */
export function LeadActivityPanel() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [channel, setChannel] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search);
  useEffect(() => setPage(1), [debounced, type, channel, from, to]);
  const activities = useQuery(leadActivityPageQuery({ page, pageSize: ACTIVITY_PAGE_SIZE, search: debounced, type, channel, from, to }));
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [sendTo, setSendTo] = useState<{ lead: LeadActivity; type: MessageType } | null>(null);
  const q = [debounced, type, channel, from, to].some((v) => v.trim());
  const leads = activities.data?.activities ?? [];
  const total = activities.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const toggle = (id: number) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Box>
      <Flex gap="3" mb="4" wrap="wrap" align="end">
        <Input
          aria-label="Search lead activity"
          placeholder="Search by name, email or phone"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxW={{ md: 'xs' }}
        />
        <NativeSelect.Root maxW={{ md: '44' }}>
          <NativeSelect.Field aria-label="Activity type filter" value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">All activity</option>
            {ACTIVITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {ACTIVITY_LABELS[t]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root maxW={{ md: '40' }}>
          <NativeSelect.Field aria-label="Channel filter" value={channel} onChange={(e) => setChannel(e.target.value)}>
            <option value="">All channels</option>
            <option value="email">Email</option>
            <option value="sms">SMS</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.Root maxW={{ md: '44' }}>
          <Field.Label fontSize="xs">From</Field.Label>
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} max={to || undefined} />
        </Field.Root>
        <Field.Root maxW={{ md: '44' }}>
          <Field.Label fontSize="xs">To</Field.Label>
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} min={from || undefined} />
        </Field.Root>
      </Flex>
      {activities.isPending ? (
        <LoadingBlocks h="28" />
      ) : activities.isError ? (
        <Text role="alert" color="fg.error">
          {COMMUNICATION_TEXTS.loadDataFailed}
        </Text>
      ) : leads.length === 0 ? (
        <EmptyNote icon={LucideHistory} title={q ? 'No lead matches your filters' : 'No activity yet'} />
      ) : (
        <Stack
          as="ul"
          gap="4"
          aria-label="Lead activity"
          aria-busy={activities.isFetching}
          maxH="70vh"
          overflowY="auto"
          tabIndex={0}
          m="0"
          p="1"
          data-testid="lead-activity-list"
        >
          {leads.map((l) => {
            const open = expanded.has(l.leadId);
            const items = open ? l.activities : l.activities.slice(0, 3);
            return (
              <Card.Root as="li" key={l.leadId} variant="outline" listStyleType="none" data-testid="lead-activity" data-lead-id={l.leadId}>
                <Card.Body gap="3">
                  <Flex justify="space-between" gap="3" wrap="wrap" align="start">
                    <Box minW="0">
                      <HStack gap="2" wrap="wrap">
                        <Heading as="h3" size="sm">
                          {fullName(l)}
                        </Heading>
                        <Badge colorPalette={STATUS_COLORS[l.pipelineStage]}>{STATUS_LABELS[l.pipelineStage]}</Badge>
                      </HStack>
                      <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                        {[l.email, l.phone, l.company, l.totalEstimate === null ? null : formatUsd(l.totalEstimate)]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        Last contact: {l.lastContact ? formatDateTime(l.lastContact) : 'never'}
                      </Text>
                    </Box>
                    <HStack gap="1">
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setSendTo({ lead: l, type: 'email' })}
                        aria-label={`Send email to ${fullName(l)}`}
                      >
                        Email
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={!l.phone}
                        onClick={() => setSendTo({ lead: l, type: 'sms' })}
                        aria-label={`Send SMS to ${fullName(l)}`}
                      >
                        SMS
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setSendTo({ lead: l, type: 'call' })}
                        aria-label={`Add call note for ${fullName(l)}`}
                      >
                        Call note
                      </Button>
                    </HStack>
                  </Flex>
                  <ActivityList items={items} />
                  {l.activities.length > 3 && (
                    <Button size="xs" variant="ghost" alignSelf="flex-start" aria-expanded={open} onClick={() => toggle(l.leadId)}>
                      {open ? 'Show fewer' : `Show all ${l.activities.length} activities`}
                    </Button>
                  )}
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}
      <HStack mt="3" justify="space-between" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" data-testid="lead-activity-count">
          {activities.data ? `${total} ${total === 1 ? 'lead' : 'leads'} · page ${page} of ${pages}` : ''}
        </Text>
        <HStack>
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </HStack>
      </HStack>
      <SendMessageDialog
        lead={sendTo ? { ...sendTo.lead, id: sendTo.lead.leadId } : null}
        type={sendTo?.type ?? 'email'}
        screen="centre"
        onClose={() => setSendTo(null)}
      />
    </Box>
  );
}

/** The Testing tab: status check, direct test, test by lead ID and the quick test. */
export function TestingPanel() {
  return (
    <Stack gap="6">
      <ProviderStatus screen="centre" checkFailedText={COMMUNICATION_TEXTS.testServiceFailed} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <DirectTestCard screen="centre" />
        <LeadTestCard />
      </SimpleGrid>
      <ToolCard title="Quick test" description="Email and SMS at once, with a result for each." testId="quick-test">
        <QuickTestForm />
      </ToolCard>
    </Stack>
  );
}

/** The Settings tab: provider status and the limits that apply to messages. */
export function SettingsPanel() {
  const limits: [string, string][] = [
    ['SMS length', `${SMS_MAX_LENGTH.toLocaleString('en-US')} characters (longer texts are split by the carrier)`],
    ['Email content', `${EMAIL_CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters`],
    ['Call note', `${CALL_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`],
    ['Campaign progress updates', `at most ${Math.round(1000 / CAMPAIGN_PROGRESS_INTERVAL_MS)} per second per campaign`],
    [
      'Provider rate limits',
      'Set on the server per channel (Twilio: one message per second per long code by default); sends wait in the queue, never dropped',
    ],
    ['Opt-outs', 'Unsubscribed addresses and numbers that replied STOP are skipped and counted'],
  ];
  return (
    <Stack gap="6">
      <ProviderStatus screen="centre" />
      <ToolCard title="Limits" testId="limits">
        <InfoList rows={limits} />
        <Text mt="4" fontSize="sm" color="fg.muted">
          Provider credentials are set with the server’s environment variables (SENDGRID_API_KEY, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN,
          TWILIO_PHONE_NUMBER).
        </Text>
      </ToolCard>
    </Stack>
  );
}
