/** Display helpers of the communication screens (labels and badge colours of the contract enums). */
import type { ActivityType, Campaign, CampaignStatus, MessageStatus } from '@ironclad/contracts';

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  queued: 'Queued',
  active: 'Sending',
  paused: 'Paused',
  cancelled: 'Cancelled',
  sent: 'Completed',
};
export const CAMPAIGN_STATUS_COLORS: Record<CampaignStatus, string> = {
  queued: 'gray',
  active: 'blue',
  paused: 'yellow',
  cancelled: 'red',
  sent: 'green',
};

/** The counts a campaign's badge and bar are drawn from (stored or live). */
export interface CampaignTally {
  status: CampaignStatus;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  notDelivered: number;
  cancelled: number;
}

/** The tally of a stored campaign. */
export const tallyOf = (
  c: Pick<Campaign, 'status' | 'recipients' | 'sent' | 'failed' | 'skipped' | 'notDelivered' | 'cancelled'>,
): CampaignTally => ({
  status: c.status,
  total: c.recipients,
  sent: c.sent,
  failed: c.failed,
  skipped: c.skipped,
  notDelivered: c.notDelivered,
  cancelled: c.cancelled,
});

/**
 * The badge of a campaign (issue 22 point 1): its status label, coloured by what really happened.
 * A completed campaign is green only when every recipient that was not skipped or cancelled was
 * sent; with some not delivered or failed it is orange with a warning; with none delivered it is
 * red with the warning "Nothing delivered", never shown as a success.
 */
export function campaignBadge(t: CampaignTally): { label: string; color: string; warning: string | null } {
  const label = CAMPAIGN_STATUS_LABELS[t.status];
  if (t.status !== 'sent') return { label, color: CAMPAIGN_STATUS_COLORS[t.status], warning: null };
  const undelivered = t.notDelivered + t.failed;
  if (t.total > 0 && t.sent === 0)
    return { label, color: 'red', warning: `Nothing delivered: 0 of ${t.total} sent${undelivered ? ` (${problemText(t)})` : ''}.` };
  if (undelivered > 0) return { label, color: 'orange', warning: `${t.sent} of ${t.total} sent; ${problemText(t)}.` };
  return { label, color: 'green', warning: null };
}

const problemText = (t: CampaignTally) =>
  [t.notDelivered ? `${t.notDelivered} not delivered` : '', t.failed ? `${t.failed} failed` : ''].filter(Boolean).join(', ');

/** Colours of the bar's segments, one per outcome (legend order). */
export const OUTCOME_SEGMENTS = [
  { key: 'sent', label: 'Sent', color: 'green.500' },
  { key: 'notDelivered', label: 'Not delivered', color: 'orange.400' },
  { key: 'failed', label: 'Failed', color: 'red.500' },
  { key: 'skipped', label: 'Skipped', color: 'purple.400' },
  { key: 'cancelled', label: 'Cancelled', color: 'gray.400' },
] as const;

/** Still draining (its bar follows `campaign:progress`). */
export const isCampaignRunning = (s: CampaignStatus) => s === 'queued' || s === 'active' || s === 'paused';

/** Finished recipients / total × 100, rounded down (100 for an empty campaign), like the server's. */
export function campaignPercent(
  c: Pick<Campaign, 'preparing' | 'recipients' | 'sent' | 'failed' | 'skipped' | 'notDelivered' | 'cancelled'>,
): number {
  if (c.recipients === 0) return c.preparing ? 0 : 100;
  return Math.min(100, Math.floor(((c.sent + c.failed + c.skipped + c.notDelivered + c.cancelled) / c.recipients) * 100));
}

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  not_delivered: 'Not delivered',
  skipped: 'Skipped (opted out)',
  cancelled: 'Cancelled',
  suppressed: 'Suppressed (not sent)',
};
export const MESSAGE_STATUS_COLORS: Record<MessageStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  not_delivered: 'orange',
  skipped: 'purple',
  cancelled: 'gray',
  suppressed: 'yellow',
};

export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  email: 'Email',
  sms: 'SMS',
  call: 'Call note',
  note: 'Note',
  status_change: 'Status change',
  payment: 'Payment',
  lead_created: 'Lead created',
};
