/**
 * The staff workspace calls of issue 22 (points 5 and 6): the pipeline board, notes on a lead
 * and the staff users managed from the admin. Staff only (401 without a session, 403 for a
 * non-admin).
 *
 * Units: money in whole US dollars; dates ISO-8601 strings.
 */
import { z } from 'zod';
import { LEAD_SOURCES, LEAD_STATUSES } from '../lead.js';
import { emailField } from '../contact.js';
import { limitedText, optionalText } from '../text.js';
import { leadSchema } from './leads.js';
import { ownerFilterField } from './staff.js';

// ---------------------------------------------------------------------------------------------
// GET /api/leads/board
// ---------------------------------------------------------------------------------------------

/** Most cards a board column shows (the column's count and total cover all its leads). */
export const BOARD_COLUMN_MAX = 100;

/**
 * Query of GET /api/leads/board: the same source and owner filters as the lead list, a search,
 * and how many cards per column (newest first; default 25, at most BOARD_COLUMN_MAX).
 */
export const leadBoardQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    source: z.union([z.literal('all'), z.enum(LEAD_SOURCES)]).optional(),
    owner: ownerFilterField.optional(),
    perColumn: z.coerce.number().int().min(1).max(BOARD_COLUMN_MAX).default(25),
  })
  .strict();
export type LeadBoardQuery = z.output<typeof leadBoardQuerySchema>;

/** One board column: a stage of the pipeline (decisions.md §5), its lead count and estimate total, its newest cards. */
export const leadBoardColumnSchema = z.object({
  status: z.enum(LEAD_STATUSES),
  /** Leads at this stage matching the filters (all of them, not only the cards). */
  count: z.number().int(),
  /** Sum of their estimates, whole dollars (leads without one count 0). */
  totalEstimate: z.number().int(),
  leads: z.array(leadSchema),
});
export type LeadBoardColumn = z.output<typeof leadBoardColumnSchema>;

/** Answer of GET /api/leads/board: one column per stage, in pipeline order. */
export const leadBoardResponseSchema = z.object({ columns: z.array(leadBoardColumnSchema) });
export type LeadBoardResponse = z.output<typeof leadBoardResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Notes: GET/POST /api/leads/{id}/notes, PATCH /api/leads/{id}/notes/{noteId}
// ---------------------------------------------------------------------------------------------

/** Longest note (characters). */
export const LEAD_NOTE_MAX_LENGTH = 5000;

/** Body of POST /api/leads/{id}/notes and PATCH /api/leads/{id}/notes/{noteId}. */
export const leadNoteInputSchema = z
  .object({ body: limitedText(LEAD_NOTE_MAX_LENGTH).min(1, { error: 'Write the note first.' }) })
  .strict();
export type LeadNoteInput = z.output<typeof leadNoteInputSchema>;

/** A note on a lead. `editable`: whether the signed-in user wrote it (only the author may edit it). */
export const leadNoteSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  body: z.string(),
  authorId: z.string().nullable(),
  authorEmail: z.string(),
  /** The author's name (first and last), or null when not set. */
  authorName: z.string().nullable(),
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeadNote = z.output<typeof leadNoteSchema>;

/** Answer of GET /api/leads/{id}/notes: newest first. */
export const leadNotesResponseSchema = z.object({ notes: z.array(leadNoteSchema) });
export type LeadNotesResponse = z.output<typeof leadNotesResponseSchema>;

/** Answer of POST (201) and PATCH (200) of a note. */
export const leadNoteResponseSchema = z.object({ note: leadNoteSchema });
export type LeadNoteResponse = z.output<typeof leadNoteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Staff users: GET/POST /api/staff-users, PATCH /api/staff-users/{id}
// ---------------------------------------------------------------------------------------------

/** A staff account as the admin lists it. `active` false: deactivated (cannot sign in). */
export const staffAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type StaffAccount = z.output<typeof staffAccountSchema>;

/** Answer of GET /api/staff-users: active users first, then by name. */
export const staffAccountsResponseSchema = z.object({ users: z.array(staffAccountSchema) });
export type StaffAccountsResponse = z.output<typeof staffAccountsResponseSchema>;

/** Body of POST /api/staff-users (invite): name, email, admin flag. */
export const inviteStaffUserSchema = z
  .object({
    firstName: limitedText(100).min(1, { error: 'Enter a first name.' }),
    lastName: optionalText(100),
    email: emailField,
    isAdmin: z.boolean().default(false),
  })
  .strict();
export type InviteStaffUserInput = z.input<typeof inviteStaffUserSchema>;
export type InviteStaffUser = z.output<typeof inviteStaffUserSchema>;

/**
 * 201 answer of POST /api/staff-users: the new user and its one-time password (shown once to the
 * inviting admin, who passes it on; only its Argon2id hash is stored).
 */
export const inviteStaffAccountResponseSchema = z.object({ user: staffAccountSchema, temporaryPassword: z.string() });
export type InviteStaffAccountResponse = z.output<typeof inviteStaffAccountResponseSchema>;

/** Body of PATCH /api/staff-users/{id}: deactivate / reactivate, grant / remove admin. */
export const updateStaffUserSchema = z
  .object({ active: z.boolean().optional(), isAdmin: z.boolean().optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to update.' });
export type UpdateStaffUser = z.output<typeof updateStaffUserSchema>;

/** Answer of PATCH /api/staff-users/{id}. */
export const staffAccountResponseSchema = z.object({ user: staffAccountSchema });
export type StaffAccountResponse = z.output<typeof staffAccountResponseSchema>;
