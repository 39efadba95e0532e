/** The hero of /security-monitoring (public-site.md §2): prerendered and hydrated with the page; the rest of the page is in ./monitoring.ts. */
import type { ServicePageHero } from '../service-page-types';

export const MONITORING_HERO: ServicePageHero = {
  imageKey: 'servicesOverview',
  heroImage: '/images/heroes/heroMonitoring.svg',
  eyebrow: 'Security monitoring',
  title: '24/7 Professional Security Monitoring',
  intro: 'Trained operators watch your cameras and alarms around the clock and respond in under 30 seconds. No setup fees, cancel anytime.',
  primaryCta: 'Start Monitoring',
  secondaryCta: { label: 'See Plans', section: 'monitoring-plans' },
};
