/**
 * Live communications over the site's Socket.IO connection (lib/socket.ts; the gateway admits
 * staff sessions to these events, decisions.md §2):
 * - `campaign:watch` {campaignId} → `campaign:progress` (CampaignProgress) snapshots, at most a few
 *   per second per campaign, and a final one when it ends;
 * - `lead:activity` {leadId, message?} → the lead's timeline queries are invalidated; a single
 *   send's outcome (`message`: status and reason) reaches the send dialog that is waiting for it.
 */
import {
  ClientEvent,
  ServerEvent,
  campaignProgressSchema,
  leadActivityEventSchema,
  type Campaign,
  type CampaignProgress,
  type LeadActivityEvent,
} from '@ironclad/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getSocket } from '../../lib/socket';
import { commsKeys } from './api/keys';
import { campaignPercent, isCampaignRunning } from './format';

/** The numbers a progress bar shows. */
export type LiveCounts = Omit<CampaignProgress, 'campaignId' | 'at'>;

/** Listeners per watched campaign; the room is joined once however many bars show it. */
const campaignListeners = new Map<number, Set<(p: CampaignProgress) => void>>();
let wired = false;

/** Adds the campaign handlers to the shared socket once, and connects it. */
function socket() {
  const s = getSocket();
  if (!wired) {
    wired = true;
    s.on(ServerEvent.CampaignProgress, (payload: unknown) => {
      const parsed = campaignProgressSchema.safeParse(payload);
      if (!parsed.success) return console.warn('Ignored a malformed campaign:progress event', parsed.error.issues);
      campaignListeners.get(parsed.data.campaignId)?.forEach((fn) => fn(parsed.data));
    });
    // Rooms are per connection: watch again after a reconnect (the server answers with a snapshot).
    s.on('connect', () => {
      for (const campaignId of campaignListeners.keys()) s.emit(ClientEvent.WatchCampaign, { campaignId });
    });
  }
  if (!s.connected && !s.active) s.connect();
  return s;
}

/** Watches one campaign; returns the function that stops watching. */
export function watchCampaign(campaignId: number, onProgress: (p: CampaignProgress) => void): () => void {
  const s = socket();
  let set = campaignListeners.get(campaignId);
  if (!set) {
    set = new Set();
    campaignListeners.set(campaignId, set);
    if (s.connected) s.emit(ClientEvent.WatchCampaign, { campaignId });
  }
  set.add(onProgress);
  return () => {
    const current = campaignListeners.get(campaignId);
    current?.delete(onProgress);
    if (current && current.size === 0) {
      campaignListeners.delete(campaignId);
      if (s.connected) s.emit(ClientEvent.UnwatchCampaign, { campaignId });
    }
  };
}

/** The counts of a stored campaign, as a progress snapshot. */
export function countsOf(
  c: Pick<Campaign, 'status' | 'preparing' | 'recipients' | 'queued' | 'sent' | 'failed' | 'skipped' | 'notDelivered' | 'cancelled'>,
): LiveCounts {
  return {
    status: c.status,
    preparing: c.preparing,
    total: c.recipients,
    queued: c.queued,
    sent: c.sent,
    failed: c.failed,
    skipped: c.skipped,
    notDelivered: c.notDelivered,
    cancelled: c.cancelled,
    percent: campaignPercent(c),
    ratePerSecond: 0,
  };
}

/**
 * Live counts of a campaign: starts from the stored ones and follows `campaign:progress` while it
 * runs. A change of the stored status (pause, resume, the end) starts from the stored counts
 * again; when the campaign ends, the stored campaign (and its summary) is refetched.
 */
export function useCampaignProgress(campaign: Campaign): LiveCounts {
  const qc = useQueryClient();
  const running = isCampaignRunning(campaign.status);
  const [live, setLive] = useState<{ storedStatus: Campaign['status']; progress: CampaignProgress } | null>(null);
  useEffect(() => {
    if (!running) return;
    return watchCampaign(campaign.id, (progress) => {
      setLive((prev) =>
        prev && prev.storedStatus === campaign.status && prev.progress.at > progress.at
          ? prev
          : { storedStatus: campaign.status, progress },
      );
      if (!isCampaignRunning(progress.status)) void qc.invalidateQueries({ queryKey: commsKeys.campaigns });
    });
  }, [campaign.id, campaign.status, running, qc]);
  if (running && live && live.storedStatus === campaign.status) {
    const { campaignId: _id, at: _at, ...counts } = live.progress;
    return counts;
  }
  return countsOf(campaign);
}

/**
 * Keeps the activity timelines fresh: on `lead:activity` {leadId} the lead's timeline and the
 * activity lists are invalidated (refetched when shown). Mount once per staff screen.
 */
export function useLeadActivityLive(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const s = socket();
    const onActivity = (payload: unknown) => {
      const parsed = leadActivityEventSchema.safeParse(payload);
      if (!parsed.success) return;
      void qc.invalidateQueries({ queryKey: commsKeys.timeline(parsed.data.leadId) });
      void qc.invalidateQueries({ queryKey: commsKeys.activities });
    };
    s.on(ServerEvent.LeadActivity, onActivity);
    return () => {
      s.off(ServerEvent.LeadActivity, onActivity);
    };
  }, [qc]);
}

/** The stored outcome of one message, as `lead:activity` reports it after each delivery attempt. */
export type MessageOutcome = NonNullable<LeadActivityEvent['message']>;

/**
 * The outcomes of this lead's messages as they arrive over `lead:activity` (by message id), from
 * the moment the component mounts: mount it before sending so a fast outcome is not missed.
 */
export function useMessageOutcomes(leadId: number): ReadonlyMap<number, MessageOutcome> {
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, MessageOutcome>>(() => new Map());
  useEffect(() => {
    const s = socket();
    const onActivity = (payload: unknown) => {
      const parsed = leadActivityEventSchema.safeParse(payload);
      if (!parsed.success || parsed.data.leadId !== leadId || !parsed.data.message) return;
      const m = parsed.data.message;
      setOutcomes((prev) => new Map(prev).set(m.id, m));
    };
    s.on(ServerEvent.LeadActivity, onActivity);
    return () => {
      s.off(ServerEvent.LeadActivity, onActivity);
    };
  }, [leadId]);
  return outcomes;
}
