/**
 * Route component of `/business-security` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage, serviceBody } from '../../features/services/service-page';
import { BUSINESS_HERO } from '../../features/services/content/business-hero';

const Body = serviceBody(() => import('../../features/services/content/business').then((m) => m.BUSINESS_BODY));

/** The page. */
export function BusinessSecurityPage() {
  return <ServicePage hero={BUSINESS_HERO} Body={Body} />;
}
