/**
 * The home page's closing sections, in the spec's order (public-site.md §2 "Home page"): free
 * guide, trust, call to action, promotional banner, contact. Loaded and hydrated as one deferred
 * group (pages/site/home-page.tsx).
 */
import { ContactSection } from './contact-section';
import { CtaSection } from './cta-section';
import { FreeGuideSection } from './free-guide-section';
import { PromoBanner } from './promo-banner';
import { TrustSection } from './trust-section';

/** Free guide, trust, call to action, promotional banner, contact. */
export function HomeClosingSections() {
  return (
    <>
      <FreeGuideSection />
      <TrustSection />
      <CtaSection />
      <PromoBanner />
      <ContactSection />
    </>
  );
}
