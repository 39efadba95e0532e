/**
 * A lead's activity timeline (decisions.md §8): every email, SMS, call note,
 * status change and payment from stored records, newest first, refreshed live on `lead:activity`.
 */
import { Badge, Box, Button, Flex, Icon, Stack, Text } from '@chakra-ui/react';
import { type ActivityType, type LeadActivityItem, type MessageStatus, MESSAGE_STATUSES } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  type LucideIcon,
  LucideCreditCard,
  LucideMail,
  LucideMessageSquare,
  LucidePhone,
  LucideStickyNote,
  LucideRefreshCw,
  LucideSend,
  LucideUserPlus,
} from 'lucide-react';
import { formatDateTime, formatUsdCents } from '../../lib/format';
import { STATUS_LABELS } from '../../lib/lead-status';
import { leadTimelineQuery, useSendSuppressedNow } from './api/comms-api';
import { ACTIVITY_LABELS, MESSAGE_STATUS_COLORS, MESSAGE_STATUS_LABELS } from './format';
import { LoadingBlocks } from './ui';

const ICONS: Record<ActivityType, LucideIcon> = {
  email: LucideMail,
  sms: LucideMessageSquare,
  call: LucidePhone,
  note: LucideStickyNote,
  status_change: LucideRefreshCw,
  payment: LucideCreditCard,
  lead_created: LucideUserPlus,
};
const isMessageStatus = (s: string | undefined): s is MessageStatus => !!s && (MESSAGE_STATUSES as readonly string[]).includes(s);

/** One line of headline text for an item. */
function headline(a: LeadActivityItem): string {
  switch (a.type) {
    case 'email':
      return a.subject ? `Email: ${a.subject}` : `Email${a.template ? ` (${a.template})` : ''}`;
    case 'status_change':
      return a.toStatus
        ? `Status: ${a.fromStatus ? `${STATUS_LABELS[a.fromStatus]} → ` : ''}${STATUS_LABELS[a.toStatus]}`
        : 'Status change';
    case 'payment':
      return `Payment${a.amountCents !== undefined ? ` ${formatUsdCents(a.amountCents / 100)}` : ''}${a.status ? ` · ${a.status}` : ''}`;
    default:
      return ACTIVITY_LABELS[a.type];
  }
}

/** The outbound message id of a timeline item (`message:{id}`), or null. */
const messageIdOf = (a: LeadActivityItem): number | null => {
  const m = /^message:(\d+)$/.exec(a.id);
  return m ? Number(m[1]) : null;
};

/**
 * "Send now" on a suppressed message: staff decide to send what the per-recipient cap (or the
 * new-lead digest) held back. Disabled while the request runs; the timeline refreshes after.
 */
function SendNowButton({ messageId }: { messageId: number }) {
  const send = useSendSuppressedNow();
  return (
    <Button
      size="2xs"
      variant="outline"
      colorPalette="yellow"
      loading={send.isPending}
      disabled={send.isSuccess}
      onClick={() => send.mutate(messageId)}
      data-testid="send-suppressed-now"
    >
      <LucideSend aria-hidden />
      Send now
    </Button>
  );
}

/** The items as a timeline (no fetching); `compact` shows one line of content. */
export function ActivityList({
  items,
  compact = false,
  emptyText = 'No activity yet.',
}: {
  items: LeadActivityItem[];
  compact?: boolean;
  emptyText?: string;
}) {
  if (items.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {emptyText}
      </Text>
    );
  return (
    <Stack as="ol" gap="0" data-testid="activity-timeline">
      {items.map((a, i) => (
        <Flex as="li" key={a.id} gap="3" data-testid="activity-item" data-type={a.type}>
          {/* The icon with a line down to the next item (the timeline recipe is not registered, see ui.tsx). */}
          <Flex direction="column" align="center" flexShrink={0}>
            <Flex boxSize="7" rounded="full" bg="bg.muted" borderWidth="1px" align="center" justify="center">
              <Icon as={ICONS[a.type]} boxSize="3.5" aria-hidden />
            </Flex>
            {i < items.length - 1 && <Box flex="1" w="1px" bg="border.emphasized" minH="3" mt="1" />}
          </Flex>
          <Stack gap="1" pb="4" minW="0" flex="1">
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontSize="sm" fontWeight="medium">
                {headline(a)}
              </Text>
              {(a.type === 'email' || a.type === 'sms') && isMessageStatus(a.status) && (
                <Badge size="sm" colorPalette={isWaiting(a) ? 'yellow' : MESSAGE_STATUS_COLORS[a.status]}>
                  {isWaiting(a) ? WAITING_LABEL : MESSAGE_STATUS_LABELS[a.status]}
                </Badge>
              )}
              {a.campaignId ? (
                <Badge size="sm" variant="outline">
                  Campaign #{a.campaignId}
                </Badge>
              ) : null}
            </Flex>
            <Text fontSize="xs" color="fg.muted">
              <time dateTime={a.timestamp}>{formatDateTime(a.timestamp)}</time>
              {a.triggeredBy ? ` · ${a.triggeredBy}` : ''}
            </Text>
            {a.content && a.type !== 'status_change' && (
              <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" lineClamp={compact ? 1 : 4}>
                {a.content}
              </Text>
            )}
            {a.error && (
              <Text fontSize="xs" color={a.status === 'failed' ? 'fg.error' : a.status === 'suppressed' ? 'fg.warning' : 'fg.muted'}>
                {isWaiting(a) ? `Last attempt: ${a.error}. It will be sent when the provider answers.` : a.error}
              </Text>
            )}
            {a.status === 'suppressed' && messageIdOf(a) !== null && (
              <Box>
                <SendNowButton messageId={messageIdOf(a)!} />
              </Box>
            )}
          </Stack>
        </Flex>
      ))}
    </Stack>
  );
}

/** Badge of a message that a provider failure holds back: it waits to be retried, it has not failed. */
const WAITING_LABEL = 'Waiting to retry';

/** A message still queued (or being sent) after a failed attempt: waiting out a provider outage. */
const isWaiting = (a: { status?: string | null; error?: string | null }) => (a.status === 'queued' || a.status === 'sending') && !!a.error;

/** The timeline of one lead (GET /api/leads/{id}/activities), kept fresh by `lead:activity`. */
export function LeadTimeline({ leadId }: { leadId: number }) {
  const timeline = useQuery(leadTimelineQuery(leadId));
  return (
    <Box aria-busy={timeline.isFetching} aria-label="Activity timeline" role="region">
      {timeline.isPending ? (
        <LoadingBlocks h="4" />
      ) : timeline.isError ? (
        <Text role="alert" fontSize="sm">
          Could not load the activity timeline.
        </Text>
      ) : (
        <ActivityList items={timeline.data} />
      )}
    </Box>
  );
}
