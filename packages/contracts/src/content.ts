/**
 * Case studies, testimonials and site settings as the public API returns them (public-site.md §3,
 * §7). This module has no zod schema (they are in content-schemas.ts), so a page that needs only
 * its constants does not download zod.
 */
import type { CompanyFacts, Promotion } from './content-schemas.js';

/** Case-study categories (public-site.md §2 case-studies tabs). */
export const CASE_STUDY_CATEGORIES = ['residential', 'commercial', 'industrial', 'smart_home'] as const;
export type CaseStudyCategory = (typeof CASE_STUDY_CATEGORIES)[number];

/** A published case study. `projectValue` in whole dollars; dates ISO-8601. */
export interface CaseStudy {
  id: number;
  title: string;
  client: string | null;
  category: CaseStudyCategory;
  description: string;
  challenge: string;
  solution: string;
  results: string;
  imageUrl: string | null;
  images: string[];
  projectValue: number | null;
  completionDate: string | null;
  tags: string[];
  featured: boolean;
  published: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/case-studies answer. */
export interface CaseStudiesResponse {
  caseStudies: CaseStudy[];
}

/** Feature switches visitors are affected by (staff-side.md §3; each true when absent). */
export const SITE_SETTING_KEYS = ['calculator_enabled', 'contact_forms_enabled', 'shopping_form_enabled'] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

/** One site setting as GET /api/site-settings lists it. */
export interface SiteSetting {
  id: number;
  settingKey: string;
  settingValue: unknown;
  description: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Reads a boolean feature switch from the list; absent means enabled (staff-side.md §3). */
export function isFeatureEnabled(settings: readonly Pick<SiteSetting, 'settingKey' | 'settingValue' | 'isActive'>[], key: SiteSettingKey): boolean {
  const s = settings.find((x) => x.settingKey === key);
  if (!s || !s.isActive) return true;
  return s.settingValue !== false && s.settingValue !== 'false';
}

export type { CompanyFacts, Promotion } from './content-schemas.js';

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
};

/** True while the promotion is valid on `today` (inclusive of its last day, in UTC). */
export function isPromotionActive(p: Promotion | null | undefined, today: Date = new Date()): boolean {
  if (!p) return false;
  return today.toISOString().slice(0, 10) <= p.validUntil;
}

/** Keys of the site images staff can generate (staff-side.md §3 "Generated image"). */
export const IMAGE_KEYS = [
  'heroHome', 'heroResidential', 'heroBusiness', 'heroCameras', 'heroSmartHome', 'heroIntercom',
  'heroCompare', 'aboutSection', 'servicesOverview', 'trustSection', 'contactSection',
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

/** `site_content.section` of the generated-image URLs (one row per image key, `value` = URL). */
export const GENERATED_IMAGES_SECTION = 'generated_images';

/** GET /api/public-config answer: company facts, the promotion while valid, feature switches. */
export interface PublicConfig {
  company: CompanyFacts;
  promotion: Promotion | null;
  features: Record<SiteSettingKey, boolean>;
  stripePublishableKey: string | null;
  /**
   * URL of the generated image of each image key that has one (staff-side.md §3, and
   * LANDING_IMAGE_KEY); a page uses its built-in graphic for a key that is absent. Optional:
   * older servers omit it.
   */
  generatedImages?: Partial<Record<SiteImageKey, string>>;
}

/**
 * The public config embedded in a served page (backend common/serve-frontend.ts): the build writes
 * {@link PUBLIC_CONFIG_MARKER} where the page wants it, the server replaces the marker with
 * `<script type="application/json" id="{PUBLIC_CONFIG_SCRIPT_ID}">{PublicConfig}</script>`, and the
 * browser reads it instead of calling GET /api/public-config.
 */
export const PUBLIC_CONFIG_SCRIPT_ID = 'public-config';
export const PUBLIC_CONFIG_MARKER = '<!--public-config-->';

/** `PublicConfig` as the text of an HTML `<script>` element: JSON with every `<` escaped (no `</script>` inside). */
export function publicConfigScriptText(config: PublicConfig): string {
  return JSON.stringify(config).replace(/</g, '\\u003c');
}

/** A published testimonial (staff-side.md §3 "testimonials"). */
export interface Testimonial {
  id: number;
  name: string;
  role: string | null;
  company: string | null;
  content: string;
  rating: number;
  imageUrl: string | null;
  location: string | null;
  serviceCategory: string | null;
  featured: boolean;
  published: boolean;
  createdAt: string;
}

/** GET /api/testimonials answer. */
export interface TestimonialsResponse {
  testimonials: Testimonial[];
}
