/**
 * Consent helpers (decisions.md §15): address normalisation and signed unsubscribe tokens.
 *
 * A token names one address on one channel and is signed with HMAC-SHA256:
 * `{base64url(channel + ':' + address)}.{base64url(first 16 bytes of the HMAC)}`. The key is
 * UNSUBSCRIBE_SECRET, else derived from SESSION_SECRET (required in production). Outside
 * production with neither set, a development key derived from DATABASE_URL is used so that the api
 * and the worker agree; such tokens are only as secret as that URL.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CommunicationChannel } from '@ironclad/contracts';
import type { Env } from '../../platform/config/env.js';
import { derivedSecret } from '../../platform/config/derived-secret.js';

/** Lower-cased, trimmed email. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * E.164 form of a phone number: `+` and digits kept as given; 10 digits are a US number (+1);
 * 11 digits starting with 1 too. Returns null when fewer than 10 digits remain.
 */
export function normalizePhone(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

/** The normalised address of `recipient` on `channel`, or null when it is not a usable one. */
export const normalizeAddress = (channel: CommunicationChannel, recipient: string): string | null =>
  channel === 'email' ? normalizeEmail(recipient) : normalizePhone(recipient);

/** The HMAC key of unsubscribe tokens for this configuration. */
export function unsubscribeKey(env: Pick<Env, 'UNSUBSCRIBE_SECRET' | 'SESSION_SECRET' | 'DATABASE_URL'>): Buffer {
  return derivedSecret(env, 'unsubscribe', env.UNSUBSCRIBE_SECRET);
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

/** A signed token for `address` (already normalised) on `channel`. */
export function unsubscribeToken(key: Buffer, channel: CommunicationChannel, address: string): string {
  const payload = `${channel}:${address}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(key, payload).toString('base64url')}`;
}

/** The channel and address of a valid token, or null (malformed or bad signature). */
export function verifyUnsubscribeToken(key: Buffer, token: string): { channel: CommunicationChannel; address: string } | null {
  const [data, sig, extra] = token.split('.');
  if (!data || !sig || extra !== undefined || token.length > 600) return null;
  const payload = Buffer.from(data, 'base64url').toString('utf8');
  const expected = sign(key, payload);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const colon = payload.indexOf(':');
  const channel = payload.slice(0, colon);
  const address = payload.slice(colon + 1);
  if ((channel !== 'email' && channel !== 'sms') || !address) return null;
  return { channel, address };
}

/** `j•••@example.com` / `•••••••4567`: enough for a person to recognise their own address. */
export function maskAddress(channel: CommunicationChannel, address: string): string {
  if (channel === 'sms') return `${'•'.repeat(Math.max(0, address.length - 4))}${address.slice(-4)}`;
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
