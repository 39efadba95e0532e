/** Labels and badge colours of the one lead status model (decisions.md §5), shared by the staff screens. */
import type { LeadStatus } from '@ironclad/contracts';

/** Labels of the one status model (decisions.md §5). */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  proposal: 'Quoted / Proposal',
  negotiation: 'Negotiation',
  won: 'Won',
  lost: 'Lost',
};

/**
 * CRM badge colours (staff-side.md §4): new blue, contacted yellow, qualified green, proposal
 * purple, negotiation orange, closed-won emerald (a palette the staff theme adds, see
 * features/admin/staff-ui-provider.tsx), closed-lost red, any other gray.
 */
export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'yellow',
  qualified: 'green',
  proposal: 'purple',
  negotiation: 'orange',
  won: 'emerald',
  lost: 'red',
};

/** The badge colour palette of a status; gray for a status outside the pipeline. */
export const statusColor = (status: string): string => STATUS_COLORS[status as LeadStatus] ?? 'gray';
