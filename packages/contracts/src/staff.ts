/**
 * Limits of the staff lists (staff-side.md §7). The staff calls are in http/ (leads.ts,
 * contacts.ts, crm.ts, exports.ts).
 */
import { LEAD_STATUSES } from './lead.js';

/** Largest page of a staff list. */
export const STAFF_PAGE_SIZE_MAX = 200;

export { LEAD_STATUSES };
