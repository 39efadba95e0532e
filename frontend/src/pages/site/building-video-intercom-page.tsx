/**
 * Route component of `/building-video-intercom` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage, serviceBody } from '../../features/services/service-page';
import { INTERCOM_HERO } from '../../features/services/content/intercom-hero';

const Body = serviceBody(() => import('../../features/services/content/intercom').then((m) => m.INTERCOM_BODY));

/** The page. */
export function BuildingVideoIntercomPage() {
  return <ServicePage hero={INTERCOM_HERO} Body={Body} />;
}
