/** Display helpers of the staff screens (USD without decimals, staff-side.md §9). */
import type { LeadStatus } from '@ironclad/contracts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatUsd = (n: number) => usd.format(n);
export const formatUsdCents = (n: number) => usdCents.format(n);
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
/** A calendar date `YYYY-MM-DD` as text, whatever the browser's time zone. */
export const formatDay = (ymd: string) => new Date(`${ymd}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Labels of the one status model (decisions.md §5). */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New', contacted: 'Contacted', qualified: 'Qualified', proposal: 'Quoted / Proposal', negotiation: 'Negotiation', won: 'Won', lost: 'Lost',
};

/**
 * CRM badge colours (staff-side.md §4): new blue, contacted yellow, qualified green, proposal
 * purple, negotiation orange, closed-won emerald (a palette the staff theme adds, see
 * staff-ui-provider.tsx), closed-lost red, any other gray.
 */
export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'blue', contacted: 'yellow', qualified: 'green', proposal: 'purple', negotiation: 'orange', won: 'emerald', lost: 'red',
};

/** The badge colour palette of a status; gray for a status outside the pipeline. */
export const statusColor = (status: string): string => STATUS_COLORS[status as LeadStatus] ?? 'gray';

export const fullName = (l: { firstName: string | null; lastName: string | null }) => [l.firstName, l.lastName].filter(Boolean).join(' ') || '(no name)';

/** Building info as one line: type, size, square footage. */
export function buildingLine(b: Record<string, unknown>): string {
  return [b.type, b.size ?? b.buildingSize, b.squareFootage ? `${String(b.squareFootage)} sq ft` : undefined].filter((v) => v !== undefined && v !== null && v !== '').map(String).join(' · ');
}
