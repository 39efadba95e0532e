/**
 * Site content constants: case-study categories, feature switches, the default company facts,
 * image keys and the embedded public config (public-site.md §3, §7; decisions.md §6, §7, §11).
 * This module has no zod schema (the calls' schemas are in http/site.ts, the company facts' and
 * promotion's in content-schemas.ts), so a page that needs only its constants does not download
 * zod.
 */
import type { CompanyFacts, CustomerRating, Promotion } from './content-schemas.js';
import type { PublicConfig, SiteSetting } from './http/site.js';

/** Case-study categories (public-site.md §2 case-studies tabs). */
export const CASE_STUDY_CATEGORIES = ['residential', 'commercial', 'industrial', 'smart_home'] as const;
export type CaseStudyCategory = (typeof CASE_STUDY_CATEGORIES)[number];

/** Feature switches visitors are affected by (staff-side.md §3; each true when absent). */
export const SITE_SETTING_KEYS = ['calculator_enabled', 'contact_forms_enabled', 'shopping_form_enabled'] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

/** Reads a boolean feature switch from the list; absent means enabled (staff-side.md §3). */
export function isFeatureEnabled(
  settings: readonly Pick<SiteSetting, 'settingKey' | 'settingValue' | 'isActive'>[],
  key: SiteSettingKey,
): boolean {
  const s = settings.find((x) => x.settingKey === key);
  if (!s || !s.isActive) return true;
  return s.settingValue !== false && s.settingValue !== 'false';
}

export type { CompanyFacts, CustomerRating, Promotion } from './content-schemas.js';

/**
 * The customers' rating the database is seeded with: the spec's 4.9 of 5 (public-site.md §1), over
 * the seed's review count, a placeholder of the demo data (like its 555 phone numbers) for staff to
 * replace in Settings with the count their review source shows. Here, not beside its schema, so
 * the pages that show it do not load zod.
 */
export const DEFAULT_CUSTOMER_RATING: CustomerRating = { ratingValue: 4.9, reviewCount: 127 };

/** The rating as the pages and the JSON-LD state it: one decimal, out of 5 ("4.9", "5.0"). */
export const ratingText = (rating: CustomerRating): string => rating.ratingValue.toFixed(1);

/**
 * The company facts the database is seeded with (decisions.md §6) and the front end shows until
 * the API's (possibly staff-edited) values arrive, e.g. in the prerendered HTML.
 */
export const DEFAULT_COMPANY_FACTS: CompanyFacts = {
  name: 'Ironclad Security Systems',
  phone: '(212) 555-0147',
  emergencyPhone: '(212) 555-0199',
  email: 'info@ironcladsecurity.example',
  address: {
    street: '450 Seventh Avenue, Suite 1208',
    city: 'New York',
    region: 'NY',
    postalCode: '10123',
    country: 'US',
  },
  // The spec states Saturday as both 9AM-3PM and 9AM-4PM; decisions.md §6: one value everywhere.
  officeHours: [
    { days: 'Mon-Fri', hours: '8AM-6PM' },
    { days: 'Sat', hours: '9AM-4PM' },
    { days: 'Sun', hours: 'Closed (emergency line 24/7)' },
  ],
  serviceArea: 'New York City, Long Island, Westchester and Northern New Jersey',
  customerRating: DEFAULT_CUSTOMER_RATING,
};

/** True while the promotion is valid on `today` (inclusive of its last day, in UTC). */
export function isPromotionActive(p: Promotion | null | undefined, today: Date = new Date()): boolean {
  if (!p) return false;
  return today.toISOString().slice(0, 10) <= p.validUntil;
}

/** Keys of the site images staff can generate (staff-side.md §3 "Generated image"). */
export const IMAGE_KEYS = [
  'heroHome',
  'heroResidential',
  'heroBusiness',
  'heroCameras',
  'heroSmartHome',
  'heroIntercom',
  'heroCompare',
  'aboutSection',
  'servicesOverview',
  'trustSection',
  'contactSection',
] as const;
export type ImageKey = (typeof IMAGE_KEYS)[number];

/**
 * Image key of the /shopping landing page background (public-site.md §2 "AI security designer":
 * the built-in skyline graphic, replaced when the image-generation call returns an image URL).
 * staff-side.md §7 keeps that call apart from the generator's 11 keys ("The landing page
 * background call (imageKey, prompt, negative_prompt, width 1920, height 1080, style
 * photographic, outputFormat WEBP, outputQuality 85) belongs to the public side"), so it has its
 * own key, outside IMAGE_KEYS; its URL is stored and served like the others.
 */
export const LANDING_IMAGE_KEY = 'heroShopping' as const;

/** Every key a generated site image may be stored under: the generator's 11 and the landing page's. */
export const SITE_IMAGE_KEYS = [...IMAGE_KEYS, LANDING_IMAGE_KEY] as const;
export type SiteImageKey = (typeof SITE_IMAGE_KEYS)[number];

/**
 * The public config embedded in a served page (backend platform/web/serve-frontend.ts): the build writes
 * {@link PUBLIC_CONFIG_MARKER} where the page wants it, the server replaces the marker with
 * `<script type="application/json" id="{PUBLIC_CONFIG_SCRIPT_ID}">{PublicConfig}</script>`, and the
 * browser reads it instead of calling GET /api/public-config.
 */
export const PUBLIC_CONFIG_SCRIPT_ID = 'public-config';

/**
 * Id of `<script type="application/json">` holding the generated images (`{[imageKey]: SiteImage}`)
 * a page was rendered with by the api, so that the browser hydrates the same `<img>` elements.
 * Absent from the prerendered pages (rendered with the built-in illustrations).
 */
export const SITE_IMAGES_SCRIPT_ID = 'site-images';
export const PUBLIC_CONFIG_MARKER = '<!--public-config-->';

/** `PublicConfig` as the text of an HTML `<script>` element: JSON with every `<` escaped (no `</script>` inside). */
export function publicConfigScriptText(config: PublicConfig): string {
  return JSON.stringify(config).replace(/</g, '\\u003c');
}
