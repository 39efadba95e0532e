/**
 * The deposit token of a wizard quote (issue 25 point 4, "No card testing"): a deposit
 * PaymentIntent is addressed by this unguessable token, never by the lead's sequential id.
 */
import { z } from 'zod';

/** Length of a deposit token: 32 random bytes in base64url without padding. */
export const DEPOSIT_TOKEN_LENGTH = 43;

/** A deposit token as the server hands it out (base64url, {@link DEPOSIT_TOKEN_LENGTH} characters). */
export const depositTokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Not a deposit token.' });
