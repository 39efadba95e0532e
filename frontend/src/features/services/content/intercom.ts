/**
 * Copy, prices and packages of one service page below its hero (public-site.md §2 sections, §9
 * prices and packages), in its own module, loaded with the page's deferred body. Prices are display
 * strings in US dollars, exactly the §9 figures.
 */
import {
  LucideActivity,
  LucideBuilding,
  LucideBuilding2,
  LucideCloud,
  LucideDoorOpen,
  LucideFingerprint,
  LucideHouse,
  LucideLayoutDashboard,
  LucidePackage,
  LucideSmartphone,
  LucideUsers,
  LucideVideo,
} from 'lucide-react';
import type { ServicePageBody } from '../service-page-types';

/** /building-video-intercom below the hero */
export const INTERCOM_BODY: ServicePageBody = {
  serviceType: 'Building Video Intercom',
  sections: [
    {
      kind: 'packages',
      eyebrow: 'Products',
      title: 'Intercom Products',
      items: [
        {
          name: 'Entry Panel Pro',
          price: '$1,299',
          unit: 'per panel',
          summary: 'Touchscreen directory panel for main entrances.',
          features: ['HD wide-angle camera', 'Searchable resident directory', 'Mobile app answering', 'Key card and PIN entry'],
          popular: true,
        },
        {
          name: 'Entry Panel',
          price: '$899',
          unit: 'per panel',
          summary: 'Button panel for side doors and small buildings.',
          features: ['HD camera', 'Up to 24 call buttons', 'Mobile app answering', 'Weatherproof'],
        },
        {
          name: 'Indoor Monitor',
          price: '$449',
          unit: 'per unit',
          summary: 'In-unit video screen for residents.',
          features: ['7" touchscreen', 'One-touch door release', 'Call log with snapshots'],
        },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Features',
      title: 'Intercom Features',
      items: [
        { icon: LucideSmartphone, title: 'Answer From Anywhere', text: 'Calls ring residents’ phones, with video, wherever they are.' },
        { icon: LucidePackage, title: 'Delivery Access', text: 'Time-limited codes for couriers and package rooms.' },
        { icon: LucideCloud, title: 'Cloud Directory', text: 'Update residents and credentials online, no site visit needed.' },
        { icon: LucideFingerprint, title: 'Credentials', text: 'Key fobs, PINs and mobile credentials on the same panel.' },
        { icon: LucideVideo, title: 'Video Log', text: 'Every entry recorded with a snapshot for the property manager.' },
        { icon: LucideDoorOpen, title: 'Access Integration', text: 'Works with access control, elevators and gates.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Usage scenarios',
      title: 'Made for Every Building',
      columns: 3,
      items: [
        { icon: LucideBuilding, title: 'Apartment Buildings', text: 'Replace buzzers with video entry and online resident management.' },
        { icon: LucideBuilding2, title: 'Office Buildings', text: 'Visitor entry at reception and after-hours access for staff.' },
        { icon: LucideHouse, title: 'Gated Communities', text: 'Gate panels that call homeowners and log every visitor.' },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Installation case studies',
      title: 'Recent Intercom Installations',
      columns: 2,
      items: [
        {
          icon: LucideBuilding,
          title: 'Astoria 48-Unit Apartment Building',
          text: 'Buzzer replaced by a touchscreen panel and mobile answering; fob management moved online.',
          points: ['48 units', '2 entrances and a package room', 'Installed in 3 days'],
        },
        {
          icon: LucideBuilding2,
          title: 'Midtown Office Lobby',
          text: 'Visitor intercom at reception integrated with badge access on 6 floors.',
          points: ['200+ employees', 'Elevator integration', 'Installed over a weekend'],
        },
      ],
    },
    {
      kind: 'cards',
      eyebrow: 'Management dashboard',
      title: 'One Dashboard for Every Door',
      columns: 3,
      items: [
        { icon: LucideLayoutDashboard, title: 'Live Status', text: 'See every panel, door and call in real time.' },
        { icon: LucideUsers, title: 'Residents and Credentials', text: 'Add, move and remove residents in seconds.' },
        { icon: LucideActivity, title: 'Entry Reports', text: 'Search entries by unit, time or credential and export them.' },
      ],
    },
    {
      kind: 'specs',
      eyebrow: 'Technical specifications',
      title: 'Technical Specifications',
      rows: [
        ['Camera', '2 MP wide-angle, WDR, IR night vision'],
        ['Display', '10" touchscreen (Entry Panel Pro)'],
        ['Network', 'PoE, Ethernet; LTE backup optional'],
        ['Credentials', 'Mobile, 13.56 MHz fobs and cards, PIN'],
        ['Rating', 'IP65 weatherproof, IK08 vandal-resistant'],
        ['Operating temperature', '-40 °F to 140 °F'],
      ],
    },
  ],
  quote: { title: 'Get Your Free Intercom Quote', text: 'Tell us about your building and entrances. We will contact you within 24 hours.' },
  closing: {
    title: 'Upgrade Your Building’s Entry',
    text: 'Residents and tenants notice the difference on day one.',
    cta: 'Get My Free Quote',
    link: { label: 'Business Security', to: '/business-security' },
  },
};
