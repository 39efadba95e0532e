/** The hero of /building-video-intercom (public-site.md §2): prerendered and hydrated with the page; the rest of the page is in ./intercom.ts. */
import { BUILT_IN_HERO_IMAGES } from '../../site-config/generated-image';
import type { ServicePageHero } from '../service-page-types';

export const INTERCOM_HERO: ServicePageHero = {
  imageKey: 'heroIntercom',
  heroImage: BUILT_IN_HERO_IMAGES.heroIntercom,
  eyebrow: 'Building video intercom',
  title: 'Video Intercom for Modern Buildings',
  intro:
    'Let residents, staff and couriers in from any phone. Cloud-managed video entry for apartment buildings, offices and gated properties.',
  primaryCta: 'Get Intercom Quote',
};
