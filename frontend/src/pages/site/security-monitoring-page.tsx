/**
 * Route component of `/security-monitoring` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage } from '../../features/services/service-page';
import { MONITORING_PAGE } from '../../features/services/service-pages-content';

/** The page. */
export function SecurityMonitoringPage() {
  return <ServicePage content={MONITORING_PAGE} />;
}
