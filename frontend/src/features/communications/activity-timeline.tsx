/**
 * A lead's activity timeline (issue 7 point 4; decisions.md §8): every email, SMS, call note,
 * status change and payment from stored records, newest first, refreshed live on `lead:activity`.
 */
import { Badge, Box, Flex, Icon, Skeleton, Stack, Text, Timeline } from '@chakra-ui/react';
import type { ActivityType, LeadActivityItem, MessageStatus } from '@ironclad/contracts';
import { MESSAGE_STATUSES } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import type { IconType } from 'react-icons';
import { LuCreditCard, LuMail, LuMessageSquare, LuPhone, LuRefreshCw, LuUserPlus } from 'react-icons/lu';
import { formatUsdCents, STATUS_LABELS } from '../admin/format';
import { leadTimelineQuery } from './comms-api';
import { ACTIVITY_LABELS, formatDateTime, MESSAGE_STATUS_COLORS, MESSAGE_STATUS_LABELS } from './format';

const ICONS: Record<ActivityType, IconType> = { email: LuMail, sms: LuMessageSquare, call: LuPhone, status_change: LuRefreshCw, payment: LuCreditCard, lead_created: LuUserPlus };
const isMessageStatus = (s: string | undefined): s is MessageStatus => !!s && (MESSAGE_STATUSES as readonly string[]).includes(s);

/** One line of headline text for an item. */
function headline(a: LeadActivityItem): string {
  switch (a.type) {
    case 'email':
      return a.subject ? `Email: ${a.subject}` : `Email${a.template ? ` (${a.template})` : ''}`;
    case 'status_change':
      return a.toStatus ? `Status: ${a.fromStatus ? `${STATUS_LABELS[a.fromStatus]} → ` : ''}${STATUS_LABELS[a.toStatus]}` : 'Status change';
    case 'payment':
      return `Payment${a.amountCents !== undefined ? ` ${formatUsdCents(a.amountCents / 100)}` : ''}${a.status ? ` · ${a.status}` : ''}`;
    default:
      return ACTIVITY_LABELS[a.type];
  }
}

/** The items as a timeline (no fetching); `compact` shows one line of content. */
export function ActivityList({ items, compact = false, emptyText = 'No activity yet.' }: { items: LeadActivityItem[]; compact?: boolean; emptyText?: string }) {
  if (items.length === 0) return <Text fontSize="sm" color="fg.muted">{emptyText}</Text>;
  return (
    <Timeline.Root size="sm" variant="subtle" as="ol" data-testid="activity-timeline">
      {items.map((a) => (
        <Timeline.Item key={a.id} as="li" data-testid="activity-item" data-type={a.type}>
          <Timeline.Connector>
            <Timeline.Separator />
            <Timeline.Indicator><Icon as={ICONS[a.type]} aria-hidden /></Timeline.Indicator>
          </Timeline.Connector>
          <Timeline.Content gap="1" pb="4" minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Timeline.Title fontSize="sm">{headline(a)}</Timeline.Title>
              {(a.type === 'email' || a.type === 'sms') && isMessageStatus(a.status) && (
                <Badge size="sm" colorPalette={MESSAGE_STATUS_COLORS[a.status]}>{MESSAGE_STATUS_LABELS[a.status]}</Badge>
              )}
              {a.campaignId ? <Badge size="sm" variant="outline">Campaign #{a.campaignId}</Badge> : null}
            </Flex>
            <Timeline.Description fontSize="xs">
              <time dateTime={a.timestamp}>{formatDateTime(a.timestamp)}</time>
              {a.triggeredBy ? ` · ${a.triggeredBy}` : ''}
            </Timeline.Description>
            {a.content && a.type !== 'status_change' && (
              <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" lineClamp={compact ? 1 : 4}>{a.content}</Text>
            )}
            {a.error && <Text fontSize="xs" color={a.status === 'failed' ? 'fg.error' : 'fg.muted'}>{a.error}</Text>}
          </Timeline.Content>
        </Timeline.Item>
      ))}
    </Timeline.Root>
  );
}

/** The timeline of one lead (GET /api/leads/{id}/activities), kept fresh by `lead:activity`. */
export function LeadTimeline({ leadId }: { leadId: number }) {
  const timeline = useQuery(leadTimelineQuery(leadId));
  return (
    <Box aria-busy={timeline.isFetching} aria-label="Activity timeline" role="region">
      {timeline.isPending ? (
        <Stack gap="2" aria-hidden><Skeleton h="4" /><Skeleton h="4" w="80%" /><Skeleton h="4" w="60%" /></Stack>
      ) : timeline.isError ? (
        <Text role="alert" fontSize="sm">Could not load the activity timeline.</Text>
      ) : (
        <ActivityList items={timeline.data} />
      )}
    </Box>
  );
}
