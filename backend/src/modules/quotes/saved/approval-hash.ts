/**
 * The fingerprint an approval signs (issue 21 point 6): SHA-256 of the RFC 8785 canonical JSON
 * (the `canonicalize` library: sorted keys, no whitespace, canonical numbers) of exactly what the
 * customer saw and chose — the quote version (lead id, version number, every option with its
 * prices, expiry) and the chosen option. Any change to a price, a line or the choice changes the hash,
 * so staff can show which version was signed.
 */
import { createHash } from 'node:crypto';
import canonicalizeModule from 'canonicalize';
import type { QuoteOptionKey, QuoteOptions } from '@ironclad/contracts';

// `canonicalize` is CommonJS (`module.exports = serialize`) while its typings declare an ES default
// export: under NodeNext the import is the function at run time, typed here as what it is.
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/** What an approval hash covers. */
export interface ApprovedContent {
  leadId: number;
  version: number;
  options: QuoteOptions;
  /** ISO-8601. */
  expiresAt: string;
  chosenOption: QuoteOptionKey;
}

/** The canonical JSON (RFC 8785) of `content`. */
export function canonicalQuoteJson(content: ApprovedContent): string {
  const json = canonicalize({
    leadId: content.leadId,
    version: content.version,
    options: content.options,
    expiresAt: content.expiresAt,
    chosenOption: content.chosenOption,
  });
  if (json === undefined) throw new Error('quote content is not serialisable');
  return json;
}

/** SHA-256 (64 hex characters) of {@link canonicalQuoteJson}. */
export function approvalHash(content: ApprovedContent): string {
  return createHash('sha256').update(canonicalQuoteJson(content), 'utf8').digest('hex');
}
