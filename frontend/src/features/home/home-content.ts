/**
 * Static content of the home page (public-site.md §2 "Home page", §3 "Static content": service
 * cards, testimonials, projects, team members). Icons are react-icons components.
 */
import type { IconType } from 'react-icons';
import {
  LuBellRing,
  LuBuilding2,
  LuCamera,
  LuCctv,
  LuDoorOpen,
  LuHouse,
  LuKeyRound,
  LuMonitorCheck,
  LuWrench,
} from 'react-icons/lu';

/** A service card (spec §3): the first 4 features are listed, then '+N more features'. */
export interface ServiceCard {
  icon: IconType;
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
    icon: LuCamera,
    title: 'Security Cameras',
    description: '4K indoor and outdoor cameras with night vision and live viewing from your phone.',
    features: ['4K Ultra HD video', 'Color night vision', 'Motion alerts on your phone', 'Cloud and local recording', 'Weatherproof housings'],
    link: '/security-cameras',
    backgroundImage: '/images/services/cameras.svg',
  },
  {
    icon: LuHouse,
    title: 'Smart Home Automation',
    description: 'Locks, lights, thermostats and cameras working together from one app.',
    features: ['Smart locks and keypads', 'Lighting scenes', 'Voice assistant control', 'Energy-saving schedules', 'Geofenced arming', 'One app for everything'],
    link: '/smart-home-automation',
    backgroundImage: '/images/services/smart-home.svg',
  },
  {
    icon: LuBellRing,
    title: 'Smart Doorbells',
    description: 'See and talk to whoever is at the door, from anywhere, day or night.',
    features: ['HD video with two-way talk', 'Package detection', 'Pre-roll recording', 'Chime integration'],
    link: '/security-cameras',
    backgroundImage: '/images/services/doorbell.svg',
  },
  {
    icon: LuKeyRound,
    title: 'Alarm Systems',
    description: 'Door, window, glass-break and motion sensors with a loud siren and monitoring.',
    features: ['Door and window sensors', 'Glass-break detection', 'Smoke and CO detectors', 'Cellular backup', 'Keypad and app arming'],
    link: '/residential-security',
    backgroundImage: '/images/services/alarm.svg',
  },
  {
    icon: LuMonitorCheck,
    title: '24/7 Monitoring',
    description: 'Professional operators watch over your home around the clock.',
    features: ['UL-listed monitoring center', '13-second average response', 'Police, fire and medical dispatch', 'Video verification', 'No long-term contract'],
    link: '/security-monitoring',
    backgroundImage: '/images/services/monitoring.svg',
  },
  {
    icon: LuWrench,
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
    icon: LuBuilding2,
    title: 'Commercial Security',
    description: 'Complete security design for offices, retail, warehouses and multi-site businesses.',
    features: ['Site risk assessment', 'Intrusion detection', 'Multi-site management', 'Insurance documentation', 'Dedicated account manager'],
    link: '/business-security',
    backgroundImage: '/images/services/commercial.svg',
  },
  {
    icon: LuDoorOpen,
    title: 'Access Control',
    description: 'Key cards, mobile credentials and schedules for every door and employee.',
    features: ['Card and mobile credentials', 'Door schedules', 'Audit trails', 'Visitor management', 'Elevator control', 'Lockdown buttons'],
    link: '/business-security',
    backgroundImage: '/images/services/access-control.svg',
  },
  {
    icon: LuCctv,
    title: 'Video Surveillance',
    description: 'Enterprise camera systems with analytics, long retention and remote viewing.',
    features: ['4K and panoramic cameras', 'AI people and vehicle detection', 'License plate recognition', '90-day retention', 'Remote video wall'],
    link: '/security-cameras',
    backgroundImage: '/images/services/cameras.svg',
  },
  {
    icon: LuBuilding2,
    title: 'Building Video Intercom',
    description: 'Video entry for multi-family and commercial buildings, answered from any phone.',
    features: ['Cloud-managed directory', 'Mobile app answering', 'Package room access', 'Integration with access control'],
    link: '/building-video-intercom',
    backgroundImage: '/images/services/intercom.svg',
  },
  {
    icon: LuMonitorCheck,
    title: '24/7 Monitoring',
    description: 'Live video monitoring and alarm response for your business, every hour of the year.',
    features: ['Live video guard tours', 'Alarm verification', 'Open/close reports', 'Response under 30 seconds', '99.9% uptime'],
    link: '/security-monitoring',
    backgroundImage: '/images/services/monitoring.svg',
  },
];

/** A testimonial as the carousel shows it (spec §3: name, role, image, quote). */
export interface TestimonialCard {
  name: string;
  role: string;
  image: string;
  quote: string;
}

