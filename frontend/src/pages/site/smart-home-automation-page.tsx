/**
 * Route component of `/smart-home-automation` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage, serviceBody } from '../../features/services/service-page';
import { SMART_HOME_HERO } from '../../features/services/content/smart-home-hero';

const Body = serviceBody(() => import('../../features/services/content/smart-home').then((m) => m.SMART_HOME_BODY));

/** The page. */
export function SmartHomeAutomationPage() {
  return <ServicePage hero={SMART_HOME_HERO} Body={Body} />;
}
