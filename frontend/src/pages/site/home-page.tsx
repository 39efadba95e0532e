/**
 * The home page (public-site.md §2 "Home page"). Each section is its own component in
 * `src/features/home/`, in the spec's order: hero, services, why choose us, testimonials,
 * recent projects, about, free guide, trust, call to action, promotional banner, contact
 * (the footer is the layout's).
 */
import { AboutSection } from '../../features/home/about-section';
import { ContactSection } from '../../features/home/contact-section';
import { CtaSection } from '../../features/home/cta-section';
import { FreeGuideSection } from '../../features/home/free-guide-section';
import { HeroSection } from '../../features/home/hero-section';
import { ProjectsSection } from '../../features/home/projects-section';
import { PromoBanner } from '../../features/home/promo-banner';
import { ServicesSection } from '../../features/home/services-section';
import { TestimonialsSection } from '../../features/home/testimonials-section';
import { TrustSection } from '../../features/home/trust-section';
import { WhyChooseUsSection } from '../../features/home/why-choose-us-section';

/** Route component of `/`. */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <ServicesSection />
      <WhyChooseUsSection />
      <TestimonialsSection />
      <ProjectsSection />
      <AboutSection />
      <FreeGuideSection />
      <TrustSection />
      <CtaSection />
      <PromoBanner />
      <ContactSection />
    </>
  );
}
