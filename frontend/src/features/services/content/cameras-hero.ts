/** The hero of /security-cameras (public-site.md §2): prerendered and hydrated with the page; the rest of the page is in ./cameras.ts. */
import { BUILT_IN_HERO_IMAGES } from '../../site-config/generated-image';
import type { ServicePageHero } from '../service-page-types';

export const CAMERAS_HERO: ServicePageHero = {
  imageKey: 'heroCameras',
  heroImage: BUILT_IN_HERO_IMAGES.heroCameras,
  eyebrow: 'Security cameras',
  title: 'Crystal-Clear 4K Security Cameras, Professionally Installed',
  intro: 'See everything that happens at your property, day and night, from your phone. Designed, installed and supported by our team.',
  primaryCta: 'Get Camera Quote',
  secondaryCta: { label: 'See Packages', section: 'camera-packages' },
};
