/**
 * JSON-LD `LocalBusiness` for this site's origin (routes/route-meta.ts SITE_ORIGIN); the
 * definition is shared with the api in @ironclad/contracts (structured-data.ts).
 */
import { localBusinessJsonLd as localBusinessJsonLdAt, type CompanyFacts } from '@ironclad/contracts';
import { SITE_ORIGIN } from '../routes/route-meta';

export { jsonLdText } from '@ironclad/contracts';

/** The LocalBusiness object of this site. */
export function localBusinessJsonLd(company: CompanyFacts): Record<string, unknown> {
  return localBusinessJsonLdAt(company, SITE_ORIGIN);
}
