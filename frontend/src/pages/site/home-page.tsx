/**
 * The home page (public-site.md §2 "Home page"). Each section is its own component in
 * `src/features/home/`, in the spec's order: hero, services, why choose us, testimonials,
 * recent projects, about, free guide, trust, call to action, promotional banner, contact
 * (the footer is the layout's).
 *
 * The hero hydrates with the page; the sections after it are prerendered like it but load and
 * hydrate in three groups as the visitor starts using the page and nears them
 * (components/site/deferred-section.tsx).
 */
import { deferredSection } from '../../components/site/deferred-section';
import { HeroSection } from '../../features/home/hero-section';

const ServicesSection = deferredSection('home-services', () =>
  import('../../features/home/services-section').then((m) => m.ServicesSection),
);
const HomeStorySections = deferredSection('home-story', () =>
  import('../../features/home/home-story-sections').then((m) => m.HomeStorySections),
);
const HomeClosingSections = deferredSection('home-closing', () =>
  import('../../features/home/home-closing-sections').then((m) => m.HomeClosingSections),
);

/** Route component of `/`. */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <ServicesSection />
      <HomeStorySections />
      <HomeClosingSections />
    </>
  );
}
