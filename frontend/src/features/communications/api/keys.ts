/** Query and mutation keys of the communications calls (features/communications). */
import { sharedKeys } from '../../../lib/query-keys';

const comms = [...sharedKeys.staff, 'comms'] as const;

export const commsKeys = {
  /** GET /api/communication-status. */
  status: [...comms, 'status'] as const,
  /** GET /api/email-templates. */
  templates: [...comms, 'templates'] as const,
  /** GET /api/campaigns (and the prefix of each campaign's key). */
  campaigns: [...comms, 'campaigns'] as const,
  /** GET /api/campaigns/{id}. */
  campaign: (id: number) => [...comms, 'campaigns', id] as const,
  /** GET /api/lead-activities (the key ends with the limit); shared: the staff live updates invalidate it. */
  activities: sharedKeys.leadActivities,
  /** POST /api/leads/{id}/message-preview (the key ends with what is previewed). */
  messagePreview: (leadId: number) => [...comms, 'message-preview', leadId] as const,
  /** GET /api/leads/{id}/activities: one lead's timeline. */
  timeline: (leadId: number) => [...comms, 'timeline', leadId] as const,
  /** Mutation key shared by every test send: while one runs, every test button is disabled (§5). */
  test: [...comms, 'test'] as const,
};
