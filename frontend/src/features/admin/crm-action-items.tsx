/**
 * CRM Action Items (staff-side.md §4; issue 22 point 2): the OPEN follow-ups of every lead,
 * computed on the server over the whole leads table (GET /api/crm/action-items): an action leaves
 * by itself once its effect is recorded (email / SMS sent, call logged). Most overdue first, paged,
 * with the totals; each action shows when it is due, a link for its channel, and Snooze / Dismiss.
 * With a large leads table the totals come from the server's counts cache: their time is shown.
 */
import { Badge, Box, Button, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Lead, OpenActionItem } from '@ironclad/contracts';
import { useState } from 'react';
import { formatDate, formatDay, formatTime, fullName } from '../../lib/format';
import { statusColor, STATUS_LABELS } from '../../lib/lead-status';
import { useActionItems, useDecideActionItem } from '../leads/api/crm';

const URGENCY_COLOR = { high: 'red', medium: 'yellow', low: 'gray' } as const;
/** How long "Snooze" hides an action. */
const SNOOZE_HOURS = 24;

/** "due in 3 h" / "overdue by 2 days", from now. */
export function dueText(dueAt: string, now: number = Date.now()): string {
  const ms = new Date(dueAt).getTime() - now;
  const hours = Math.abs(ms) / 3_600_000;
  const span =
    hours < 1 ? `${Math.max(1, Math.round(hours * 60))} min` : hours < 48 ? `${Math.round(hours)} h` : `${Math.round(hours / 24)} days`;
  return ms >= 0 ? `due in ${span}` : `overdue by ${span}`;
}
const CHANNEL_LABEL = { email: 'Email', sms: 'SMS', call: 'Call' } as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * `onView` opens the lead detail modal; `onSend` the send-email / send-SMS dialog of an email or
 * SMS action; a call action is a tel: link (when the lead has a phone).
 */
export function CrmActionItems({ onView, onSend }: { onView: (lead: Lead) => void; onSend: (lead: Lead, type: 'email' | 'sms') => void }) {
  const [page, setPage] = useState(1);
  const q = useActionItems(page);
  const decide = useDecideActionItem();
  if (q.isPending) return <Spinner />;
  if (q.isError) return <Text role="alert">Failed to fetch leads. Please check your connection and try again.</Text>;
  const { items, total, pageSize, counts, countsAsOf, today } = q.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Box aria-busy={q.isFetching}>
      <Text mb="3" fontSize="sm" data-testid="action-items-summary">
        {plural(total, 'lead')} to follow up ({counts.byLeadUrgency.high} overdue, {counts.byLeadUrgency.medium} due soon) ·{' '}
        {plural(counts.actions, 'open action')} · {counts.byChannel.email} email, {counts.byChannel.sms} SMS,{' '}
        {plural(counts.byChannel.call, 'call')} · today is {formatDay(today)} (New York)
        {countsAsOf && (
          <Text as="span" color="fg.muted" data-testid="action-items-counts-as-of">
            {' '}
            · totals as of {formatTime(countsAsOf)}, refreshed every minute
          </Text>
        )}
      </Text>
      {decide.isError && (
        <Text role="alert" color="red.600" fontSize="sm" mb="2">
          The action could not be snoozed or dismissed. Please try again.
        </Text>
      )}
      {items.length === 0 ? (
        <Text color="fg.muted">No action items.</Text>
      ) : (
        <Stack gap="3" as="ul" aria-label="Action items">
          {items.map(({ lead, urgency, actions }) => (
            <Box as="li" listStyleType="none" key={lead.id} borderWidth="1px" rounded="md" p="3" data-testid="action-item">
              <Flex justify="space-between" gap="2" wrap="wrap">
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{fullName(lead)}</Text>
                  <Badge colorPalette={statusColor(lead.status)}>{STATUS_LABELS[lead.status]}</Badge>
                  <Badge colorPalette={URGENCY_COLOR[urgency]} variant="solid">
                    {urgency} urgency
                  </Badge>
                </HStack>
                <HStack gap="2">
                  <Text fontSize="xs" color="fg.muted">
                    {formatDate(lead.createdAt)}
                  </Text>
                  <Button size="xs" onClick={() => onView(lead)}>
                    View
                  </Button>
                </HStack>
              </Flex>
              <Stack as="ul" gap="1" mt="2">
                {actions.map((a) => (
                  <HStack as="li" key={a.key} gap="2" wrap="wrap" data-testid={`action-${a.key}`}>
                    <Badge variant="outline">{CHANNEL_LABEL[a.channel]}</Badge>
                    <Text fontSize="sm">{a.title}</Text>
                    <Text fontSize="xs" color={a.overdue ? 'red.600' : 'fg.muted'} fontWeight={a.overdue ? 'semibold' : undefined}>
                      {dueText(a.dueAt)}
                    </Text>
                    <ActionButton action={a} lead={lead} onSend={onSend} />
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={`Snooze "${a.title}" for ${fullName(lead)} for ${SNOOZE_HOURS} hours`}
                      disabled={decide.isPending}
                      onClick={() =>
                        decide.mutate({
                          leadId: lead.id,
                          key: a.key,
                          kind: 'snooze',
                          until: new Date(Date.now() + SNOOZE_HOURS * 3_600_000).toISOString(),
                        })
                      }
                    >
                      Snooze 1 day
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={`Dismiss "${a.title}" for ${fullName(lead)}`}
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ leadId: lead.id, key: a.key, kind: 'dismiss' })}
                    >
                      Dismiss
                    </Button>
                  </HStack>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      <HStack mt="3" justify="flex-end">
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
    </Box>
  );
}

/** The button of an action's channel: the send dialog for email / SMS, a tel: link for a call. */
function ActionButton({
  action,
  lead,
  onSend,
}: {
  action: OpenActionItem;
  lead: Lead;
  onSend: (lead: Lead, type: 'email' | 'sms') => void;
}) {
  const label = `${CHANNEL_LABEL[action.channel]} ${fullName(lead)}`;
  if (action.channel === 'email')
    return (
      <Button size="xs" variant="outline" aria-label={label} onClick={() => onSend(lead, 'email')}>
        Email
      </Button>
    );
  if (!lead.phone) return null;
  if (action.channel === 'sms')
    return (
      <Button size="xs" variant="outline" aria-label={label} onClick={() => onSend(lead, 'sms')}>
        SMS
      </Button>
    );
  return (
    <Button asChild size="xs" variant="outline">
      <a href={`tel:${lead.phone}`} aria-label={label}>
        Call
      </a>
    </Button>
  );
}
