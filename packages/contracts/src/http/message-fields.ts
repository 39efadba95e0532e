/**
 * Field schemas shared by the communication calls' bodies (communications.ts, campaigns.ts).
 * Internal to contracts: not exported from the package root.
 */
import { z } from 'zod';
import { SMS_MAX_LENGTH } from '../communications.js';
import { limitedText } from '../text.js';

/** A template reference: its name (e.g. `welcome`) or its numeric id. */
export const templateRef = z.union([z.number().int().positive(), limitedText(100).min(1, { error: 'Template is required.' })]);

/** The text of an SMS: 1 to SMS_MAX_LENGTH characters (may use template variables). */
export const smsText = limitedText(SMS_MAX_LENGTH).min(1, { error: 'Message is required.' });
