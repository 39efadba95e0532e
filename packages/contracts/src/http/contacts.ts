/**
 * The contact as the API answers it, and the visitors' contact forms (public-site.md §3
 * "Contact", §5, §7 POST /api/contacts). The staff's contact calls are in staff.ts, the contact's
 * payments in payments.ts: the contact forms validate with createContactSchema in the browser, so
 * this file holds only what they need.
 *
 * Dates are ISO-8601 strings.
 */
import { z } from 'zod';
import { SPAM_REASONS } from './bot-defence.js';
import { CONTACT_MESSAGES, emailField, phoneField, SERVICE_TYPES } from '../contact.js';
import { limitedText, optionalText } from '../text.js';
import { jobRefSchema } from './common.js';

/** A required, trimmed name-like field of at most `max` characters. */
const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters.` });

/**
 * Body of POST /api/contacts (public). Unknown fields are rejected (400), so a typo in a client
 * never silently loses data. The same schema validates the contact forms in the browser.
 */
export const createContactSchema = z
  .object({
    firstName: requiredText(CONTACT_MESSAGES.firstName, 100),
    lastName: requiredText(CONTACT_MESSAGES.lastName, 100),
    email: emailField,
    phone: phoneField,
    propertyType: requiredText(CONTACT_MESSAGES.propertyType, 100),
    services: z
      .array(limitedText(100), { error: 'Services must be a list of service names.' })
      .max(20, { error: 'At most 20 services.' })
      .optional()
      .default([]),
    referralSource: optionalText(100),
    message: optionalText(5000),
    serviceType: z.enum(SERVICE_TYPES).optional(),
  })
  .strict();

/** What a form submits (before defaults). */
export type CreateContactInput = z.input<typeof createContactSchema>;
/** What the API stores (after defaults and trimming). */
export type CreateContact = z.output<typeof createContactSchema>;

/** A stored contact as the API returns it. `leadId`: the lead it was converted to, if any. */
export const contactSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  propertyType: z.string(),
  services: z.array(z.string()),
  referralSource: z.string().nullable(),
  message: z.string().nullable(),
  serviceType: z.string().nullable(),
  leadId: z.number().nullable(),
  createdAt: z.string(),
  /** Staff answers only: why the contact is taken for a bot's submission, or null. */
  spamReason: z.enum(SPAM_REASONS).nullable().optional(),
});
export type Contact = z.output<typeof contactSchema>;

/**
 * 201 answer of POST /api/contacts: the stored contact and the staff-notification job to watch
 * (null when Redis was unavailable: the notification is still recorded and delivered later).
 * Errors: 400 VALIDATION_FAILED with `details.fieldErrors`; 503 FEATURE_DISABLED.
 */
export const createContactResponseSchema = z.object({
  contact: contactSchema,
  notificationJob: jobRefSchema.nullable(),
});
export type CreateContactResponse = z.output<typeof createContactResponseSchema>;
