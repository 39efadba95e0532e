/** Shared text-field helpers for the zod schemas. */
import { z } from 'zod';

/** A trimmed string of at most `max` characters. */
export const limitedText = (max: number) =>
  z.string().trim().max(max, { error: `Must be at most ${max} characters.` });

/**
 * An optional trimmed string of at most `max` characters; empty strings and null become
 * undefined (so an untouched optional form field is stored as NULL, not "").
 */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    limitedText(max).optional(),
  );
