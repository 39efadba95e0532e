/**
 * Company facts, promotion and feature switches from `GET /api/public-config`
 * (decisions.md §6, §7, §11).
 *
 * The prerendered HTML and the first client render use {@link FALLBACK_PUBLIC_CONFIG} (as
 * TanStack Query placeholder data, so hydration matches the server markup); the real values
 * replace it once the API answers.
 */
import {
  DEFAULT_COMPANY_FACTS,
  SITE_IMAGE_KEYS,
  SITE_SETTING_KEYS,
  companyFactsSchema,
  promotionSchema,
  type CompanyFacts,
  type PublicConfig,
} from '@ironclad/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Runtime schema of the `PublicConfig` answer. */
export const publicConfigSchema = z.object({
  company: companyFactsSchema,
  promotion: promotionSchema.nullable(),
  features: z.object(
    Object.fromEntries(SITE_SETTING_KEYS.map((k) => [k, z.boolean()])) as Record<(typeof SITE_SETTING_KEYS)[number], z.ZodBoolean>,
  ),
  stripePublishableKey: z.string().nullable(),
  generatedImages: z.partialRecord(z.enum(SITE_IMAGE_KEYS), z.string()).optional(),
}) satisfies z.ZodType<PublicConfig>;

/**
 * Built-in values used before the API answers (and in the prerendered HTML): the company facts
 * the API is seeded with (DEFAULT_COMPANY_FACTS), so the page does not change when the real
 * config arrives unless staff edited it.
 */
export const FALLBACK_PUBLIC_CONFIG: PublicConfig = {
  company: DEFAULT_COMPANY_FACTS,
  promotion: null,
  features: { calculator_enabled: true, contact_forms_enabled: true, shopping_form_enabled: true },
  stripePublishableKey: null,
  generatedImages: {},
};

/** Query options of the public config (fetched once per page load: staleTime is Infinity globally). */
export const publicConfigQueryOptions = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: ({ signal }) => apiRequest('GET', '/api/public-config', { schema: publicConfigSchema, signal }),
  placeholderData: FALLBACK_PUBLIC_CONFIG,
});

/** The public config: the API's values once loaded, the built-in fallback before (or on error). */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQueryOptions);
  return data ?? FALLBACK_PUBLIC_CONFIG;
}

/** The company facts (name, phones, email, address, office hours). */
export function useCompanyFacts(): CompanyFacts {
  return usePublicConfig().company;
}

/** `tel:` URL of a displayed phone number: keeps digits and a leading +. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** One-line postal address. */
export function formatAddress(address: CompanyFacts['address']): string {
  return `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
}
