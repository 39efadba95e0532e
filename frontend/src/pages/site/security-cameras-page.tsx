/**
 * Route component of `/security-cameras` (public-site.md §2, §9): the service page rendered from its content.
 */
import { ServicePage, serviceBody } from '../../features/services/service-page';
import { CAMERAS_HERO } from '../../features/services/content/cameras-hero';

const Body = serviceBody(() => import('../../features/services/content/cameras').then((m) => m.CAMERAS_BODY));

/** The page. */
export function SecurityCamerasPage() {
  return <ServicePage hero={CAMERAS_HERO} Body={Body} />;
}
