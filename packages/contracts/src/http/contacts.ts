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
import { CONTACT_MESSAGES, CONTACT_SOURCES, emailField, phoneField, SERVICE_TYPES } from '../contact.js';
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
  /** Which form the contact came from. */
  source: z.enum(CONTACT_SOURCES),
  /** When the visitor asked to be emailed (the free guide), ISO-8601; null for the other forms. */
  consentedAt: z.string().nullable(),
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

/**
 * Body of POST /api/free-guide (public): the address the 47-point checklist is emailed to
 * (public-site.md §2 "Free-guide block", §5 "Free-guide email: required, email type"). Unknown
 * fields are rejected (the form's bot-defence signals are taken off first).
 */
export const requestFreeGuideSchema = z.object({ email: emailField }).strict();
export type RequestFreeGuide = z.output<typeof requestFreeGuideSchema>;

/**
 * 202 answer of POST /api/free-guide: the request is stored and its email job queued
 * (`emailJob`), or, when the same address asked within the last 24 hours, nothing new is sent
 * (`emailJob` null; the answer is otherwise the same, so it tells nobody what others asked for).
 * Errors: 400 VALIDATION_FAILED; 503 FEATURE_DISABLED (contact forms off); 503
 * SERVICE_UNAVAILABLE (the queue is unreachable: nothing is stored).
 */
export const freeGuideResponseSchema = z.object({
  accepted: z.literal(true),
  emailJob: jobRefSchema.nullable(),
});
export type FreeGuideResponse = z.output<typeof freeGuideResponseSchema>;

/**
 * Body of POST /api/consultation-requests (public): the /consultation-payment details when the
 * deposit cannot be paid online (decisions.md §14): the visitor's name, email, phone and building
 * type; stored as a contact with source `consultation` and the building type as its property type.
 */
export const createConsultationRequestSchema = z
  .object({
    firstName: requiredText(CONTACT_MESSAGES.firstName, 100),
    lastName: requiredText(CONTACT_MESSAGES.lastName, 100),
    email: emailField,
    phone: phoneField,
    buildingType: requiredText('Building type is required.', 100),
    message: optionalText(2000),
  })
  .strict();
export type CreateConsultationRequestInput = z.input<typeof createConsultationRequestSchema>;
export type CreateConsultationRequest = z.output<typeof createConsultationRequestSchema>;

/**
 * 201 answer of POST /api/consultation-requests: the stored contact's id and when the company
 * calls back (`callBackWithinHours`, public-site.md §9: consultation scheduling within 24 hours).
 * Errors: 400 VALIDATION_FAILED with `details.fieldErrors`; 503 FEATURE_DISABLED.
 */
export const consultationRequestResponseSchema = z.object({
  contactId: z.number().int().positive(),
  callBackWithinHours: z.number().int().positive(),
});
export type ConsultationRequestResponse = z.output<typeof consultationRequestResponseSchema>;
