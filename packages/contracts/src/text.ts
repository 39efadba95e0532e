/** Shared text-field helpers for the zod schemas. */
import { z } from 'zod';

/** A trimmed string of at most `max` characters. */
export const limitedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters.` });

/**
 * An optional trimmed string of at most `max` characters; empty strings and null become
 * undefined (so an untouched optional form field is stored as NULL, not "").
 */
export const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), limitedText(max).optional());

/** Largest id of a `serial` key (PostgreSQL integer): ids beyond it cannot exist. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * The id of a stored record (a `serial` key) sent in a body or a query: a whole number from 1 to
 * MAX_RECORD_ID (numeric strings accepted), so an id the database cannot hold is a field error
 * instead of a database error.
 */
export const recordIdField = (error = 'Must be a record id (a whole number from 1).') =>
  z.coerce.number({ error }).int({ error }).min(1, { error }).max(MAX_RECORD_ID, { error });
