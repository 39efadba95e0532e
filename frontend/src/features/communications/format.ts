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

/** Still draining (its bar follows `campaign:progress`). */
export const isCampaignRunning = (s: CampaignStatus) => s === 'queued' || s === 'active' || s === 'paused';

/** Finished recipients / total × 100, rounded down (100 for an empty campaign), like the server's. */
export function campaignPercent(c: Pick<Campaign, 'recipients' | 'sent' | 'failed' | 'skipped' | 'notDelivered' | 'cancelled'>): number {
  if (c.recipients === 0) return 100;
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
