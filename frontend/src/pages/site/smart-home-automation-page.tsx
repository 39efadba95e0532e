/**
 * Route component of `/smart-home-automation` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage } from '../../features/services/service-page';
import { SMART_HOME_PAGE } from '../../features/services/service-pages-content';

/** The page. */
export function SmartHomeAutomationPage() {
  return <ServicePage content={SMART_HOME_PAGE} />;
}
