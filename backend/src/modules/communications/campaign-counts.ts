/**
 * A campaign's live counts, computed from its recipient rows (`outbound_messages`, index
 * campaign_id + status), and the campaign as the staff API and the `campaign:progress` event
 * show it (staff-side.md §7; decisions.md §8).
 */
import type { Campaign, CampaignProgress, CampaignSummary } from '@ironclad/contracts';
import type { CampaignRecord } from './campaign.entity.js';

/** Window of the sending rate in CampaignProgress (s). */
const RATE_WINDOW_S = 5;

/** Live counts of one campaign, from its recipient rows. */
export interface CampaignCounts {
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  notDelivered: number;
  cancelled: number;
  recent: number;
}
export const ZERO_COUNTS: CampaignCounts = { queued: 0, sent: 0, failed: 0, skipped: 0, notDelivered: 0, cancelled: 0, recent: 0 };

/** Counts of the campaigns `$1` (an id array), one row per campaign that has recipients. */
export const COUNTS_SQL = `
  SELECT campaign_id AS id,
    count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS queued,
    count(*) FILTER (WHERE status = 'sent')::int AS sent,
    count(*) FILTER (WHERE status = 'failed')::int AS failed,
    count(*) FILTER (WHERE status = 'skipped')::int AS skipped,
    count(*) FILTER (WHERE status = 'not_delivered')::int AS "notDelivered",
    count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
    count(*) FILTER (WHERE status IN ('sent', 'failed', 'not_delivered') AND updated_at > now() - interval '${RATE_WINDOW_S} seconds')::int AS recent
  FROM outbound_messages WHERE campaign_id = ANY($1) GROUP BY campaign_id`;

/** True while the worker is still resolving the campaign's audience (a cancelled or sent one is not). */
export const isPreparing = (r: CampaignRecord) => r.preparedAt === null && r.status !== 'cancelled' && r.status !== 'sent';

function summaryOf(r: CampaignRecord, c: CampaignCounts): CampaignSummary | null {
  if (r.status !== 'sent' && r.status !== 'cancelled') return null;
  return r.summary ?? { successful: c.sent, failed: c.failed, total: r.total };
}

/** The campaign as GET /api/campaigns answers it (counts from its recipient rows). */
export function toCampaign(r: CampaignRecord, c: CampaignCounts): Campaign {
  return {
    id: r.id,
    name: r.name,
    type: r.channel,
    template: r.templateName,
    message: r.message,
    filter: r.filter,
    status: r.status,
    preparing: isPreparing(r),
    recipients: r.total,
    queued: c.queued,
    sent: c.sent,
    failed: c.failed,
    skipped: c.skipped,
    notDelivered: c.notDelivered,
    cancelled: c.cancelled,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt ? r.startedAt.toISOString() : null,
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    createdBy: r.createdBy,
    summary: summaryOf(r, c),
  };
}

/** The `campaign:progress` payload: counts, percent done (of the recipients stored so far while preparing) and the recent sending rate (per second). */
export function toProgress(r: CampaignRecord, c: CampaignCounts): CampaignProgress {
  const finished = r.total - c.queued;
  const preparing = isPreparing(r);
  const elapsedS = r.startedAt ? Math.max(0.001, (Date.now() - r.startedAt.getTime()) / 1000) : RATE_WINDOW_S;
  return {
    campaignId: r.id,
    status: r.status,
    preparing,
    total: r.total,
    queued: c.queued,
    sent: c.sent,
    failed: c.failed,
    skipped: c.skipped,
    notDelivered: c.notDelivered,
    cancelled: c.cancelled,
    percent: r.total === 0 ? (preparing ? 0 : 100) : Math.floor((finished / r.total) * 1000) / 10,
    ratePerSecond: Math.round((c.recent / Math.min(RATE_WINDOW_S, elapsedS)) * 10) / 10,
    at: Date.now(),
  };
}
