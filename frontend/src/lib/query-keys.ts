/**
 * TanStack Query keys shared by several features. Each feature's own keys are in its
 * `api/keys.ts` (or beside its only query); invalidations use the same registry as the queries,
 * so they always match.
 */
export const sharedKeys = {
  /** Root of every staff query key: forgetStaffSession (features/admin) drops them all when the session ends. */
  staff: ['staff'] as const,
  /**
   * The staff contacts list (features/leads) and what hangs under it (a contact's payments);
   * the public contact forms invalidate it whenever a visitor submits one (spec §4).
   */
  contacts: ['contacts'] as const,
  /**
   * The communications centre's lead activity list (features/communications). It shows each
   * lead's pipeline stage, so the staff live updates (features/admin) invalidate it when a lead
   * changes.
   */
  leadActivities: ['staff', 'comms', 'activities'] as const,
} as const;
