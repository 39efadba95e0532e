/**
 * Copy, prices and packages of one service page below its hero (public-site.md §2 sections, §9
 * prices and packages), in its own module, loaded with the page's deferred body. Prices are display
 * strings in US dollars, exactly the §9 figures.
 */
import {
  LucideBuilding2,
  LucideCctv,
  LucideFactory,
  LucideHeartPulse,
  LucideKeyRound,
  LucideLayoutDashboard,
  LucideRadar,
  LucideShieldCheck,
  LucideStore,
  LucideUsers,
} from 'lucide-react';
import type { ServicePageBody } from '../service-page-types';

/** /business-security below the hero */
export const BUSINESS_BODY: ServicePageBody = {
  serviceType: 'Business Security',
  sections: [
    {
      kind: 'cards',
      eyebrow: 'Industries',
      title: 'Security for Every Industry',
      columns: 4,
      items: [
        {
          icon: LucideBuilding2,
          title: 'Office Buildings',
          text: 'Badge access, visitor management and lobby cameras for single tenants and multi-tenant towers.',
        },
        {
          icon: LucideStore,
          title: 'Retail Stores',
          text: 'Loss prevention with point-of-sale overlays, people counting and after-hours alarms.',
        },
        {
          icon: LucideFactory,
          title: 'Industrial Facilities',
          text: 'Perimeter detection, loading-dock coverage and thermal cameras for large sites.',
        },
        { icon: LucideHeartPulse, title: 'Healthcare', text: 'Privacy-aware camera layouts, pharmacy access control and panic buttons.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Business services',
      title: 'Commercial Security Services',
      items: [
        {
          icon: LucideShieldCheck,
          title: 'Commercial Security',
          text: 'A complete design for your site: intrusion, video and access in one system.',
          price: 'Custom quote · Most popular',
        },
        {
          icon: LucideKeyRound,
          title: 'Access Control',
          text: 'Card and mobile credentials, door schedules and audit trails.',
          price: 'From $2,500',
        },
        {
          icon: LucideCctv,
          title: 'Video Surveillance',
          text: '4K cameras with AI detection and 90-day retention.',
          price: 'From $500 per camera',
        },
        {
          icon: LucideRadar,
          title: 'Perimeter Protection',
          text: 'Fence-line analytics, gates, barriers and lighting.',
          price: 'From $5,000',
        },
        {
          icon: LucideLayoutDashboard,
          title: 'Command Center',
          text: 'Live video monitoring and alarm response, every hour of the year.',
          price: 'From $199/month',
        },
        {
          icon: LucideUsers,
          title: 'Security Consulting',
          text: 'Risk assessments, compliance reviews and multi-site standards.',
          price: 'From $2,500',
        },
      ],
    },
    { kind: 'testimonials', eyebrow: 'Business owners', title: 'Trusted by Local Businesses', category: 'business' },
  ],
  quote: {
    title: 'Request Your Business Security Quote',
    text: 'Share a few details about your site. Our commercial team answers within 24 hours to schedule an on-site assessment.',
  },
  closing: {
    title: 'Protect Your People, Property and Profits',
    text: 'Licensed and insured, with a 5-year equipment warranty and a command center that never closes.',
    cta: 'Schedule a Site Assessment',
    link: { label: 'View All Services', to: '/' },
  },
};
