/**
 * Deleted leads and the audit log (issue 22 point 9), in the Settings tab: the leads staff deleted
 * (archived: restorable for LEAD_ARCHIVE_DAYS days, then purged) with a Restore button each, and
 * the audit log's own view (GET /api/audit-log) filtered by user, action and lead: deletions,
 * exports, template and campaign actions, logins, settings changes.
 */
import { Badge, Box, Button, Field, Heading, HStack, Input, NativeSelect, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { auditLogResponseSchema, LEAD_ARCHIVE_DAYS } from '@ironclad/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../lib/api';
import { formatDateTime, fullName } from '../../lib/format';
import { sharedKeys } from '../../lib/query-keys';
import { useArchivedLeads, useRestoreArchivedLead } from '../leads/api/leads';

const DAY_MS = 86_400_000;

/** Both record views, one after the other. */
export function RecordsSection() {
  return (
    <Stack gap="8">
      <DeletedLeads />
      <AuditLogView />
    </Stack>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  return (
    <HStack justify="flex-end" gap="2">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text fontSize="sm">
        Page {page} of {pages}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}

/** The deleted leads, each with the days left to restore it. */
function DeletedLeads() {
  const [page, setPage] = useState(1);
  const q = useArchivedLeads(page);
  const restore = useRestoreArchivedLead();
  return (
    <Stack gap="3" as="section" aria-labelledby="deleted-leads-heading">
      <Heading as="h2" size="lg" id="deleted-leads-heading">
        Deleted leads
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Deleted leads are hidden everywhere and can be restored for {LEAD_ARCHIVE_DAYS} days; after that they are removed for good.
      </Text>
      {q.isPending ? (
        <Spinner aria-label="Loading deleted leads" />
      ) : q.isError ? (
        <Text role="alert">Could not load the deleted leads.</Text>
      ) : q.data.leads.length === 0 ? (
        <Text color="fg.muted">No deleted leads.</Text>
      ) : (
        <>
          <Stack as="ul" gap="2" aria-label="Deleted leads">
            {q.data.leads.map((lead) => {
              const left = lead.archivedAt
                ? Math.max(0, Math.ceil((new Date(lead.archivedAt).getTime() + LEAD_ARCHIVE_DAYS * DAY_MS - Date.now()) / DAY_MS))
                : LEAD_ARCHIVE_DAYS;
              return (
                <HStack
                  as="li"
                  key={lead.id}
                  listStyleType="none"
                  justify="space-between"
                  wrap="wrap"
                  gap="2"
                  borderWidth="1px"
                  rounded="md"
                  p="3"
                  data-testid="deleted-lead"
                >
                  <Box>
                    <Text fontWeight="semibold">{fullName(lead)}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {lead.email} · deleted {lead.archivedAt ? formatDateTime(lead.archivedAt) : ''} · {left} {left === 1 ? 'day' : 'days'}{' '}
                      left to restore
                    </Text>
                  </Box>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={restore.isPending && restore.variables === lead.id}
                    aria-label={`Restore ${fullName(lead)}`}
                    onClick={() => restore.mutate(lead.id)}
                  >
                    Restore
                  </Button>
                </HStack>
              );
            })}
          </Stack>
          <Pager page={page} pages={Math.max(1, Math.ceil(q.data.total / q.data.pageSize))} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}

interface AuditFilters {
  user: string;
  action: string;
  leadId: string;
}

/** The audit log, newest first, filtered by user, action (or a family such as `lead.`) and lead id. */
function AuditLogView() {
  const [filters, setFilters] = useState<AuditFilters>({ user: '', action: '', leadId: '' });
  const [page, setPage] = useState(1);
  const leadId = /^\d+$/.test(filters.leadId.trim()) ? filters.leadId.trim() : '';
  const params = new URLSearchParams({ page: String(page), pageSize: '25' });
  if (filters.user) params.set('user', filters.user);
  if (filters.action) params.set('action', filters.action);
  if (leadId) params.set('leadId', leadId);
  const q = useQuery({
    queryKey: [...sharedKeys.staff, 'audit-log', params.toString()],
    queryFn: ({ signal }) => apiRequest('GET', `/api/audit-log?${params.toString()}`, { schema: auditLogResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
  const set = (k: keyof AuditFilters) => (v: string) => {
    setFilters((f) => ({ ...f, [k]: v }));
    setPage(1);
  };
  const families = [...new Set((q.data?.actions ?? []).map((a) => `${a.split('.')[0]}.`))];
  return (
    <Stack gap="3" as="section" aria-labelledby="audit-log-heading">
      <Heading as="h2" size="lg" id="audit-log-heading">
        Audit log
      </Heading>
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root maxW="64">
          <Field.Label>User</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={filters.user} onChange={(e) => set('user')(e.target.value)}>
              <option value="">All users</option>
              <option value="system">System</option>
              {(q.data?.users ?? []).map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW="64">
          <Field.Label>Action</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={filters.action} onChange={(e) => set('action')(e.target.value)}>
              <option value="">All actions</option>
              {families.map((f) => (
                <option key={f} value={f}>
                  All {f.slice(0, -1).replace(/_/g, ' ')} actions
                </option>
              ))}
              {(q.data?.actions ?? []).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW="40" invalid={filters.leadId.trim() !== '' && !leadId}>
          <Field.Label>Lead ID</Field.Label>
          <Input size="sm" inputMode="numeric" value={filters.leadId} onChange={(e) => set('leadId')(e.target.value)} />
          <Field.ErrorText>A lead ID is a number.</Field.ErrorText>
        </Field.Root>
      </HStack>
      {q.isPending ? (
        <Spinner aria-label="Loading the audit log" />
      ) : q.isError ? (
        <Text role="alert">Could not load the audit log.</Text>
      ) : q.data.entries.length === 0 ? (
        <Text color="fg.muted">No entries match these filters.</Text>
      ) : (
        <>
          <Box overflowX="auto" tabIndex={0} aria-label="Audit log entries" aria-busy={q.isFetching}>
            <Table.Root size="sm" data-testid="audit-log">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  <Table.ColumnHeader>User</Table.ColumnHeader>
                  <Table.ColumnHeader>Action</Table.ColumnHeader>
                  <Table.ColumnHeader>Record</Table.ColumnHeader>
                  <Table.ColumnHeader>Details</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {q.data.entries.map((e) => (
                  <Table.Row key={e.id} data-testid="audit-entry">
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(e.createdAt)}</Table.Cell>
                    <Table.Cell>{e.userEmail ?? 'System'}</Table.Cell>
                    <Table.Cell>
                      <Badge variant="outline">{e.action}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {e.entityType}
                      {e.entityId ? ` #${e.entityId}` : ''}
                    </Table.Cell>
                    <Table.Cell fontSize="xs" color="fg.muted" maxW="md" wordBreak="break-word">
                      {Object.entries(e.details)
                        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
                        .join(' · ')}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Pager page={page} pages={Math.max(1, Math.ceil(q.data.total / q.data.pageSize))} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
