/**
 * Deposit tokens of wizard quotes (issue 25 point 4, "No card testing"; OWASP OAT-001).
 *
 * A deposit PaymentIntent is created only for a stored quote addressed by an unguessable token,
 * never by the lead's sequential id, so nobody can walk the ids to get client secrets or learn
 * which leads exist. The token is 32 random bytes (256 bits) in base64url, handed out once in the
 * POST /api/leads answer; the lead stores only its SHA-256 (a plain hash suffices: the token has
 * full entropy, so there is nothing to brute-force, and a database read does not reveal it).
 */
import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 (64 hex characters) of a deposit token, as stored in `leads.deposit_token_hash`. */
export function depositTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new deposit token (base64url, 43 characters) and the hash to store with the lead. */
export function newDepositToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: depositTokenHash(token) };
}
