/**
 * The centre's Lead Management tab (staff-side.md §2, §9; decisions.md §12): leads filtered by
 * status and by a minimum estimate (the minimum input is rendered here, unlike the original),
 * a send email / SMS / call note modal per lead, and the export of the filtered leads as
 * leads_export.csv (papaparse, formula cells escaped with a leading `'`).
 *
 * GET /api/leads filters by status and minimum estimate (`minEstimate`, whole dollars) on the
 * server, so the count and the pages are those of both filters; the export walks every page.
 */
import { Badge, Box, Button, Field, Flex, HStack, Input, InputGroup, NativeSelect, Table, Text } from '@chakra-ui/react';
import { LEAD_STATUSES, STAFF_PAGE_SIZE_MAX, type Lead } from '@ironclad/contracts';
import { useState } from 'react';
import Papa from 'papaparse';
import { LucideUsers } from 'lucide-react';
import { notify } from '../../components/ui/toaster';
import { formatDate, formatUsd, fullName } from '../../lib/format';
import { STATUS_COLORS, STATUS_LABELS } from '../../lib/lead-status';
import { saveBlob } from '../../lib/save-blob';
import { useDebounced } from '../../lib/use-debounced';
import { fetchLeadsPage, formatListTotal, useCursorPager, useLeads } from '../leads/api/leads';
import { SendMessageDialog, type MessageType } from './send-message-dialog';
import { EmptyNote, LoadingBlocks } from './ui';

/** Columns of leads_export.csv: the admin export's six (staff-side.md §9) plus status and estimate. */
const EXPORT_COLUMNS = ['firstName', 'lastName', 'email', 'phone', 'company', 'createdAt', 'status', 'totalEstimate'] as const;
/** decisions.md §12: a cell starting with = + - @ tab or CR gets a leading `'` (any line, not only the first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The CSV text of leads (BOM, header row, CRLF, formula cells escaped). */
export function leadsCsv(leads: Lead[]): string {
  const rows = leads.map((l) => EXPORT_COLUMNS.map((c) => (c === 'totalEstimate' ? (l.totalEstimate ?? '') : (l[c] ?? ''))));
  return `\uFEFF${Papa.unparse({ fields: [...EXPORT_COLUMNS], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' })}`;
}

/**
 * Every lead of a status filter at or above the minimum estimate (all pages of GET /api/leads,
 * following `nextCursor`: keyset pages, so neither the depth nor an estimated total matters).
 */
async function allMatchingLeads(status: string, minEstimate: number | null): Promise<Lead[]> {
  const out: Lead[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await fetchLeadsPage({ search: '', status, minEstimate, page: 1, cursor, pageSize: STAFF_PAGE_SIZE_MAX });
    out.push(...res.leads);
    if (!res.nextCursor || res.leads.length === 0) return out;
    cursor = res.nextCursor;
  }
}

export function LeadManagementPanel() {
  const [status, setStatus] = useState('all');
  const [minInput, setMinInput] = useState('');
  const [sendTo, setSendTo] = useState<{ lead: Lead; type: MessageType } | null>(null);
  const [exporting, setExporting] = useState(false);
  const debouncedMin = useDebounced(minInput);
  const min = debouncedMin.trim() !== '' && Number(debouncedMin) >= 0 ? Math.floor(Number(debouncedMin)) : null;
  // keyset paging (issue 27): Next follows the answer's nextCursor, however deep
  const pager = useCursorPager(JSON.stringify([status, min]));
  const page = pager.page;
  const leads = useLeads({ search: '', status, minEstimate: min, page, cursor: pager.cursor, pageSize: 50 });
  const pages = leads.data ? Math.max(1, Math.ceil(leads.data.total / leads.data.pageSize)) : 1;
  const nextCursor = leads.data?.nextCursor ?? null;
  const shown = leads.data?.leads ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await allMatchingLeads(status, min);
      saveBlob(new Blob([leadsCsv(all)], { type: 'text/csv;charset=utf-8' }), 'leads_export.csv');
    } catch {
      notify({ title: 'Export failed', description: 'Please try again.', type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <Flex gap="3" mb="4" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
        <Field.Root maxW={{ md: '56' }}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="all">All statuses</option>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW={{ md: '56' }} invalid={minInput.trim() !== '' && !(Number(minInput) >= 0)}>
          <Field.Label>Minimum estimate</Field.Label>
          <InputGroup startElement="$">
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1000}
              value={minInput}
              onChange={(e) => setMinInput(e.target.value)}
              placeholder="0"
            />
          </InputGroup>
          <Field.ErrorText>Enter a whole number of dollars.</Field.ErrorText>
        </Field.Root>
        <Box flex="1" />
        <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} loadingText="Exporting…">
          Export CSV
        </Button>
      </Flex>
      <Text fontSize="sm" color="fg.muted" mb="2" aria-live="polite">
        {leads.data
          ? `${formatListTotal(leads.data.total, leads.data.totalIsEstimate)} lead${leads.data.total === 1 ? '' : 's'}${status === 'all' ? '' : ` with status ${STATUS_LABELS[status as keyof typeof STATUS_LABELS]}`}${min !== null ? ` with an estimate of at least ${formatUsd(min)}` : ''}`
          : ''}
      </Text>
      {leads.isPending ? (
        <LoadingBlocks count={4} h="10" />
      ) : leads.isError ? (
        <Text role="alert" color="fg.error">
          Failed to fetch leads. Please check your connection and try again.
        </Text>
      ) : shown.length === 0 ? (
        <EmptyNote icon={LucideUsers} title="No leads match these filters" />
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" aria-busy={leads.isFetching} maxH="70vh" overflowY="auto">
          <Table.Root size="sm" stickyHeader data-testid="lead-management-table">
            <Table.Caption srOnly>Leads with send actions</Table.Caption>
            <Table.Header>
              <Table.Row>
                {['Lead', 'Contact', 'Status', 'Estimate', 'Created', 'Actions'].map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((l) => (
                <Table.Row key={l.id} data-testid="managed-lead">
                  <Table.Cell>
                    <Text fontWeight="medium">{fullName(l)}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      #{l.id}
                      {l.company ? ` · ${l.company}` : ''}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{l.email}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {l.phone ?? 'No phone'}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_COLORS[l.status]}>{STATUS_LABELS[l.status]}</Badge>
                  </Table.Cell>
                  <Table.Cell fontVariantNumeric="tabular-nums">{l.totalEstimate === null ? 'TBD' : formatUsd(l.totalEstimate)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(l.createdAt)}</Table.Cell>
                  <Table.Cell>
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
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <HStack mt="3" justify="flex-end">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={pager.previous}>
          Previous
        </Button>
        <Text fontSize="sm">
          Page {page} of {formatListTotal(pages, leads.data?.totalIsEstimate)}
        </Text>
        <Button size="sm" variant="outline" disabled={!nextCursor} onClick={() => nextCursor && pager.next(nextCursor)}>
          Next
        </Button>
      </HStack>
      <SendMessageDialog lead={sendTo?.lead ?? null} type={sendTo?.type ?? 'email'} screen="centre" onClose={() => setSendTo(null)} />
    </Box>
  );
}
