/**
 * CRM Pipeline View (staff-side.md §2): a table over ALL leads, searched, filtered, sorted and
 * paged on the server (GET /api/leads with search, status, sort, order, page), with name,
 * contact info, building details, budget and timeline, status, estimate, created, and actions
 * (email, SMS, view).
 */
import { Badge, Box, Button, Flex, HStack, Input, NativeSelect, Spinner, Table, Text } from '@chakra-ui/react';
import { LEAD_SOURCES, LEAD_STATUSES, type Lead, type LeadSortKey } from '@ironclad/contracts';
import { useEffect, useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import { formatDate, formatUsd, fullName } from '../../lib/format';
import { sourceLabel, statusColor, SOURCE_LABELS, STATUS_LABELS } from '../../lib/lead-status';
import { useLeads } from '../leads/api/leads';
import { staffName, useStaffUsers } from '../leads/api/workspace';
import { buildingLine } from './format';

const COLUMNS: { label: string; sort?: LeadSortKey }[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Contact' },
  { label: 'Building' },
  { label: 'Budget / Timeline' },
  { label: 'Status', sort: 'status' },
  { label: 'Estimate', sort: 'estimate' },
  { label: 'Created', sort: 'createdAt' },
  { label: 'Actions' },
];

/** The first direction of each sort key when its header is clicked. */
const FIRST_ORDER: Record<LeadSortKey, 'asc' | 'desc'> = { name: 'asc', status: 'asc', estimate: 'desc', createdAt: 'desc' };

/** `onView` opens the lead detail modal; `onSend` the send-email / send-SMS dialog. */
export function CrmPipelineTable({
  onView,
  onSend,
}: {
  onView: (lead: Lead) => void;
  onSend: (lead: Lead, type: 'email' | 'sms') => void;
}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [source, setSource] = useState('all');
  const [owner, setOwner] = useState('all');
  const users = useStaffUsers();
  const owners = new Map((users.data?.users ?? []).map((u) => [u.id, staffName(u)]));
  const [sort, setSort] = useState<{ key: LeadSortKey; order: 'asc' | 'desc' }>({ key: 'createdAt', order: 'desc' });
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search);
  useEffect(() => setPage(1), [debounced, status, source, owner, sort]);
  const leads = useLeads({ search: debounced, status, source, owner, page, pageSize: 50, sort: sort.key, order: sort.order });
  const pages = leads.data ? Math.max(1, Math.ceil(leads.data.total / leads.data.pageSize)) : 1;
  const toggle = (key: LeadSortKey) =>
    setSort((s) => (s.key === key ? { key, order: s.order === 'asc' ? 'desc' : 'asc' } : { key, order: FIRST_ORDER[key] }));

  return (
    <Box>
      <Flex gap="3" mb="3" direction={{ base: 'column', md: 'row' }}>
        <Input
          aria-label="Search pipeline"
          placeholder="Search by name, email or phone"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <NativeSelect.Root maxW={{ md: '56' }}>
          <NativeSelect.Field aria-label="Pipeline status filter" value={status} onChange={(e) => setStatus(e.target.value)}>
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
          <NativeSelect.Field aria-label="Pipeline source filter" value={source} onChange={(e) => setSource(e.target.value)}>
            <option value="all">All sources</option>
            {LEAD_SOURCES.map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABELS[s]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root maxW={{ md: '56' }}>
          <NativeSelect.Field aria-label="Pipeline owner filter" value={owner} onChange={(e) => setOwner(e.target.value)}>
            <option value="all">All owners</option>
            <option value="none">No owner</option>
            {(users.data?.users ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {staffName(u)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {leads.isPending ? (
        <Spinner />
      ) : leads.isError ? (
        <Text role="alert">Failed to fetch leads. Please check your connection and try again.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" maxH="70vh" overflowY="auto">
          <Table.Root size="sm" stickyHeader aria-label="Pipeline" aria-busy={leads.isFetching} data-testid="pipeline-table">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((c) => (
                  <Table.ColumnHeader
                    key={c.label}
                    aria-sort={c.sort && sort.key === c.sort ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sort ? (
                      <Button size="xs" variant="ghost" px="1" fontSize="inherit" fontWeight="inherit" onClick={() => toggle(c.sort!)}>
                        {c.label}
                        {sort.key === c.sort ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
                      </Button>
                    ) : (
                      c.label
                    )}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {leads.data.leads.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={COLUMNS.length}>No leads found.</Table.Cell>
                </Table.Row>
              )}
              {leads.data.leads.map((l) => (
                <Table.Row key={l.id} data-testid="pipeline-row">
                  <Table.Cell>
                    {fullName(l)}
                    <Text fontSize="xs" color="fg.muted">
                      {sourceLabel(l.source)}
                      {l.ownerId && owners.get(l.ownerId) ? ` · Owner: ${owners.get(l.ownerId)}` : ''}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {l.email}
                    <br />
                    {l.phone ?? ''}
                  </Table.Cell>
                  <Table.Cell>{buildingLine(l.buildingInfo)}</Table.Cell>
                  <Table.Cell>
                    {l.budget ?? '—'} / {l.timeline ?? '—'}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={statusColor(l.status)}>{STATUS_LABELS[l.status]}</Badge>
                  </Table.Cell>
                  <Table.Cell>{l.totalEstimate === null ? 'TBD' : formatUsd(l.totalEstimate)}</Table.Cell>
                  <Table.Cell>{formatDate(l.createdAt)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <Button size="xs" variant="outline" onClick={() => onSend(l, 'email')} aria-label={`Email ${fullName(l)}`}>
                        Email
                      </Button>
                      {l.phone && (
                        <Button size="xs" variant="outline" onClick={() => onSend(l, 'sms')} aria-label={`SMS ${fullName(l)}`}>
                          SMS
                        </Button>
                      )}
                      <Button size="xs" onClick={() => onView(l)} aria-label={`View ${fullName(l)}`}>
                        View
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <HStack mt="3" justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          {leads.data ? `${leads.data.total} ${leads.data.total === 1 ? 'lead' : 'leads'}` : ''}
        </Text>
        <HStack>
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Text fontSize="sm">
            Page {page} of {pages}
          </Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
