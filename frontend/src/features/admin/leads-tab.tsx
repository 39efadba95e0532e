/**
 * Leads tab (staff-side.md §2): stat cards, server-side search and status filter, paged list,
 * details panel with status dropdown, Call / Email links, Delete Lead and the audit log.
 */
import { Badge, Box, Button, Flex, Grid, Heading, HStack, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { LEAD_STATUSES, type Lead, type LeadStatus } from '@ironclad/contracts';
import { useState } from 'react';
import { StatCard, StatGrid } from '../../components/staff/stat-card';
import { useDebounced } from '../../lib/use-debounced';
import { formatDate, formatUsd, fullName } from '../../lib/format';
import { sourceLabel, STATUS_COLORS, STATUS_LABELS } from '../../lib/lead-status';
import { ExportButton } from './export-button';
import {
  formatListTotal,
  useCursorPager,
  useDeleteLead,
  useLeadDetail,
  useLeads,
  useRestoreLead,
  useStats,
  useUpdateLead,
} from '../leads/api/leads';

/** Why the bot defences flagged a submission, for staff. */
const SPAM_REASON_TEXT: Record<'honeypot' | 'too_fast', string> = {
  honeypot: "The form's hidden field, which people never see, was filled in.",
  too_fast: 'The form was sent quicker than a person can type it.',
};
import { DetailsPanel } from './details-panel';
import { LeadNotes } from './lead-notes';
import { LeadOwnerSelect } from './lead-owner-select';
import { staffName, useStaffUsers } from '../leads/api/workspace';
import { buildingLine } from './format';
import { LeadQuotes } from './lead-quotes';
import { LeadDocuments } from './lead-documents';
import { RecordJobs } from '../../components/staff/record-jobs';
import type { LeadMessageType, LeadMessaging } from './lead-messaging';

export function LeadsTab({ messaging }: { messaging: LeadMessaging }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [spam, setSpam] = useState<'exclude' | 'only'>('exclude');
  const [selected, setSelected] = useState<number | null>(null);
  const debounced = useDebounced(search);
  // keyset paging (issue 27): Next follows the answer's nextCursor, however deep
  const pager = useCursorPager(JSON.stringify([debounced, status, spam]));
  const page = pager.page;
  const stats = useStats();
  const leads = useLeads({ search: debounced, status, page, cursor: pager.cursor, spam });
  const pages = leads.data ? Math.max(1, Math.ceil(leads.data.total / leads.data.pageSize)) : 1;
  const nextCursor = leads.data?.nextCursor ?? null;
  const users = useStaffUsers();
  const owners = new Map((users.data?.users ?? []).map((u) => [u.id, staffName(u)]));

  return (
    <Box>
      <StatGrid>
        <StatCard label="Total Leads" value={stats.data?.totalLeads ?? '—'} />
        <StatCard label="Pipeline Value" value={stats.data ? formatUsd(stats.data.pipelineValue) : '—'} />
        <StatCard label="Avg Deal Size" value={stats.data ? formatUsd(stats.data.averageDeal) : '—'} />
        <StatCard label="New This Week" value={stats.data?.newThisWeek ?? '—'} />
      </StatGrid>
      <Flex gap="3" mb="4" direction={{ base: 'column', md: 'row' }}>
        <Input
          aria-label="Search leads"
          placeholder="Search by name, email or phone"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <NativeSelect.Root maxW={{ md: '56' }}>
          <NativeSelect.Field aria-label="Status filter" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="all">All statuses</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root maxW={{ md: '56' }}>
          <NativeSelect.Field aria-label="Spam filter" value={spam} onChange={(e) => setSpam(e.target.value as 'exclude' | 'only')}>
            <option value="exclude">Real leads</option>
            <option value="only">Suspected spam</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <ExportButton kind="leads" variant="outline">
          Export Leads
        </ExportButton>
      </Flex>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6">
        <Box>
          {leads.isPending ? (
            <Spinner />
          ) : leads.isError ? (
            <Text role="alert">Failed to fetch leads. Please check your connection and try again.</Text>
          ) : leads.data.leads.length === 0 ? (
            <Text>No leads found.</Text>
          ) : (
            <Stack
              as="ul"
              listStyleType="none"
              m="0"
              gap="3"
              maxH={{ base: '96', lg: '70vh' }}
              overflowY="auto"
              aria-label="Leads"
              aria-busy={leads.isFetching}
            >
              {leads.data.leads.map((l) => (
                <LeadCard
                  key={l.id}
                  lead={l}
                  owner={l.ownerId ? owners.get(l.ownerId) : undefined}
                  selected={selected === l.id}
                  onSelect={() => setSelected(l.id)}
                />
              ))}
            </Stack>
          )}
          <HStack mt="3" justify="space-between">
            <Text fontSize="sm" color="fg.muted">
              {leads.data
                ? `${formatListTotal(leads.data.total, leads.data.totalIsEstimate)} ${leads.data.total === 1 ? 'lead' : 'leads'} · page ${page} of ${formatListTotal(pages, leads.data.totalIsEstimate)}`
                : ''}
            </Text>
            <HStack>
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={pager.previous}>
                Previous
              </Button>
              <Button size="sm" variant="outline" disabled={!nextCursor} onClick={() => nextCursor && pager.next(nextCursor)}>
                Next
              </Button>
            </HStack>
          </HStack>
        </Box>
        <DetailsPanel
          title="Lead details"
          open={selected !== null}
          onClose={() => setSelected(null)}
          placeholder={<Text color="fg.muted">Select a lead to see its details.</Text>}
        >
          {selected !== null && <LeadDetails id={selected} messaging={messaging} onDeleted={() => setSelected(null)} />}
        </DetailsPanel>
      </Grid>
    </Box>
  );
}

function LeadCard({ lead, owner, selected, onSelect }: { lead: Lead; owner: string | undefined; selected: boolean; onSelect: () => void }) {
  return (
    <Box as="li">
      <Box
        as="button"
        w="full"
        textAlign="left"
        borderWidth={selected ? '2px' : '1px'}
        borderColor={selected ? 'brand.solid' : undefined}
        rounded="md"
        p="3"
        onClick={onSelect}
        aria-pressed={selected}
        data-testid="lead-card"
      >
        <Flex justify="space-between" gap="2" wrap="wrap">
          <Text fontWeight="semibold">{fullName(lead)}</Text>
          {lead.spamReason ? <Badge colorPalette="orange">Suspected spam</Badge> : null}
          <Badge colorPalette={STATUS_COLORS[lead.status]}>{STATUS_LABELS[lead.status]}</Badge>
        </Flex>
        <Text fontSize="sm">{lead.email}</Text>
        {lead.phone && <Text fontSize="sm">{lead.phone}</Text>}
        {lead.company && <Text fontSize="sm">{lead.company}</Text>}
        <Text fontSize="sm" color="fg.muted">
          {buildingLine(lead.buildingInfo)}
        </Text>
        <Flex justify="space-between" fontSize="sm" mt="1">
          <Text>Source: {sourceLabel(lead.source)}</Text>
          <Text fontWeight="semibold">{lead.totalEstimate === null ? 'TBD' : formatUsd(lead.totalEstimate)}</Text>
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          {formatDate(lead.createdAt)}
          {owner ? ` · Owner: ${owner}` : ''}
        </Text>
      </Box>
    </Box>
  );
}

interface Pricing {
  equipmentSubtotal?: number;
  laborCost?: number;
  additionalCosts?: number;
  totalProjectCost?: number;
}

const VERSION_LABELS: Record<string, string> = {
  ai_recommendation_config: 'AI pricing',
  inventory: 'inventory',
  promotions: 'promotions',
  site_settings: 'site settings',
  site_images: 'site images',
};

/** "AI pricing v12 · inventory v7 · promotions v3": the versions of the AI Config tab's list. */
export function configurationVersionsText(versions: Record<string, number>): string {
  return Object.entries(versions)
    .map(([k, v]) => `${VERSION_LABELS[k] ?? k} v${v}`)
    .join(' · ');
}

export function LeadDetails({
  id,
  messaging: { Timeline, SendDialog },
  onDeleted,
}: {
  id: number;
  messaging: LeadMessaging;
  onDeleted: () => void;
}) {
  const detail = useLeadDetail(id);
  const update = useUpdateLead();
  const del = useDeleteLead();
  const restore = useRestoreLead();
  const [sending, setSending] = useState<LeadMessageType | null>(null);
  if (detail.isPending) return <Spinner />;
  if (detail.isError) return <Text role="alert">Could not load the lead.</Text>;
  const { lead, audit } = detail.data;
  const pricing = (lead.aiRecommendation as { pricing?: Pricing } | null)?.pricing;
  const b = lead.buildingInfo;
  return (
    <Box borderWidth="1px" rounded="lg" p="4" data-testid="lead-details">
      <Heading as="h3" size="lg" mb="2">
        {fullName(lead)}
      </Heading>
      {lead.spamReason ? (
        <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" rounded="md" p="3" mb="3" role="status">
          <Text fontWeight="semibold">Suspected spam</Text>
          <Text fontSize="sm" mb="2">
            {SPAM_REASON_TEXT[lead.spamReason]} It is hidden from the pipeline, the KPIs and campaigns, and no one was notified.
          </Text>
          <Button size="sm" colorPalette="brand" loading={restore.isPending} onClick={() => restore.mutate(lead.id)}>
            Not spam: restore lead
          </Button>
        </Box>
      ) : null}
      <Stack gap="1" fontSize="sm" mb="3">
        <Text>Email: {lead.email}</Text>
        <Text>Phone: {lead.phone ?? '—'}</Text>
        <Text>Company: {lead.company ?? '—'}</Text>
        <Text>Address: {lead.address ?? '—'}</Text>
      </Stack>
      <Heading as="h4" size="sm">
        Project details
      </Heading>
      <Stack gap="1" fontSize="sm" mb="3">
        <Text>Building: {buildingLine(b) || '—'}</Text>
        <Text>
          Floors: {String(b.floors ?? '—')} · Entry points: {String(b.entryPoints ?? '—')}
        </Text>
        <Text>
          Budget: {lead.budget ?? String(b.budget ?? '—')} · Timeline: {lead.timeline ?? String(b.timeline ?? '—')}
        </Text>
        {b.description ? <Text>Notes: {String(b.description)}</Text> : null}
        <Text>Source: {sourceLabel(lead.source)}</Text>
      </Stack>
      {pricing && (
        <>
          <Heading as="h4" size="sm">
            Quote details
          </Heading>
          <Stack gap="1" fontSize="sm" mb="3">
            {pricing.equipmentSubtotal !== undefined && <Text>Equipment: {formatUsd(pricing.equipmentSubtotal)}</Text>}
            {pricing.laborCost !== undefined && <Text>Labor: {formatUsd(pricing.laborCost)}</Text>}
            {pricing.additionalCosts !== undefined && <Text>Additional: {formatUsd(pricing.additionalCosts)}</Text>}
            {pricing.totalProjectCost !== undefined && <Text fontWeight="bold">Total: {formatUsd(pricing.totalProjectCost)}</Text>}
            {lead.configurationVersions && (
              <Text color="fg.muted" data-testid="priced-with">
                Priced with configuration {configurationVersionsText(lead.configurationVersions)}
              </Text>
            )}
          </Stack>
        </>
      )}
      <LeadQuotes leadId={lead.id} />
      <LeadDocuments leadId={lead.id} />
      <RecordJobs owner={{ kind: 'lead', id: lead.id }} />
      <NativeSelect.Root mb="3" disabled={update.isPending}>
        <NativeSelect.Field
          aria-label="Lead status"
          value={lead.status}
          onChange={(e) => update.mutate({ id: lead.id, patch: { status: e.target.value as LeadStatus } })}
        >
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <LeadOwnerSelect lead={lead} />
      <HStack gap="3" mb="4" wrap="wrap">
        {lead.phone && (
          <Button asChild size="sm" variant="outline">
            <a href={`tel:${lead.phone}`}>Call</a>
          </Button>
        )}
        <Button asChild size="sm" variant="outline">
          <a href={`mailto:${lead.email}`}>Email</a>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setSending('email')}>
          Send Email
        </Button>
        {lead.phone && (
          <Button size="sm" variant="outline" onClick={() => setSending('sms')}>
            Send SMS
          </Button>
        )}
        <Button
          size="sm"
          colorPalette="red"
          loading={del.isPending}
          onClick={() => {
            if (window.confirm('Delete this lead? It is hidden everywhere and can be restored for 30 days from Settings → Deleted leads.'))
              del.mutate(lead.id, { onSuccess: onDeleted });
          }}
        >
          Delete Lead
        </Button>
      </HStack>
      <LeadNotes leadId={lead.id} />
      <Heading as="h4" size="sm" mb="2" mt="4">
        Activity timeline
      </Heading>
      <Box mb="4">
        <Timeline leadId={lead.id} />
      </Box>
      <SendDialog lead={sending ? lead : null} type={sending ?? 'email'} onClose={() => setSending(null)} />
      <Heading as="h4" size="sm">
        Staff actions (audit log)
      </Heading>
      {audit.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No staff actions yet.
        </Text>
      ) : (
        <Stack as="ul" gap="1" fontSize="sm" data-testid="audit-log">
          {audit.map((a) => (
            <li key={a.id}>
              {formatDate(a.createdAt)} · {a.userEmail ?? 'system'} · {a.action}
              {a.details.from ? `: ${String(a.details.from)} → ${String(a.details.to)}` : ''}
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
