/**
 * The home page's middle sections, in the spec's order (public-site.md §2 "Home page"): why choose
 * us, testimonials, recent projects, about. Loaded and hydrated as one deferred group
 * (pages/site/home-page.tsx).
 */
import { AboutSection } from './about-section';
import { ProjectsSection } from './projects-section';
import { TestimonialsSection } from './testimonials-section';
import { WhyChooseUsSection } from './why-choose-us-section';

/** Why choose us, testimonials, recent projects, about. */
export function HomeStorySections() {
  return (
    <>
      <WhyChooseUsSection />
      <TestimonialsSection />
      <ProjectsSection />
      <AboutSection />
    </>
  );
}
