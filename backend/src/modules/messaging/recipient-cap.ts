/**
 * The per-recipient cap of automated messages to addresses a visitor typed (architecture.md
 * "Public writes pass one guard": messages to an address a visitor typed pass a per-recipient cap
 * in messaging). Pure helpers; the check itself is OutboundMessagesService.recordVisitorAddressed.
 */
import type { OutboundChannel } from '@ironclad/contracts';
import { normalizeEmail, normalizePhone } from './consent.js';

/** The rolling period of the cap, in hours. */
export const RECIPIENT_CAP_HOURS = 24;

/** Mailbox providers that ignore dots in the local part (one inbox, many spellings). */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The key one recipient's messages are counted under: `email:<local>@<domain>` lower-cased with any
 * `+tag` dropped (and the dots of Gmail local parts), so `Victim+1@x.com` and `victim@x.com` are
 * one inbox; `sms:<E.164>` for numbers. A number that cannot be normalised counts as typed.
 */
export function recipientCapKey(channel: OutboundChannel, recipient: string): string {
  if (channel === 'sms') return `sms:${normalizePhone(recipient) ?? recipient.trim()}`;
  const email = normalizeEmail(recipient);
  const at = email.lastIndexOf('@');
  if (at < 0) return `email:${email}`;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `email:${local}@${domain}`;
}

/** The reason stored on a message suppressed by the cap (shown in the lead's timeline). */
export const capReason = (cap: number) =>
  `suppressed: this address already received ${cap} automated message${cap === 1 ? '' : 's'} in the last ${RECIPIENT_CAP_HOURS} h (RECIPIENT_CAP_PER_DAY); staff can send it by hand`;
