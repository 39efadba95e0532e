/**
 * POST /api/contacts (public-site.md §7) as a TanStack mutation.
 *
 * On success the contacts list cache is invalidated (spec §4); on failure the global error
 * handler shows the toast declared in `meta` (spec §8 'Submission failed').
 */
import type { Contact, CreateContact, CreateContactResponse } from '@ironclad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Toast texts of the home form (spec §8). */
export const HOME_CONTACT_TOASTS = {
  success: {
    title: 'Thank you!',
    description: 'Thank you for your interest! We will contact you within 24 hours to schedule your free consultation.',
  },
  failure: { title: 'Submission failed', description: 'Please check your information and try again.' },
} as const;

const contactSchema = z.object({
  id: z.number(),
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
}) satisfies z.ZodType<Contact>;

/** Runtime schema of the 201 answer. */
export const createContactResponseSchema = z.object({
  contact: contactSchema,
  // null when the api could not enqueue the staff notification (Redis down): the contact is stored all the same.
  notificationJob: z.object({ id: z.string(), queue: z.string() }).nullable(),
}) satisfies z.ZodType<CreateContactResponse>;

/** Sends a contact (already validated by `createContactSchema`). */
export function createContact(body: CreateContact): Promise<CreateContactResponse> {
  return apiRequest('POST', '/api/contacts', { body, schema: createContactResponseSchema });
}

/** Toast texts of the residential page form (spec §8), also used by the other service pages' quote forms. */
export const QUOTE_FORM_TOASTS = {
  success: {
    title: 'Quote Request Submitted!',
    description: 'Our security experts will contact you within 24 hours to schedule your free consultation.',
  },
  failure: (phone: string) => ({ title: 'Submission Failed', description: `Please try again or call us directly at ${phone}.` }),
  invalid: { title: 'Please check your information', description: 'Make sure all required fields are filled out correctly.' },
} as const;

/**
 * Mutation of a contact form; `errorToast` is the toast the global error handler shows when the
 * call fails (default: the home form's 'Submission failed').
 */
export function useCreateContact(errorToast: { title: string; description?: string } = HOME_CONTACT_TOASTS.failure) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    meta: { errorToast },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }),
  });
}
