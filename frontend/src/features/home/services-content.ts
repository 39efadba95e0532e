/**
 * The home page's service cards (public-site.md §2 "Services", §3 "Service card"): the first
 * screen of the page, apart from the content of the sections below it (home-content.ts), which
 * load with those sections.
 */
import {
  type LucideIcon,
  LucideBellRing,
  LucideBuilding2,
  LucideCamera,
  LucideCctv,
  LucideDoorOpen,
  LucideHouse,
  LucideKeyRound,
  LucideMonitorCheck,
  LucideWrench,
} from 'lucide-react';

/** A service card (spec §3): the first 4 features are listed, then '+N more features'. */
export interface ServiceCard {
  icon: LucideIcon;
  title: string;
  description: string;
  features: string[];
  link: string;
  backgroundImage: string;
}

/** Number of features a card lists before '+N more features' (spec §3). */
export const CARD_FEATURES_SHOWN = 4;

/** Residential cards (spec §2: 6 cards, titles and links as listed). */
export const RESIDENTIAL_SERVICES: ServiceCard[] = [
  {
    icon: LucideCamera,
    title: 'Security Cameras',
    description: '4K indoor and outdoor cameras with night vision and live viewing from your phone.',
    features: [
      '4K Ultra HD video',
      'Color night vision',
      'Motion alerts on your phone',
      'Cloud and local recording',
      'Weatherproof housings',
    ],
    link: '/security-cameras',
    backgroundImage: '/images/services/cameras.svg',
  },
  {
    icon: LucideHouse,
    title: 'Smart Home Automation',
    description: 'Locks, lights, thermostats and cameras working together from one app.',
    features: [
      'Smart locks and keypads',
      'Lighting scenes',
      'Voice assistant control',
      'Energy-saving schedules',
      'Geofenced arming',
      'One app for everything',
    ],
    link: '/smart-home-automation',
    backgroundImage: '/images/services/smart-home.svg',
  },
  {
    icon: LucideBellRing,
    title: 'Smart Doorbells',
    description: 'See and talk to whoever is at the door, from anywhere, day or night.',
    features: ['HD video with two-way talk', 'Package detection', 'Pre-roll recording', 'Chime integration'],
    link: '/security-cameras',
    backgroundImage: '/images/services/doorbell.svg',
  },
  {
    icon: LucideKeyRound,
    title: 'Alarm Systems',
    description: 'Door, window, glass-break and motion sensors with a loud siren and monitoring.',
    features: ['Door and window sensors', 'Glass-break detection', 'Smoke and CO detectors', 'Cellular backup', 'Keypad and app arming'],
    link: '/residential-security',
    backgroundImage: '/images/services/alarm.svg',
  },
  {
    icon: LucideMonitorCheck,
    title: '24/7 Monitoring',
    description: 'Professional operators watch over your home around the clock.',
    features: [
      'UL-listed monitoring center',
      '13-second average response',
      'Police, fire and medical dispatch',
      'Video verification',
      'No long-term contract',
    ],
    link: '/security-monitoring',
    backgroundImage: '/images/services/monitoring.svg',
  },
  {
    icon: LucideWrench,
    title: 'Professional Installation',
    description: 'Licensed technicians, clean cable runs and a walkthrough of your new system.',
    features: ['Free on-site assessment', 'Concealed wiring', 'Same-week scheduling', '5-year equipment warranty', '2-year labor warranty'],
    link: '/residential-security',
    backgroundImage: '/images/services/installation.svg',
  },
];

/** Business cards (spec §2: 5 cards, titles and links as listed). */
export const BUSINESS_SERVICES: ServiceCard[] = [
  {
    icon: LucideBuilding2,
    title: 'Commercial Security',
    description: 'Complete security design for offices, retail, warehouses and multi-site businesses.',
    features: [
      'Site risk assessment',
      'Intrusion detection',
      'Multi-site management',
      'Insurance documentation',
      'Dedicated account manager',
    ],
    link: '/business-security',
    backgroundImage: '/images/services/commercial.svg',
  },
  {
    icon: LucideDoorOpen,
    title: 'Access Control',
    description: 'Key cards, mobile credentials and schedules for every door and employee.',
    features: [
      'Card and mobile credentials',
      'Door schedules',
      'Audit trails',
      'Visitor management',
      'Elevator control',
      'Lockdown buttons',
    ],
    link: '/business-security',
    backgroundImage: '/images/services/access-control.svg',
  },
  {
    icon: LucideCctv,
    title: 'Video Surveillance',
    description: 'Enterprise camera systems with analytics, long retention and remote viewing.',
    features: [
      '4K and panoramic cameras',
      'AI people and vehicle detection',
      'License plate recognition',
      '90-day retention',
      'Remote video wall',
    ],
    link: '/security-cameras',
    backgroundImage: '/images/services/cameras.svg',
  },
  {
    icon: LucideBuilding2,
    title: 'Building Video Intercom',
    description: 'Video entry for multi-family and commercial buildings, answered from any phone.',
    features: ['Cloud-managed directory', 'Mobile app answering', 'Package room access', 'Integration with access control'],
    link: '/building-video-intercom',
    backgroundImage: '/images/services/intercom.svg',
  },
  {
    icon: LucideMonitorCheck,
    title: '24/7 Monitoring',
    description: 'Live video monitoring and alarm response for your business, every hour of the year.',
    features: ['Live video guard tours', 'Alarm verification', 'Open/close reports', 'Response under 30 seconds', '99.9% uptime'],
    link: '/security-monitoring',
    backgroundImage: '/images/services/monitoring.svg',
  },
];
