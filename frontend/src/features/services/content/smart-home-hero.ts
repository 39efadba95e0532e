/** The hero of /smart-home-automation (public-site.md §2): prerendered and hydrated with the page; the rest of the page is in ./smart-home.ts. */
import { BUILT_IN_HERO_IMAGES } from '../../site-config/generated-image';
import type { ServicePageHero } from '../service-page-types';

export const SMART_HOME_HERO: ServicePageHero = {
  imageKey: 'heroSmartHome',
  heroImage: BUILT_IN_HERO_IMAGES.heroSmartHome,
  eyebrow: 'Smart home automation',
  title: 'A Smarter, Safer Home, Controlled From One App',
  intro: 'Locks, lights, thermostats, cameras and sensors that work together, installed and configured by our technicians.',
  primaryCta: 'Get Smart Home Quote',
  secondaryCta: { label: 'See Packages', section: 'smart-home-packages' },
};
