/**
 * JSON-LD `LocalBusiness` (schema.org) built from the company facts (decisions.md §6). The
 * prerenderer writes it into every public page's <head> from the built-in facts; in the browser
 * `<DocumentMeta />` rewrites it when the public config's facts differ.
 */
import type { CompanyFacts } from '@ironclad/contracts';
import { SITE_ORIGIN } from '../routes/route-meta';

export { LOCAL_BUSINESS_SCRIPT_ID } from '../routes/route-meta';

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

/** The LocalBusiness object. */
export function localBusinessJsonLd(company: CompanyFacts): Record<string, unknown> {
  const openingHoursSpecification = company.officeHours.flatMap((h) => {
    const days = DAY_NAMES[h.days];
    const range = parseHours(h.hours);
    return days && range ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens: range[0], closes: range[1] }] : [];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${SITE_ORIGIN}/#business`,
    name: company.name,
    url: `${SITE_ORIGIN}/`,
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
    contactPoint: [{ '@type': 'ContactPoint', telephone: company.emergencyPhone, contactType: 'emergency', hoursAvailable: 'Mo-Su 00:00-23:59' }],
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.9', bestRating: '5' },
  };
}

/** The JSON text, safe inside a <script> element (no `</script>` break-out). */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
