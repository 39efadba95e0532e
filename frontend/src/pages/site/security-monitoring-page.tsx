/**
 * Route component of `/security-monitoring` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage, serviceBody } from '../../features/services/service-page';
import { MONITORING_HERO } from '../../features/services/content/monitoring-hero';

const Body = serviceBody(() => import('../../features/services/content/monitoring').then((m) => m.MONITORING_BODY));

/** The page. */
export function SecurityMonitoringPage() {
  return <ServicePage hero={MONITORING_HERO} Body={Body} />;
}
