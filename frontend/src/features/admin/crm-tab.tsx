/**
 * CRM pipeline tab (staff-side.md §2, §4, §9): KPI cards and the pipeline-by-stage counts from
 * the server's one-query stats, the Pipeline View table and the Action Items (both computed and
 * paged on the server over all leads), Reports with the pipeline-by-stage chart (recharts, only
 * in the admin chunk), and the lead detail modal with Call, Email, SMS.
 */
import { Box, Button, Dialog, Heading, HStack, Portal, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { LEAD_STATUSES, type Lead } from '@ironclad/contracts';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { StatCard, StatGrid } from '../../components/staff/stat-card';
import { formatUsd, fullName } from '../../lib/format';
import { sourceLabel, STATUS_LABELS } from '../../lib/lead-status';
import { ExportButton } from './export-button';
import { useStats } from '../leads/api/leads';
import { CrmActionItems } from './crm-action-items';
import { CrmPipelineBoard } from './crm-pipeline-board';
import { CrmPipelineTable } from './crm-pipeline-table';
import { LeadNotes } from './lead-notes';
import { LeadOwnerSelect } from './lead-owner-select';
import { buildingLine } from './format';
import type { LeadMessageType, LeadMessaging } from './lead-messaging';

export function CrmTab({ messaging: { Timeline, SendDialog } }: { messaging: LeadMessaging }) {
  const stats = useStats();
  const [open, setOpen] = useState<Lead | null>(null);
  const [mode, setMode] = useState<'table' | 'board'>('table');
  const [sendTo, setSendTo] = useState<{ lead: Lead; type: LeadMessageType } | null>(null);
  const send = (lead: Lead, type: LeadMessageType) => setSendTo({ lead, type });
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
          <HStack gap="2" mb="3" role="group" aria-label="Pipeline view mode">
            {(['table', 'board'] as const).map((m) => (
              <Button key={m} size="sm" variant={mode === m ? 'solid' : 'outline'} aria-pressed={mode === m} onClick={() => setMode(m)}>
                {m === 'table' ? 'Table' : 'Board'}
              </Button>
            ))}
          </HStack>
          {mode === 'table' ? <CrmPipelineTable onView={setOpen} onSend={send} /> : <CrmPipelineBoard onView={setOpen} />}
        </Tabs.Content>
        <Tabs.Content value="actions">
          <CrmActionItems onView={setOpen} onSend={send} />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
            <Box borderWidth="1px" rounded="lg" p="4">
              <Heading as="h3" size="md" mb="3">
                Pipeline by Stage
              </Heading>
              <Box h="80" role="img" aria-label={`Pipeline by stage: ${chartData.map((d) => `${d.stage} ${d.count}`).join(', ')}`}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={chartData} margin={{ top: 16 }}>
                    <CartesianGrid strokeDasharray="3 3" />
                    {/* interval 0: every stage keeps its label; angled so seven fit at any width */}
                    <XAxis dataKey="stage" fontSize={11} interval={0} angle={-35} textAnchor="end" height={70} />
                    <YAxis allowDecimals={false} />
                    <Tooltip />
                    <Bar dataKey="count" fill="#2b4c7e">
                      <LabelList dataKey="count" position="top" fontSize={12} />
                    </Bar>
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            </Box>
            <Box borderWidth="1px" rounded="lg" p="4">
              <Heading as="h3" size="md" mb="3">
                Performance Metrics
              </Heading>
              <Stack gap="1">
                <Text>Total leads: {stats.data?.totalLeads ?? '—'}</Text>
                <Text>Pipeline value: {stats.data ? formatUsd(stats.data.pipelineValue) : '—'}</Text>
                <Text>Avg deal size: {stats.data ? formatUsd(stats.data.averageDeal) : '—'}</Text>
                <Text>Conversion rate: {stats.data ? `${stats.data.conversionRate.toFixed(1)}%` : '—'}</Text>
              </Stack>
              <ExportButton kind="comprehensive" mt="4">
                Export All Leads
              </ExportButton>
            </Box>
          </SimpleGrid>
        </Tabs.Content>
      </Tabs.Root>
      <Dialog.Root
        open={open !== null}
        onOpenChange={(e) => {
          if (!e.open) setOpen(null);
        }}
        scrollBehavior="inside"
        size={{ base: 'full', md: 'lg' }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              {open && (
                <>
                  <Dialog.Header>
                    <Dialog.Title>{fullName(open)}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Stack gap="1" fontSize="sm">
                      <Text>Email: {open.email}</Text>
                      <Text>Phone: {open.phone ?? '—'}</Text>
                      <Text>Company: {open.company ?? '—'}</Text>
                      <Text>Building: {buildingLine(open.buildingInfo) || '—'}</Text>
                      <Text>
                        Budget: {open.budget ?? '—'} · Timeline: {open.timeline ?? '—'}
                      </Text>
                      <Text>Specific areas: {open.specificAreas ?? '—'}</Text>
                      <Text>Additional features: {open.additionalFeatures.join(', ') || '—'}</Text>
                      <Text>Source: {sourceLabel(open.source)}</Text>
                    </Stack>
                    <Box mt="3">
                      <LeadOwnerSelect lead={open} />
                    </Box>
                    <LeadNotes leadId={open.id} />
                    <Heading as="h3" size="sm" mt="4" mb="2">
                      Activity timeline
                    </Heading>
                    <Timeline leadId={open.id} />
                  </Dialog.Body>
                  <Dialog.Footer flexWrap="wrap">
                    {open.phone && (
                      <Button asChild variant="outline">
                        <a href={`tel:${open.phone}`}>Call</a>
                      </Button>
                    )}
                    <Button variant="outline" onClick={() => setSendTo({ lead: open, type: 'email' })}>
                      Email
                    </Button>
                    {open.phone && (
                      <Button variant="outline" onClick={() => setSendTo({ lead: open, type: 'sms' })}>
                        SMS
                      </Button>
                    )}
                  </Dialog.Footer>
                  <Dialog.CloseTrigger asChild>
                    <Button size="sm" variant="ghost" aria-label="Close">
                      ×
                    </Button>
                  </Dialog.CloseTrigger>
                </>
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <SendDialog lead={sendTo?.lead ?? null} type={sendTo?.type ?? 'email'} onClose={() => setSendTo(null)} />
    </Box>
  );
}
