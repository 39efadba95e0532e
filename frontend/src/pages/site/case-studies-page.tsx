/**
 * Route component of `/case-studies` (public-site.md §2 "Case-studies page").
 */
import { CaseStudiesPortfolio } from '../../features/case-studies/case-studies-portfolio';

/** The page. */
export function CaseStudiesPage() {
  return <CaseStudiesPortfolio />;
}
