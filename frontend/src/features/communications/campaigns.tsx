/**
 * Campaigns from stored data (decisions.md §8): the list with a live progress
 * bar, rate and counts for each running campaign, pause / resume / cancel, and the details modal
 * with the summary and a delivery chart. Also the delivery chart of recent campaigns for the
 * centre's dashboard.
 */
import { Badge, Box, Button, CloseButton, Dialog, Flex, Heading, HStack, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Campaign } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LucideMegaphone } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime, formatUsd } from '../../lib/format';
import { STATUS_LABELS } from '../../lib/lead-status';
import { LiveCampaignProgress } from './campaign-progress';
import { campaignQuery, campaignsQuery, useCampaignAction } from './api/comms-api';
import { campaignBadge, isCampaignRunning, tallyOf } from './format';
import { EmptyNote, InfoList, LoadingBlocks } from './ui';
import { RecordJobs } from '../../components/staff/record-jobs';

/** Series of the delivery chart: stored count field, legend label, colour (colour-blind safe). */
const DELIVERY_SERIES = [
  { key: 'sent', label: 'Sent', color: '#2b8a3e' },
  { key: 'notDelivered', label: 'Not delivered (outbox)', color: '#e8590c' },
  { key: 'failed', label: 'Failed', color: '#c92a2a' },
  { key: 'skipped', label: 'Skipped (opted out)', color: '#7048e8' },
  { key: 'cancelled', label: 'Cancelled', color: '#868e96' },
  { key: 'queued', label: 'Queued', color: '#74a1d6' },
] as const satisfies readonly { key: keyof Campaign; label: string; color: string }[];

/** A text version of the chart for screen readers. */
const describe = (c: Campaign) => `${c.name}: ${DELIVERY_SERIES.map((s) => `${c[s.key]} ${s.label.toLowerCase()}`).join(', ')}`;

