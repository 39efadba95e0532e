/** Labels and badge colours of the one lead status model (decisions.md §5) and the source labels, shared by the staff screens. */
import { LEAD_SOURCE_LABELS, type LeadSource, type LeadStatus } from '@ironclad/contracts';

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

/** Human labels of the lead sources (LEAD_SOURCES): staff never see the stored codes. */
export const SOURCE_LABELS: Record<LeadSource, string> = LEAD_SOURCE_LABELS;

/** The label of a source; a code outside LEAD_SOURCES (older rows) reads as "Unknown". */
export const sourceLabel = (source: string | null | undefined): string => SOURCE_LABELS[(source ?? 'unknown') as LeadSource] ?? 'Unknown';
