/**
 * The entries of the top navigation, the Services dropdown, the mobile drawer and the footer
 * (public-site.md §2), as data.
 */
import { SECTION_IDS, type SectionId } from '../../lib/sections';

/** A link to another page. */
export interface PageLink {
  label: string;
  to: string;
}

/** The six service pages, in the dropdown's order. */
export const SERVICE_PAGE_LINKS: readonly PageLink[] = [
  { label: 'Residential Security', to: '/residential-security' },
  { label: 'Business Security', to: '/business-security' },
  { label: 'Security Cameras', to: '/security-cameras' },
  { label: 'Smart Home Automation', to: '/smart-home-automation' },
  { label: 'Security Monitoring', to: '/security-monitoring' },
  { label: 'Building Video Intercom', to: '/building-video-intercom' },
];

/** The legal and trust pages (footer, forms, and the cross-links at the foot of each). */
export const LEGAL_LINKS: readonly PageLink[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Warranty', to: '/warranty' },
];

export const COMPARE_SERVICES_LINK: PageLink = { label: 'Compare Services', to: '/compare-services' };

/** Desktop page links, in the spec's order (the Services dropdown sits after Home). */
export const DESKTOP_PAGE_LINKS = {
  home: { label: 'Home', to: '/' },
  rest: [
    { label: 'Shop', to: '/shopping' },
    { label: 'Communications', to: '/communications' },
    { label: 'Admin', to: '/admin' },
    { label: 'Cost Calculator', to: '/calculator' },
    { label: 'Projects', to: '/case-studies' },
  ],
} as const satisfies { home: PageLink; rest: readonly PageLink[] };

/** A same-page scroll link. */
export interface SectionLink {
  label: string;
  section: SectionId;
}

/** Desktop same-page scroll links (Services is reached via the dropdown's 'View All Services'). */
export const DESKTOP_SECTION_LINKS: readonly SectionLink[] = [
  { label: 'About', section: SECTION_IDS.about },
  { label: 'Contact', section: SECTION_IDS.contact },
];

/** One entry of the mobile drawer, in the spec's order. */
export type DrawerEntry =
  | { kind: 'section'; label: string; section: SectionId }
  | { kind: 'page'; label: string; to: string; group?: 'services' }
  | { kind: 'emergency-call'; label: string }
  | { kind: 'free-estimate'; label: string }
  | { kind: 'client-sign-in'; label: string };

/** The drawer 'Navigation Menu' (public-site.md §2 "On small screens"). */
export const DRAWER_ENTRIES: readonly DrawerEntry[] = [
  { kind: 'section', label: 'Home', section: SECTION_IDS.home },
  { kind: 'section', label: 'Services Overview', section: SECTION_IDS.services },
  ...SERVICE_PAGE_LINKS.map((l) => ({ kind: 'page' as const, label: l.label, to: l.to, group: 'services' as const })),
  { kind: 'page', label: COMPARE_SERVICES_LINK.label, to: COMPARE_SERVICES_LINK.to, group: 'services' },
  { kind: 'page', label: 'Cost Calculator', to: '/calculator' },
  { kind: 'section', label: 'About', section: SECTION_IDS.about },
  { kind: 'section', label: 'Projects', section: SECTION_IDS.projects },
  { kind: 'section', label: 'Contact', section: SECTION_IDS.contact },
  { kind: 'emergency-call', label: 'Emergency Call' },
  { kind: 'free-estimate', label: 'Free Estimate' },
  { kind: 'client-sign-in', label: 'Client Sign In' },
];
