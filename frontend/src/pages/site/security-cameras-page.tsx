/**
 * Route component of `/security-cameras` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage } from '../../features/services/service-page';
import { CAMERAS_PAGE } from '../../features/services/service-pages-content';

/** The page. */
export function SecurityCamerasPage() {
  return <ServicePage content={CAMERAS_PAGE} />;
}