/** Stacked bars of how the messages of the given campaigns ended. */
export function DeliveryChart({ campaigns, height = 64 }: { campaigns: Campaign[]; height?: number | string }) {
  const data = campaigns.map((c) => ({
    name: c.name.length > 18 ? `${c.name.slice(0, 17)}…` : c.name,
    ...Object.fromEntries(DELIVERY_SERIES.map((s) => [s.key, c[s.key]])),
  }));
  const used = DELIVERY_SERIES.filter((s) => campaigns.some((c) => c[s.key] > 0));
  return (
    <Box h={height} role="img" aria-label={`Delivery by campaign. ${campaigns.map(describe).join('. ')}`} data-testid="delivery-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} fontSize={11} />
          <YAxis type="category" dataKey="name" width={120} fontSize={11} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {used.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="delivery" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** Pause / resume / cancel of one campaign. */
function CampaignControls({ campaign }: { campaign: Campaign }) {
  const action = useCampaignAction();
  if (!isCampaignRunning(campaign.status)) return null;
  const busy = action.isPending;
  return (
    <HStack gap="2" wrap="wrap">
      {campaign.status === 'paused' ? (
        <Button
          size="xs"
          variant="outline"
          disabled={busy}
          aria-label={`Resume ${campaign.name}`}
          onClick={() => action.mutate({ id: campaign.id, action: 'resume' })}
        >
          Resume
        </Button>
      ) : (
        <Button
          size="xs"
          variant="outline"
          disabled={busy}
          aria-label={`Pause ${campaign.name}`}
          onClick={() => action.mutate({ id: campaign.id, action: 'pause' })}
        >
          Pause
        </Button>
      )}
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        disabled={busy}
        aria-label={`Cancel campaign ${campaign.name}`}
        onClick={() => {
          if (window.confirm(`Cancel "${campaign.name}"? Messages not sent yet will not be sent.`))
            action.mutate({ id: campaign.id, action: 'cancel' });
        }}
      >
        Cancel campaign
      </Button>
    </HStack>
  );
}

/** One campaign in the list. */
export function CampaignCard({ campaign, onDetails }: { campaign: Campaign; onDetails?: () => void }) {
  return (
    <Box borderWidth="1px" rounded="lg" p="4" as="li" listStyleType="none" data-testid="campaign-card" data-campaign-id={campaign.id}>
      <Flex justify="space-between" gap="2" mb="2" wrap="wrap" align="center">
        <Text fontSize="xs" color="fg.muted">
          <Badge size="sm" variant="outline" mr="2">
            {campaign.type === 'email' ? `Email · ${campaign.template ?? ''}` : 'SMS'}
          </Badge>
          Started {formatDateTime(campaign.createdAt)}
          {campaign.createdBy ? ` by ${campaign.createdBy}` : ''}
        </Text>
        <HStack gap="2">
          <CampaignControls campaign={campaign} />
          {onDetails && (
            <Button size="xs" variant="ghost" onClick={onDetails} aria-label={`Details of ${campaign.name}`}>
              Details
            </Button>
          )}
        </HStack>
      </Flex>
      <LiveCampaignProgress campaign={campaign} />
      {campaign.summary && (
        <Text fontSize="sm" mt="2" data-testid="campaign-summary">
          Summary: {campaign.summary.successful} successful, {campaign.summary.failed} failed, {campaign.summary.total} total
        </Text>
      )}
    </Box>
  );
}

/** The campaign list (GET /api/campaigns), newest first, with the details modal. */
export function CampaignList({ limit }: { limit?: number }) {
  const campaigns = useQuery(campaignsQuery);
  const [details, setDetails] = useState<number | null>(null);
  if (campaigns.isPending) return <LoadingBlocks count={2} h="24" />;
  if (campaigns.isError)
    return (
      <Text role="alert" color="fg.error">
        Failed to load communication data
      </Text>
    );
  const list = limit ? campaigns.data.slice(0, limit) : campaigns.data;
  if (list.length === 0) {
    return (
      <EmptyNote icon={LucideMegaphone} title="No campaigns yet">
        Start a bulk email or SMS to see its progress here.
      </EmptyNote>
    );
  }
  return (
    <>
      <Stack as="ul" gap="3" aria-label="Campaigns" data-testid="campaign-list">
        {list.map((c) => (
          <CampaignCard key={c.id} campaign={c} onDetails={() => setDetails(c.id)} />
        ))}
      </Stack>
      <CampaignDetailsDialog id={details} onClose={() => setDetails(null)} />
    </>
  );
}

/** The campaign details modal (staff-side.md §2): settings, counts, summary and the delivery chart. */
export function CampaignDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={id !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size="lg"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{id !== null && <CampaignDetails id={id} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CampaignDetails({ id }: { id: number }) {
  const q = useQuery(campaignQuery(id));
  const c = q.data;
  const filter = c?.filter;
  const rows: [string, string][] = c
    ? [
        ['Type', c.type === 'email' ? 'Email' : 'SMS'],
        [c.type === 'email' ? 'Template' : 'Message', (c.type === 'email' ? c.template : c.message) ?? '—'],
        [
          'Recipients filter',
          [
            filter?.status && filter.status !== 'all' ? `status ${STATUS_LABELS[filter.status]}` : 'all statuses',
            filter?.minValue !== undefined ? `estimate ≥ ${formatUsd(filter.minValue)}` : null,
            filter?.createdAfter ? `created after ${filter.createdAfter.slice(0, 10)}` : null,
          ]
            .filter(Boolean)
            .join(', '),
        ],
        ['Created', `${formatDateTime(c.createdAt)}${c.createdBy ? ` by ${c.createdBy}` : ''}`],
        ['Started', c.startedAt ? formatDateTime(c.startedAt) : '—'],
        ['Finished', c.finishedAt ? formatDateTime(c.finishedAt) : '—'],
      ]
    : [];
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{c ? c.name : 'Campaign'}</Dialog.Title>
        {c && (
          <Badge ml="2" colorPalette={campaignBadge(tallyOf(c)).color}>
            {campaignBadge(tallyOf(c)).label}
          </Badge>
        )}
      </Dialog.Header>
      <Dialog.Body>
        {q.isPending ? (
          <LoadingBlocks h="5" />
        ) : q.isError || !c ? (
          <Text role="alert">Could not load the campaign.</Text>
        ) : (
          <Stack gap="5" data-testid="campaign-details">
            <InfoList rows={rows} />
            <LiveCampaignProgress campaign={c} />
            {c.summary ? (
              <SimpleGrid columns={3} gap="3" data-testid="campaign-details-summary">
                {(
                  [
                    ['Successful', c.summary.successful],
                    ['Failed', c.summary.failed],
                    ['Total', c.summary.total],
                  ] as const
                ).map(([label, n]) => (
                  <Box key={label} borderWidth="1px" rounded="md" p="3" textAlign="center">
                    <Text fontSize="xs" color="fg.muted">
                      {label}
                    </Text>
                    <Text fontSize="xl" fontWeight="bold">
                      {n}
                    </Text>
                  </Box>
                ))}
              </SimpleGrid>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                The summary is available once the campaign has finished.
              </Text>
            )}
            <Box>
              <Heading as="h3" size="sm" mb="2">
                Delivery
              </Heading>
              <DeliveryChart campaigns={[c]} height="32" />
            </Box>
            <RecordJobs
              owner={{ kind: 'campaign', id: c.id }}
              retryClosed={
                c.status === 'sent' || c.status === 'cancelled'
                  ? 'The campaign has ended: its failed messages are counted in the summary and are not sent again.'
                  : undefined
              }
            />
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        {c && <CampaignControls campaign={c} />}
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </>
  );
}
