/** The hero of /residential-security (public-site.md §2): prerendered and hydrated with the page; the rest of the page is in ./residential.ts. */
import { BUILT_IN_HERO_IMAGES } from '../../site-config/generated-image';
import type { ServicePageHero } from '../service-page-types';

export const RESIDENTIAL_HERO: ServicePageHero = {
  imageKey: 'heroResidential',
  heroImage: BUILT_IN_HERO_IMAGES.heroResidential,
  eyebrow: 'Residential security',
  title: 'Home Security Systems That Protect What Matters Most',
  intro:
    'Cameras, alarms, smart locks and 24/7 monitoring for houses, townhouses and apartments, designed around your home and installed by licensed technicians.',
  primaryCta: 'Get Quote',
  secondaryCta: { label: 'View Packages', section: 'home-services' },
};
