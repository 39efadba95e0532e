/**
 * The home page (public-site.md §2 "Home page"). Each section is its own component in
 * `src/features/home/`, in the spec's order.
 */
import { AboutSection } from '../../features/home/about-section';
import { ContactSection } from '../../features/home/contact-section';
import { HeroSection } from '../../features/home/hero-section';
import { ProjectsSection } from '../../features/home/projects-section';
import { ServicesSection } from '../../features/home/services-section';

/** Route component of `/`. */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <ServicesSection />
      <ProjectsSection />
      <AboutSection />
      <ContactSection />
    </>
  );
}
