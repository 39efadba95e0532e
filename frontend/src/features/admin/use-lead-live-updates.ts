/**
 * Live staff data (architecture.md "Progress"): while a staff page is open, the shared socket
 * (session-authenticated, in the server's staff room) receives `lead:changed` whenever anyone
 * creates, updates or deletes a lead, and the queries that show lead data (LEAD_DATA_KEYS) are
 * invalidated so what is on screen refetches without a reload. Bursts of events are coalesced
 * into one refetch; after a reconnect the lead data is refetched once (events may have been
 * missed while offline).
 */
import { leadChangedSchema, ServerEvent } from '@ironclad/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sharedKeys } from '../../lib/query-keys';
import { renewSocketSession } from '../../lib/socket';
import { leadKeys } from '../leads/api/keys';

/** Events closer together than this (ms) cause one refetch. */
export const LIVE_UPDATE_COALESCE_MS = 150;

/**
 * The queries that show lead data: lead lists (leads tab, Pipeline View, communications lead
 * management), KPIs, lead details, CRM Action Items, contacts (Convert to Lead), and the
 * communications centre's lead activity list (each lead's pipeline stage).
 */
const LEAD_DATA_KEYS: readonly (readonly unknown[])[] = [
  leadKeys.leads,
  leadKeys.stats,
  leadKeys.leadDetails,
  leadKeys.actionItems,
  leadKeys.contacts,
  sharedKeys.leadActivities,
];

/** Invalidates the queries that show lead data (only the ones on screen refetch). */
export function invalidateLeadData(qc: QueryClient): Promise<unknown> {
  return Promise.all(LEAD_DATA_KEYS.map((queryKey) => qc.invalidateQueries({ queryKey })));
}

/** Subscribes the open staff page to `lead:changed` (see the file's comment). */
export function useLeadLiveUpdates(): void {
  const qc = useQueryClient();
  useEffect(() => {
    // The socket may have connected before this sign-in: reconnect so the server sees the session.
    const socket = renewSocketSession();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void invalidateLeadData(qc);
      }, LIVE_UPDATE_COALESCE_MS);
    };
    const onLeadChanged = (payload: unknown) => {
      if (!leadChangedSchema.safeParse(payload).success) {
        console.warn('Ignored a malformed lead:changed event');
        return;
      }
      schedule();
    };
    let connectedOnce = socket.connected;
    const onConnect = () => {
      if (connectedOnce) schedule(); // a reconnect: events may have been missed
      connectedOnce = true;
    };
    socket.on(ServerEvent.LeadChanged, onLeadChanged);
    socket.on('connect', onConnect);
    return () => {
      clearTimeout(timer);
      socket.off(ServerEvent.LeadChanged, onLeadChanged);
      socket.off('connect', onConnect);
      // Signed out or left the staff pages: drop the staff room (reconnect with the current cookie).
      renewSocketSession(false);
    };
  }, [qc]);
}

/** Renders nothing; keeps the live updates on while mounted (StaffGate mounts it for admins). */
export function StaffLiveUpdates(): null {
  useLeadLiveUpdates();
  return null;
}
