/**
 * Route component of `/residential-security` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage, serviceBody } from '../../features/services/service-page';
import { RESIDENTIAL_HERO } from '../../features/services/content/residential-hero';

const Body = serviceBody(() => import('../../features/services/content/residential').then((m) => m.RESIDENTIAL_BODY));

/** The page. */
export function ResidentialSecurityPage() {
  return <ServicePage hero={RESIDENTIAL_HERO} Body={Body} />;
}