/**
 * The three featured testimonials of the seed, shown in the prerendered HTML and until
 * GET /api/testimonials answers (the API's featured testimonials replace them).
 */
export const FALLBACK_TESTIMONIALS: TestimonialCard[] = [
  {
    name: 'Sarah Johnson',
    role: 'Homeowner',
    image: '/images/testimonials/sarah-johnson.svg',
    quote:
      'Ironclad designed and installed eight 4K cameras around our home in two days. The crew was tidy, explained everything, ' +
      'and I can check every camera from my phone. We finally feel safe when we travel.',
  },
  {
    name: 'Michael Chen',
    role: 'Operations Director, Hudson Logistics',
    image: '/images/testimonials/michael-chen.svg',
    quote:
      'They phased the whole warehouse install around our shifts, so we never stopped shipping. The PTZ cameras on the yard ' +
      'paid for themselves within months, and their support line actually picks up.',
  },
  {
    name: 'David Thompson',
    role: 'Homeowner',
    image: '/images/testimonials/david-thompson.svg',
    quote:
      'Our cameras, locks and lights finally work together in one app. The “Away” scene locks up and arms everything with one tap — ' +
      'and the leak sensor they added saved our basement.',
  },
];

/** A recent project (spec §3). */
export interface ProjectCard {
  type: 'RESIDENTIAL PROJECT' | 'COMMERCIAL PROJECT';
  title: string;
  description: string;
  beforeImage: string;
  afterImage: string;
  details: { challenge: string; timeline: string; solution: string; result: string };
}

/** The two recent projects of the home page (spec §9 sample project claims). */
export const PROJECTS: ProjectCard[] = [
  {
    type: 'RESIDENTIAL PROJECT',
    title: 'Scarsdale Colonial Home',
    description: '8 cameras in a 4,500 sq ft home, with smart locks and professional monitoring.',
    beforeImage: '/images/projects/scarsdale-colonial-home-before.svg',
    afterImage: '/images/projects/scarsdale-colonial-home-after.svg',
    details: {
      challenge: 'Dark driveway, a detached garage and blind spots along a long back yard.',
      timeline: '2-day installation',
      solution: '8 4K cameras with color night vision, a video doorbell and concealed wiring.',
      result: 'Full perimeter coverage and phone alerts; the owners’ insurance premium dropped.',
    },
  },
  {
    type: 'COMMERCIAL PROJECT',
    title: 'Midtown Office Headquarters',
    description: 'A 50,000 sq ft office with 200+ employees, access control and video surveillance.',
    beforeImage: '/images/projects/midtown-office-headquarters-before.svg',
    afterImage: '/images/projects/midtown-office-headquarters-after.svg',
    details: {
      challenge: 'Shared keys, no visitor log and cameras that no one could search.',
      timeline: '1-week phased installation',
      solution: 'Mobile credentials on every door, 32 cameras and a cloud video management system.',
      result: 'Badge and video reports in one place and zero downtime during the rollout.',
    },
  },
];

/** A team member (spec §3). */
export interface TeamMember {
  name: string;
  role: string;
  image: string;
  bio: string;
}

/** About section: the three team members. */
export const TEAM: TeamMember[] = [
  {
    name: 'Marcus Reyes',
    role: 'Founder & Chief Security Consultant',
    image: '/images/team/marcus-reyes.svg',
    bio: 'A former NYPD crime-prevention officer who has designed systems for homes, schools and high-rises for over 20 years.',
  },
  {
    name: 'Dana Whitfield',
    role: 'Director of Installations',
    image: '/images/team/dana-whitfield.svg',
    bio: 'A licensed low-voltage contractor who leads our installation crews and signs off every job before we hand it over.',
  },
  {
    name: 'Kevin Osei',
    role: 'Monitoring Center Manager',
    image: '/images/team/kevin-osei.svg',
    bio: 'Runs our UL-listed 24/7 monitoring center and the operators who answer every alarm in seconds.',
  },
];

/** About section: the three value points. */
export const VALUES = [
  { title: 'Integrity', text: 'Honest assessments and clear, written quotes. We only recommend what your property needs.' },
  { title: 'Craftsmanship', text: 'Licensed technicians, clean cable runs and a 5-year warranty on every installation.' },
  { title: 'Vigilance', text: 'Round-the-clock monitoring and support, because security does not keep office hours.' },
];

/** Trust section: three recent installations. */
export const RECENT_INSTALLATIONS = [
  { place: 'Park Slope, Brooklyn', what: '6-camera system and smart doorbell for a brownstone', when: 'This week' },
  { place: 'Hackensack, NJ', what: 'Access control on 14 doors for a medical office', when: 'Last week' },
  { place: 'White Plains, NY', what: 'Alarm system with 24/7 monitoring for a family home', when: '2 weeks ago' },
];
