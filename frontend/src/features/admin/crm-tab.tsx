/**
 * CRM pipeline tab (staff-side.md §2, §4, §9): KPI cards from the server's one-query stats,
 * Pipeline View table, Action Items, Reports with the pipeline-by-stage chart (recharts, only in
 * the admin chunk), and the lead detail modal with Call, Email, SMS.
 */
import { Badge, Box, Button, Dialog, Heading, HStack, Portal, SimpleGrid, Spinner, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { actionItemsFor, LEAD_STATUSES } from '@ironclad/contracts';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { exportWithToast, useLeads, useStats, type StaffLead } from './staff-api';
import { buildingLine, formatDate, formatUsd, fullName, STATUS_COLORS, STATUS_LABELS } from './format';
import { StatCard, StatGrid } from './stat-card';
import { LeadTimeline } from '../communications/activity-timeline';
import { SendMessageDialog, type MessageType } from '../communications/send-message-dialog';

export function CrmTab() {
  const stats = useStats();
  const [page, setPage] = useState(1);
  const leads = useLeads({ search: '', status: 'all', page, pageSize: 50 });
  const [open, setOpen] = useState<StaffLead | null>(null);
  const [sendTo, setSendTo] = useState<{ lead: StaffLead; type: MessageType } | null>(null);
  const list = leads.data?.leads ?? [];
  const pages = leads.data ? Math.max(1, Math.ceil(leads.data.total / leads.data.pageSize)) : 1;
  const chartData = LEAD_STATUSES.map((s) => ({ stage: STATUS_LABELS[s], count: stats.data?.byStatus[s] ?? 0 }));

  return (
    <Box>
      <StatGrid>
        <StatCard label="Total Pipeline" value={stats.data ? formatUsd(stats.data.pipelineValue) : '—'} />
        <StatCard label="Avg Deal Size" value={stats.data ? formatUsd(stats.data.averageDeal) : '—'} />
        <StatCard label="Conversion Rate" value={stats.data ? `${stats.data.conversionRate.toFixed(1)}%` : '—'} />
        <StatCard label="Active Leads" value={stats.data?.activeLeads ?? '—'} />
      </StatGrid>
      <Tabs.Root defaultValue="pipeline" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="pipeline">Pipeline View</Tabs.Trigger>
          <Tabs.Trigger value="actions">Action Items</Tabs.Trigger>
          <Tabs.Trigger value="reports">Reports</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pipeline">
          {leads.isPending ? <Spinner /> : (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm">
                <Table.Header><Table.Row>
                  {['Name', 'Contact', 'Building', 'Budget / Timeline', 'Status', 'Estimate', 'Created', 'Actions'].map((h) => <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>)}
                </Table.Row></Table.Header>
                <Table.Body>
                  {list.map((l) => (
                    <Table.Row key={l.id}>
                      <Table.Cell>{fullName(l)}</Table.Cell>
                      <Table.Cell>{l.email}<br />{l.phone ?? ''}</Table.Cell>
                      <Table.Cell>{buildingLine(l.buildingInfo)}</Table.Cell>
                      <Table.Cell>{l.budget ?? '—'} / {l.timeline ?? '—'}</Table.Cell>
                      <Table.Cell><Badge colorPalette={STATUS_COLORS[l.status]}>{STATUS_LABELS[l.status]}</Badge></Table.Cell>
                      <Table.Cell>{l.totalEstimate === null ? 'TBD' : formatUsd(l.totalEstimate)}</Table.Cell>
                      <Table.Cell>{formatDate(l.createdAt)}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="1">
                          <Button size="xs" variant="outline" onClick={() => setSendTo({ lead: l, type: 'email' })} aria-label={`Email ${fullName(l)}`}>Email</Button>
                          {l.phone && <Button size="xs" variant="outline" onClick={() => setSendTo({ lead: l, type: 'sms' })} aria-label={`SMS ${fullName(l)}`}>SMS</Button>}
                          <Button size="xs" onClick={() => setOpen(l)} aria-label={`View ${fullName(l)}`}>View</Button>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          <HStack mt="3" justify="flex-end">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>Previous</Button>
            <Text fontSize="sm">Page {page} of {pages}</Text>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>Next</Button>
          </HStack>
        </Tabs.Content>
        <Tabs.Content value="actions">
          <Stack gap="3">
            {list.filter((l) => actionItemsFor(l).length > 0).map((l) => (
              <Box key={l.id} borderWidth="1px" rounded="md" p="3">
                <Text fontWeight="semibold">{fullName(l)} <Badge colorPalette={STATUS_COLORS[l.status]}>{STATUS_LABELS[l.status]}</Badge></Text>
                <Stack as="ul" gap="1" mt="1">
                  {actionItemsFor(l).map((a) => (
                    <HStack as="li" key={a.title} gap="2">
                      <Badge colorPalette={a.urgency === 'high' ? 'red' : 'yellow'}>{a.urgency}</Badge>
                      <Badge variant="outline">{a.channel}</Badge>
                      <Text fontSize="sm">{a.title}</Text>
                    </HStack>
                  ))}
                </Stack>
              </Box>
            ))}
            {list.every((l) => actionItemsFor(l).length === 0) && <Text color="fg.muted">No action items on this page.</Text>}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="reports">
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
            <Box borderWidth="1px" rounded="lg" p="4">
              <Heading as="h3" size="md" mb="3">Pipeline by Stage</Heading>
              <Box h="64" role="img" aria-label={`Pipeline by stage: ${chartData.map((d) => `${d.stage} ${d.count}`).join(', ')}`}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={chartData}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="stage" fontSize={11} />
                    <YAxis allowDecimals={false} />
                    <Tooltip />
                    <Bar dataKey="count" fill="#2b4c7e" />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            </Box>
            <Box borderWidth="1px" rounded="lg" p="4">
              <Heading as="h3" size="md" mb="3">Performance Metrics</Heading>
              <Stack gap="1">
                <Text>Total leads: {stats.data?.totalLeads ?? '—'}</Text>
                <Text>Pipeline value: {stats.data ? formatUsd(stats.data.pipelineValue) : '—'}</Text>
                <Text>Avg deal size: {stats.data ? formatUsd(stats.data.averageDeal) : '—'}</Text>
                <Text>Conversion rate: {stats.data ? `${stats.data.conversionRate.toFixed(1)}%` : '—'}</Text>
              </Stack>
              <Button mt="4" onClick={() => exportWithToast('comprehensive')}>Export All Leads</Button>
            </Box>
          </SimpleGrid>
        </Tabs.Content>
      </Tabs.Root>
      <Dialog.Root open={open !== null} onOpenChange={(e) => { if (!e.open) setOpen(null); }} scrollBehavior="inside" size="lg">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              {open && (
                <>
                  <Dialog.Header><Dialog.Title>{fullName(open)}</Dialog.Title></Dialog.Header>
                  <Dialog.Body>
                    <Stack gap="1" fontSize="sm">
                      <Text>Email: {open.email}</Text>
                      <Text>Phone: {open.phone ?? '—'}</Text>
                      <Text>Company: {open.company ?? '—'}</Text>
                      <Text>Building: {buildingLine(open.buildingInfo) || '—'}</Text>
                      <Text>Budget: {open.budget ?? '—'} · Timeline: {open.timeline ?? '—'}</Text>
                      <Text>Specific areas: {open.specificAreas ?? '—'}</Text>
                      <Text>Additional features: {open.additionalFeatures.join(', ') || '—'}</Text>
                    </Stack>
                    <Heading as="h3" size="sm" mt="4" mb="2">Activity timeline</Heading>
                    <LeadTimeline leadId={open.id} />
                  </Dialog.Body>
                  <Dialog.Footer flexWrap="wrap">
                    {open.phone && <Button asChild variant="outline"><a href={`tel:${open.phone}`}>Call</a></Button>}
                    <Button variant="outline" onClick={() => setSendTo({ lead: open, type: 'email' })}>Email</Button>
                    {open.phone && <Button variant="outline" onClick={() => setSendTo({ lead: open, type: 'sms' })}>SMS</Button>}
                  </Dialog.Footer>
                  <Dialog.CloseTrigger asChild><Button size="sm" variant="ghost" aria-label="Close">×</Button></Dialog.CloseTrigger>
                </>
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <SendMessageDialog lead={sendTo?.lead ?? null} type={sendTo?.type ?? 'email'} screen="dashboard" onClose={() => setSendTo(null)} />
    </Box>
  );
}
