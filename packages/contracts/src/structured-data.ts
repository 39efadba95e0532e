/**
 * JSON-LD `LocalBusiness` (schema.org) built from the company facts (decisions.md §6), one
 * definition for the three places that write it: the prerenderer (built-in facts), the api when it
 * serves a page (the current facts: backend platform/web/serve-frontend.ts) and the browser when the
 * public config's facts differ (frontend app/document-meta.tsx).
 */
import { ratingText, type CompanyFacts } from './content.js';
import { LOCAL_BUSINESS_SCRIPT_ID } from './structured-data-ids.js';

/** Day names of schema.org for the office-hour labels the config uses. */
const DAY_NAMES: Record<string, string[]> = {
  'Mon-Fri': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  'Mon-Sat': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  Sat: ['Saturday'],
  Sun: ['Sunday'],
};

/** "8AM-6PM" → ["08:00", "18:00"]; null for anything else (e.g. "Closed"). */
function parseHours(hours: string): [string, string] | null {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(AM|PM)\s*-\s*(\d{1,2})(?::(\d{2}))?\s*(AM|PM)$/i.exec(hours.trim());
  if (!m) return null;
  const to24 = (h: string, min: string | undefined, ap: string) => {
    let n = Number(h) % 12;
    if (ap.toUpperCase() === 'PM') n += 12;
    return `${String(n).padStart(2, '0')}:${min ?? '00'}`;
  };
  return [to24(m[1], m[2], m[3]), to24(m[4], m[5], m[6])];
}

/**
 * The LocalBusiness object for the site at `origin` (e.g. `https://www.example.com`, no trailing
 * slash).
 */
export function localBusinessJsonLd(company: CompanyFacts, origin: string): Record<string, unknown> {
  const openingHoursSpecification = company.officeHours.flatMap((h) => {
    const days = DAY_NAMES[h.days];
    const range = parseHours(h.hours);
    return days && range ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens: range[0], closes: range[1] }] : [];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${origin}/#business`,
    name: company.name,
    url: `${origin}/`,
    telephone: company.phone,
    email: company.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    areaServed: company.serviceArea,
    openingHoursSpecification,
    contactPoint: [
      { '@type': 'ContactPoint', telephone: company.emergencyPhone, contactType: 'emergency', hoursAvailable: 'Mo-Su 00:00-23:59' },
    ],
    // The rating and review count staff set (company facts), the figures the pages show.
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: ratingText(company.customerRating),
      bestRating: '5',
      worstRating: '1',
      reviewCount: String(company.customerRating.reviewCount),
    },
  };
}

/** The JSON text, safe inside a <script> element (no `</script>` break-out). */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export { LOCAL_BUSINESS_SCRIPT_ID } from './structured-data-ids.js';

/**
 * A served page with its JSON-LD `LocalBusiness` rebuilt from `company` (the current facts; the
 * build wrote the built-in ones), so crawlers and visitors without JavaScript get the facts staff
 * set (decisions.md §6). The site's origin is read from the JSON-LD the build wrote (its `url`).
 * The page is returned unchanged when it has no such script or its JSON cannot be read.
 */
export function withLocalBusinessJsonLd(html: string, company: CompanyFacts): string {
  const match = new RegExp(`(<script type="application/ld\\+json" id="${LOCAL_BUSINESS_SCRIPT_ID}">)([\\s\\S]*?)(</script>)`).exec(html);
  if (!match) return html;
  let origin: string;
  try {
    const built = JSON.parse(match[2]) as { url?: unknown };
    if (typeof built.url !== 'string') return html;
    origin = built.url.replace(/\/+$/, '');
  } catch {
    return html;
  }
  const text = jsonLdText(localBusinessJsonLd(company, origin));
  return html.slice(0, match.index) + match[1] + text + match[3] + html.slice(match.index + match[0].length);
}
