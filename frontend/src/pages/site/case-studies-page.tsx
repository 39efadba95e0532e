/**
 * Route component of `/case-studies` (public-site.md §2 "Case-studies page").
 *
 * The api renders this page per request with the published case studies (entry-server.tsx
 * `renderCaseStudiesDocument`), so its HTML holds the real portfolio; the portfolio hydrates, with
 * that data, when the visitor starts using the page (components/site/deferred-section.tsx). Where
 * the page comes without that data (the prerendered fallback, a client-side navigation), the
 * portfolio loads at once and fetches GET /api/case-studies.
 */
import { hasServerQueryState } from '../../app/server-data';
import { deferredSection } from '../../components/site/deferred-section';

const CaseStudiesPortfolio = deferredSection(
  'case-studies',
  () => import('../../features/case-studies/case-studies-portfolio').then((m) => m.CaseStudiesPortfolio),
  { loadAtOnce: () => !hasServerQueryState() },
);

/** The page. */
export function CaseStudiesPage() {
  return <CaseStudiesPortfolio />;
}
