/**
 * Contact form payloads (public-site.md §3 "Contact", §5 "Home contact form", §7 POST /api/contacts).
 *
 * The same schema drives the browser form (react-hook-form + zodResolver) and the API's body
 * validation, so the messages a visitor sees are the spec's §5 texts on both sides.
 */
import { z } from 'zod';
import { limitedText, optionalText } from './text.js';

/** Home form property types (public-site.md §3). */
export const HOME_PROPERTY_TYPES = ['residential', 'business', 'multi-family', 'industrial'] as const;

/** Residential page property types (public-site.md §3). */
export const RESIDENTIAL_PROPERTY_TYPES = [
  'single-family-home', 'townhouse', 'condominium', 'apartment', 'small-business',
  'retail-store', 'office-building', 'warehouse', 'industrial', 'other',
] as const;

/** How the visitor heard of us (public-site.md §3). */
export const REFERRAL_SOURCES = ['google', 'referral', 'social', 'advertisement', 'other'] as const;

/** Services checkboxes of the contact forms (public-site.md §3). */
export const CONTACT_SERVICES = ['Security Cameras', 'Alarm Systems', 'Access Control', 'Smart Home'] as const;

/** serviceType values sent by the service-page quote forms (public-site.md §3). */
export const SERVICE_TYPES = [
  'Residential Security', 'Business Security', 'Security Cameras', 'Smart Home Automation',
  'Building Video Intercom', 'Security Monitoring',
] as const;

/** Minimum phone length (public-site.md §9). */
export const PHONE_MIN_LENGTH = 10;

/** Characters a phone number may contain: digits, spaces, + - ( ) . and an "x" extension. */
const PHONE_PATTERN = /^[0-9+\-().\sxX]+$/;

/** The §5 messages, kept verbatim. */
export const CONTACT_MESSAGES = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  email: 'Valid email is required.',
  phone: 'Valid phone number is required.',
  propertyType: 'Property type is required.',
} as const;

/** A required, trimmed name-like field of at most `max` characters. */
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: `Must be at most ${max} characters.` });

/** Email: trimmed, valid format, at most 254 characters (RFC 5321). */
export const emailField = z
  .string({ error: CONTACT_MESSAGES.email })
  .trim()
  .max(254, { error: 'Must be at most 254 characters.' })
  .pipe(z.email({ error: CONTACT_MESSAGES.email }));

/** Phone: at least 10 characters (§5), only phone characters, at most 32 characters. */
export const phoneField = z
  .string({ error: CONTACT_MESSAGES.phone })
  .trim()
  .min(PHONE_MIN_LENGTH, { error: CONTACT_MESSAGES.phone })
  .max(32, { error: 'Must be at most 32 characters.' })
  .regex(PHONE_PATTERN, { error: CONTACT_MESSAGES.phone });

/**
 * Body of POST /api/contacts. Unknown fields are rejected (400), so a typo in a client never
 * silently loses data.
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

/** A stored contact as the API returns it. `createdAt` is an ISO-8601 string. */
export interface Contact {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  propertyType: string;
  services: string[];
  referralSource: string | null;
  message: string | null;
  serviceType: string | null;
  leadId: number | null;
  createdAt: string;
}

/** 201 answer of POST /api/contacts: the stored contact and the staff-notification job to watch. */
export interface CreateContactResponse {
  contact: Contact;
  /** null when Redis was unavailable: the notification is still recorded and delivered later. */
  notificationJob: JobRef | null;
}

/** A queued job the browser may watch over Socket.IO (room = `job:{id}`; the id is an unguessable UUID). */
export interface JobRef {
  id: string;
  queue: string;
}
