/**
 * Route component of `/building-video-intercom` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage } from '../../features/services/service-page';
import { INTERCOM_PAGE } from '../../features/services/service-pages-content';

/** The page. */
export function BuildingVideoIntercomPage() {
  return <ServicePage content={INTERCOM_PAGE} />;
}
