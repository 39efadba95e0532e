/** Display formatting shared by the staff screens (USD without decimals, staff-side.md §9; dates in en-US). */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Whole dollars as "$12,500". */
export const formatUsd = (n: number) => usd.format(n);
/** Dollars with cents as "$1,234.50". */
export const formatUsdCents = (n: number) => usdCents.format(n);
/** An ISO-8601 instant as its date ("Jan 5, 2026") in the browser's time zone. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
/** A calendar date `YYYY-MM-DD` as text, whatever the browser's time zone. */
export const formatDay = (ymd: string) =>
  new Date(`${ymd}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Date and time in the staff's locale ("Jan 5, 2026, 3:04 PM"). */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** "10:42 AM", the browser's time zone. */
export const formatTime = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { timeStyle: 'short' });

/** A person's name from its parts, "(no name)" when both are missing. */
export const fullName = (l: { firstName: string | null; lastName: string | null }) =>
  [l.firstName, l.lastName].filter(Boolean).join(' ') || '(no name)';
