/**
 * Outbound message channels and statuses (staff-side.md §3 "outbound message"; decisions.md §13,
 * §14), shared by the message log, its jobs and the Communication Centre.
 */

/** Channels of outbound messages. */
export const OUTBOUND_CHANNELS = ['email', 'sms'] as const;
export type OutboundChannel = (typeof OUTBOUND_CHANNELS)[number];

/**
 * Status of an outbound message record. `skipped`: the recipient opted out (never sent);
 * `cancelled`: its campaign was cancelled before it was sent; `suppressed`: held back on purpose
 * and never sent automatically — an automated message to an address a visitor typed over the
 * per-recipient cap, or a staff notification gathered into a digest. The reason is in `error`;
 * staff may send it by hand (POST /api/messages/{id}/send-now).
 */
export const OUTBOUND_STATUSES = ['queued', 'sending', 'sent', 'failed', 'not_delivered', 'skipped', 'cancelled', 'suppressed'] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];
