/**
 * What public forms send besides their own fields, so the api can tell people from bots
 * (issue "Public endpoints hold up against bots"; OWASP ASVS 4 V11.1.4 anti-automation).
 *
 * - `website`: a honeypot input, hidden from people and assistive technology; a person leaves it
 *   empty, a form-filling bot does not.
 * - `formElapsedMs`: ms between the form being shown and submitted; far quicker than a person
 *   can type means a script.
 * - `altcha`: the ALTCHA widget's payload (base64 JSON of the challenge and its proof-of-work
 *   solution), required once an address passes the soft threshold or when CHALLENGE_MODE=always.
 *
 * The api takes these fields off the body before the route's own schema sees it, so every
 * public write accepts them.
 */
import { z } from 'zod';

/** Why a stored lead or contact is taken for a bot's (it is kept, flagged, and hidden by default). */
export const SPAM_REASONS = ['honeypot', 'too_fast'] as const;
export type SpamReasonValue = (typeof SPAM_REASONS)[number];

/** Name of the honeypot input every public form carries. */
export const HONEYPOT_FIELD = 'website';

export const formSignalsSchema = z.object({
  website: z.string().max(500).optional(),
  formElapsedMs: z.number().int().min(0).max(86_400_000).optional(),
  altcha: z.string().max(20_000).optional(),
});
export type FormSignals = z.infer<typeof formSignalsSchema>;

/** GET /api/challenge: an ALTCHA (PoW v2) challenge, signed by the server, for the widget. */
export const altchaChallengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().optional(),
    })
    .loose(),
  signature: z.string().optional(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;
