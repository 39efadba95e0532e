/** The hero of /business-security (public-site.md §2): prerendered and hydrated with the page; the rest of the page is in ./business.ts. */
import { BUILT_IN_HERO_IMAGES } from '../../site-config/generated-image';
import type { ServicePageHero } from '../service-page-types';

export const BUSINESS_HERO: ServicePageHero = {
  imageKey: 'heroBusiness',
  heroImage: BUILT_IN_HERO_IMAGES.heroBusiness,
  eyebrow: 'Business security',
  title: 'Commercial Security Built for How Your Business Runs',
  intro:
    'Access control, video surveillance, perimeter protection and a 24/7 command center for offices, retail, industrial sites and healthcare facilities.',
  primaryCta: 'Get a Business Quote',
};
