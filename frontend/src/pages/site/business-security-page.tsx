/**
 * Route component of `/business-security` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage } from '../../features/services/service-page';
import { BUSINESS_PAGE } from '../../features/services/service-pages-content';

/** The page. */
export function BusinessSecurityPage() {
  return <ServicePage content={BUSINESS_PAGE} />;
}
