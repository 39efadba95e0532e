/**
 * Route component of `/residential-security` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage } from '../../features/services/service-page';
import { RESIDENTIAL_PAGE } from '../../features/services/service-pages-content';

/** The page. */
export function ResidentialSecurityPage() {
  return <ServicePage content={RESIDENTIAL_PAGE} />;
}
