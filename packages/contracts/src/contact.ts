/**
 * Contact form options, messages and the email / phone fields (public-site.md §3 "Contact", §5
 * "Home contact form"). The call, POST /api/contacts, is in http/contacts.ts; its schema drives
 * the browser form (react-hook-form + zodResolver) and the API's body validation, so the messages
 * a visitor sees are the spec's §5 texts on both sides.
 */
import { z } from 'zod';

/** Home form property types (public-site.md §3). */
export const HOME_PROPERTY_TYPES = ['residential', 'business', 'multi-family', 'industrial'] as const;

/** Residential page property types (public-site.md §3). */
export const RESIDENTIAL_PROPERTY_TYPES = [
  'single-family-home',
  'townhouse',
  'condominium',
  'apartment',
  'small-business',
  'retail-store',
  'office-building',
  'warehouse',
  'industrial',
  'other',
] as const;

/** How the visitor heard of us (public-site.md §3). */
export const REFERRAL_SOURCES = ['google', 'referral', 'social', 'advertisement', 'other'] as const;

/** Services checkboxes of the contact forms (public-site.md §3). */
export const CONTACT_SERVICES = ['Security Cameras', 'Alarm Systems', 'Access Control', 'Smart Home'] as const;

/** serviceType values sent by the service-page quote forms (public-site.md §3). */
export const SERVICE_TYPES = [
  'Residential Security',
  'Business Security',
  'Security Cameras',
  'Smart Home Automation',
  'Building Video Intercom',
  'Security Monitoring',
] as const;

/**
 * Where a contact came from: a contact or quote form, the free-guide email capture, or a
 * consultation request made without online payment. Staff see it beside each contact.
 */
export const CONTACT_SOURCES = ['contact_form', 'free_guide', 'consultation'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

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
