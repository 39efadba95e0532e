/**
 * Company facts, promotion and feature switches from `GET /api/public-config`
 * (decisions.md §6, §7, §11).
 *
 * The prerendered HTML and every hydration render use {@link FALLBACK_PUBLIC_CONFIG}, so hydration
 * matches the server markup even when a deferred section hydrates after the API has answered; the
 * real values replace it right after.
 *
 * The server embeds the current config in every page it serves (`<script type="application/json"
 * id="public-config">`, backend platform/web/serve-frontend.ts): it comes with the HTML, from the same
 * server, so it is used as it is, with no request and no schema to load. Only a page without it
 * (the dev server, or a server that could not read the config in time) fetches
 * GET /api/public-config once, when the first component that shows it has mounted, and validates
 * the answer with zod; on failure the built-in values stay (and the error is logged).
 * A small store (useSyncExternalStore) instead of a TanStack query: the navigation and the first
 * screen of every page need it, and TanStack Query loads only with the code that uses it
 * (app/query-provider.tsx).
 */
import { DEFAULT_COMPANY_FACTS, PUBLIC_CONFIG_SCRIPT_ID, ratingText, type CompanyFacts, type PublicConfig } from '@ironclad/contracts';
import { useSyncExternalStore } from 'react';
import { apiRequest } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';

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

/** The API's answer once it has arrived (null before, and after a failure). */
let fetched: PublicConfig | null = null;
let requested = false;
const listeners = new Set<() => void>();

/** The config the server embedded in this page, if any. */
function embeddedPublicConfig(): PublicConfig | null {
  const text = document.getElementById(PUBLIC_CONFIG_SCRIPT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PublicConfig;
  } catch (err) {
    console.error('[public config] the embedded config is not JSON', err);
    return null;
  }
}

/** Takes the embedded config, or starts the one request of this page load. */
function loadPublicConfig(): void {
  if (requested) return;
  requested = true;
  fetched = embeddedPublicConfig();
  if (fetched) {
    // Subscribers read it on their next render; tell them (React subscribes after the commit).
    for (const listener of listeners) listener();
    return;
  }
  apiRequest('GET', '/api/public-config', { schema: import('./public-config-schema').then((m) => m.publicConfigSchema) }).then(
    (config) => {
      fetched = config;
      for (const listener of listeners) listener();
    },
    (err: unknown) => console.error('[public config]', err),
  );
}

/** Subscribes a mounted component (React calls it after the commit, never on the server). */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  loadPublicConfig();
  return () => listeners.delete(listener);
}

/**
 * The public config: the API's values once loaded, the built-in fallback before (or on error)
 * and while hydrating.
 */
export function usePublicConfig(): PublicConfig {
  const { config } = usePublicConfigState();
  const hydrated = useHydrated();
  return (hydrated && config) || FALLBACK_PUBLIC_CONFIG;
}

/** The API's config once loaded (embedded or fetched), else null; null while hydrating too. */
export function usePublicConfigState(): { config: PublicConfig | null } {
  const config = useSyncExternalStore(
    subscribe,
    () => fetched,
    () => null,
  );
  return { config };
}

/** The company facts (name, phones, email, address, office hours). */
export function useCompanyFacts(): CompanyFacts {
  return usePublicConfig().company;
}

/**
 * The customers' rating as the site shows it, from the company facts staff set (the same figures
 * as the JSON-LD AggregateRating): `value` with one decimal ("4.9", out of 5), `reviews` the number
 * of reviews with thousands separators ("1,204").
 */
export function useCustomerRating(): { value: string; reviews: string } {
  const rating = useCompanyFacts().customerRating;
  return { value: ratingText(rating), reviews: rating.reviewCount.toLocaleString('en-US') };
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
