/**
 * Consent calls for recipients (decisions.md §15). Public: no staff session.
 *
 * POST /api/webhooks/twilio/inbound is Twilio's inbound-SMS webhook (form-encoded, signature in
 * X-Twilio-Signature): STOP / START keywords (SMS_STOP_KEYWORDS, SMS_START_KEYWORDS) opt the
 * sender out or back in; it answers empty TwiML (`text/xml`), so it has no JSON schema.
 */
import { z } from 'zod';
import { COMMUNICATION_CHANNELS } from '../communications.js';

/** Answer of GET /api/unsubscribe/{token}: what the token unsubscribes and whether it already is; 404 invalid link. */
export const unsubscribeInfoSchema = z.object({
  channel: z.enum(COMMUNICATION_CHANNELS),
  /** The address, partly masked (e.g. `j•••@example.com`). */
  email: z.string().optional(),
  phone: z.string().optional(),
  optedOut: z.boolean(),
});
export type UnsubscribeInfo = z.output<typeof unsubscribeInfoSchema>;

/**
 * Answer of POST /api/unsubscribe/{token} (idempotent; no body, or the RFC 8058 one-click form
 * body `List-Unsubscribe=One-Click` of the List-Unsubscribe-Post header); 404 invalid link.
 */
export const unsubscribeResponseSchema = z.object({ optedOut: z.literal(true) });
export type UnsubscribeResponse = z.output<typeof unsubscribeResponseSchema>;
