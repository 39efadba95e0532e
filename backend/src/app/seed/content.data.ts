/**
 * Seed marketing content: case studies (public-site.md §2 /case-studies and home "Recent
 * projects"), testimonials (home carousel and service pages) and site_content strings.
 *
 * Images are local paths the front end ships: /images/projects/<slug>-before.webp / -after.webp
 * and /images/testimonials/<slug>.webp.
 */
import { CASE_STUDY_FACTS, formatSquareFeet, type CaseStudyCategory } from '@ironclad/contracts';

const { scarsdale: SC, midtown: MT, secaucus: SE, gardenCity: GC, williamsburg: WB, astoria: AS, jerseyCity: JC } = CASE_STUDY_FACTS;

export interface CaseStudySeed {
  title: string;
  client: string | null;
  category: CaseStudyCategory;
  description: string;
  challenge: string;
  solution: string;
  results: string;
  imageUrl: string;
  images: string[];
  /** Integer cents. */
  projectValueCents: number;
  /** YYYY-MM-DD. */
  completionDate: string;
  tags: string[];
  featured: boolean;
  published: boolean;
}

const projectImages = (slug: string) => ({
  imageUrl: `/images/projects/${slug}-after.webp`,
  images: [`/images/projects/${slug}-before.webp`, `/images/projects/${slug}-after.webp`],
});

/**
 * Seven published projects (two featured, shown on the home page) and one unpublished draft.
 * The first two are the spec's own samples (public-site.md §9 "Sample project claims").
 */
export const CASE_STUDIES_SEED: readonly CaseStudySeed[] = [
  {
    title: `Scarsdale Colonial: ${SC.cameras}-Camera 4K Home Security System`,
    client: 'Private homeowner, Scarsdale NY',
    category: 'residential',
    description: `A ${formatSquareFeet(SC.squareFeet)} colonial on a wooded lot gets full perimeter coverage with ${SC.cameras} 4K cameras and a video doorbell, installed in two days.`,
    challenge:
      `A ${formatSquareFeet(SC.squareFeet)}, two-storey home on a wooded acre with a long driveway, a detached garage and a back patio that was invisible from the house. ` +
      'The owners travel often, had two package thefts in a year, and wanted no exposed cables on the restored exterior.',
    solution:
      `${SC.cameras} 4K turret cameras covering the driveway entrance, garage, front porch, side yards, patio and pool gate, plus a wired video doorbell. ` +
      `All cabling was fished through the attic and basement to an ${SC.recorderChannels}-channel PoE NVR in a utility closet, with a UPS and remote viewing on both owners’ phones. ` +
      'Installation took 2 days, with programming and app training on the afternoon of day two.',
    results:
      'No visible wiring, every approach to the house covered in 4K day and night, and smart alerts filtered for people and vehicles only. ' +
      'No package thefts since installation, and the homeowners’ insurer granted a premium discount.',
    ...projectImages('scarsdale-colonial-home'),
    projectValueCents: 968_500,
    completionDate: '2025-05-14',
    tags: [`${SC.cameras} cameras`, '4K', 'video doorbell', '2-day install', formatSquareFeet(SC.squareFeet)],
    featured: true,
    published: true,
  },
  {
    title: 'Midtown Office Headquarters: Phased Access Control and Video Surveillance',
    client: 'Meridian Financial Partners',
    category: 'commercial',
    description: `A ${formatSquareFeet(MT.squareFeet)}, ${MT.employees} employee office gets ${MT.cameras} cameras, ${MT.accessDoors} access-controlled doors and visitor intercoms in a one-week phased install with zero downtime.`,
    challenge:
      `A ${formatSquareFeet(MT.squareFeet)} headquarters over three floors with more than 200 employees, shared lobbies and a legacy key system nobody could audit. ` +
      'The firm needed badge access and camera coverage for compliance without interrupting trading hours.',
    solution:
      `A one-week phased installation, floor by floor, with cabling done after hours: ${MT.cameras} 4K cameras on a ${MT.recorderChannels}-channel RAID recorder, ` +
      `card and mobile-credential access control on ${MT.accessDoors} doors including the server room, and video intercoms at both reception desks. ` +
      'Badge events are linked to camera footage so security can pull any door event with video in seconds.',
    results:
      'Cut-over completed on schedule in 1 week with no lost business hours. Lost-key rekeying costs dropped to zero, ' +
      'the annual compliance audit passed with full access logs, and incident investigation time fell from hours to minutes.',
    ...projectImages('midtown-office-headquarters'),
    projectValueCents: 7_480_000,
    completionDate: '2025-03-28',
    tags: [
      `${MT.cameras} cameras`,
      'access control',
      'video intercom',
      formatSquareFeet(MT.squareFeet),
      'phased install',
      `${MT.employees} employees`,
    ],
    featured: true,
    published: true,
  },
  {
    title: 'Secaucus Distribution Center: Perimeter and Loading Dock Coverage',
    client: 'Hudson Logistics',
    category: 'industrial',
    description: `A ${formatSquareFeet(SE.squareFeet)} warehouse secures 12 loading docks, the yard and the fence line with ${SE.cameras} cameras including auto-tracking PTZs.`,
    challenge:
      `Pallet shrinkage, disputed damage claims at the docks and after-hours trespassing in the trailer yard of a ${formatSquareFeet(SE.squareFeet)} distribution center. ` +
      'Existing analogue cameras could not read trailer numbers or license plates at night.',
    solution:
      `${SE.fixedCameras} 4K bullet and dome cameras over every dock door, aisle end and entrance, plus ${SE.ptzCameras} 25x PTZ cameras with auto-tracking on the yard and fence line. ` +
      'Two recorders with 30-day retention, a UPS-backed network rack, and line-crossing alerts to the night supervisor’s phone.',
    results:
      'Damage claims can now be settled with dock-door footage of every load; shrinkage fell 38% in the first two quarters ' +
      'and after-hours yard incidents dropped to zero after two trespassers were identified.',
    ...projectImages('secaucus-distribution-center'),
    projectValueCents: 5_840_000,
    completionDate: '2024-11-15',
    tags: [`${SE.cameras} cameras`, 'PTZ', 'loading docks', 'perimeter', formatSquareFeet(SE.squareFeet)],
    featured: false,
    published: true,
  },
  {
    title: 'Garden City Smart Home: Cameras, Smart Locks and Automation Scenes',
    client: 'The Alvarez family',
    category: 'smart_home',
    description: `${GC.devices} connected devices — ${GC.cameras} cameras, smart locks, lighting and sensors — run from one app with “Away” and “Goodnight” scenes.`,
    challenge:
      'The family had five apps for a doorbell, cameras, a thermostat and garage opener, none of which talked to each other, ' +
      'and wanted the house to lock itself and light up when nobody was home.',
    solution:
      `${GC.cameras} 4K cameras and a video doorbell, two smart deadbolts, smart lighting on the porch and driveway, door/window sensors and a leak sensor, ` +
      'all on one hub with scenes: “Away” arms the system, locks the doors and simulates occupancy; “Goodnight” locks up and turns on the exterior lights.',
    results:
      'One app instead of five, doors never left unlocked, and a basement leak alert that saved an estimated $8,000 in water damage two months after installation.',
    ...projectImages('garden-city-smart-home'),
    projectValueCents: 1_425_000,
    completionDate: '2025-06-20',
    tags: ['smart home', `${GC.devices} devices`, `${GC.cameras} cameras`, 'smart locks', 'automation scenes', 'video doorbell'],
    featured: false,
    published: true,
  },
  {
    title: 'Williamsburg Retail Boutique: Loss-Prevention Camera Upgrade',
    client: 'Kinfolk & Co. Boutique',
    category: 'commercial',
    description: `A ${formatSquareFeet(WB.squareFeet)} boutique replaces blind-spot-ridden cameras with ${WB.cameras} high-resolution cameras and point-of-sale video overlay.`,
    challenge:
      'High-value inventory, a narrow floor plan with blind spots behind racks, and refund fraud at the register that the old 720p system could not prove.',
    solution:
      `${WB.domeCameras} 4MP vandal-resistant dome cameras and ${WB.entranceCameras} 4K cameras at the entrance and register, point-of-sale transaction overlay on the register camera, ` +
      `and a ${WB.recorderChannels}-channel NVR with remote viewing for the owner.`,
    results: 'Inventory shrinkage fell by 45% in six months and two refund-fraud cases were resolved with transaction-matched video.',
    ...projectImages('williamsburg-retail-boutique'),
    projectValueCents: 1_590_000,
    completionDate: '2024-09-30',
    tags: ['retail', `${WB.cameras} cameras`, 'POS integration', 'loss prevention'],
    featured: false,
    published: true,
  },
  {
    title: `Astoria ${AS.units}-Unit Apartment Building: Video Intercom Retrofit`,
    client: 'Parkview Residences',
    category: 'residential',
    description: `A six-storey, ${AS.units}-unit building trades a failing buzzer panel for app-based video intercom and ${AS.cameras} common-area cameras.`,
    challenge:
      'A 1960s building with a broken audio buzzer, propped-open doors, package thefts in the lobby and no way to let couriers in remotely.',
    solution:
      'Video door stations at the front and service entrances with calls to residents’ phones, fob access for residents, ' +
      `and ${AS.cameras} cameras covering the lobby, mailroom, stairwells, laundry and rear courtyard, retrofitted over existing risers without opening walls.`,
    results:
      'Lobby package thefts stopped, residents buzz visitors in from anywhere, and the management office handles fob changes online instead of rekeying.',
    ...projectImages('astoria-apartment-intercom'),
    projectValueCents: 4_150_000,
    completionDate: '2025-01-22',
    tags: ['multi-family', 'video intercom', `${AS.cameras} cameras`, 'access control', 'retrofit'],
    featured: false,
    published: true,
  },
  {
    title: 'Jersey City Construction Site: Solar-Powered Mobile Surveillance',
    client: 'Bayfront Builders',
    category: 'industrial',
    description: `${JC.towers} solar surveillance towers with ${JC.cameras} cameras protect a high-rise construction site with no power or internet, with live monitoring overnight.`,
    challenge:
      'Copper wire and tool theft on an active high-rise site with no permanent power or network, and a layout that changes every few weeks as work progresses.',
    solution:
      `${JC.towers} solar-powered trailer towers, each with ${JC.ptzCamerasPerTower} PTZ and ${JC.fixedCamerasPerTower} 4K cameras on LTE, relocatable in under an hour, ` +
      'with professional monitoring and talk-down speakers from 7PM to 6AM.',
    results: 'Zero thefts in the nine months since deployment, and the general contractor’s builder’s-risk insurance premium was reduced.',
    ...projectImages('jersey-city-construction-site'),
    projectValueCents: 2_760_000,
    completionDate: '2024-08-12',
    tags: ['construction', 'solar', 'mobile surveillance', 'professional monitoring', 'PTZ', `${JC.cameras} cameras`],
    featured: false,
    published: true,
  },
  {
    // Draft: not published, so the public portfolio must not show it.
    title: 'Hoboken Medical Clinic: Privacy-Aware Camera Layout',
    client: 'Riverside Family Medicine',
    category: 'commercial',
    description:
      'Draft — awaiting client approval. Camera coverage of entrances and pharmacy storage with privacy masking near exam rooms.',
    challenge: 'Securing controlled-substance storage and entrances without recording patients in care areas.',
    solution: 'Ten cameras with privacy masks, access control on the pharmacy store room and audit-logged video access.',
    results: 'Pending client sign-off.',
    ...projectImages('hoboken-medical-clinic'),
    projectValueCents: 2_380_000,
    completionDate: '2025-07-10',
    tags: ['healthcare', 'privacy masking', 'access control'],
    featured: false,
    published: false,
  },
];

export interface TestimonialSeed {
  name: string;
  role: string;
  company: string | null;
  content: string;
  rating: number;
  imageUrl: string;
  location: string;
  serviceCategory: 'residential' | 'business' | 'smart_home';
  /** true = one of the 3 home-page carousel testimonials. */
  featured: boolean;
  published: boolean;
}

const testimonialImage = (slug: string) => `/images/testimonials/${slug}.webp`;

/**
 * The home-page carousel shows the three `featured` testimonials; the residential and business
 * pages show two non-featured ones each, selected by `serviceCategory`.
 */
export const TESTIMONIALS_SEED: readonly TestimonialSeed[] = [
  // Home page (featured)
  {
    name: 'Sarah Johnson',
    role: 'Homeowner',
    company: null,
    content:
      'Ironclad designed and installed eight 4K cameras around our home in two days. The crew was tidy, explained everything, ' +
      'and I can check every camera from my phone. We finally feel safe when we travel.',
    rating: 5,
    imageUrl: testimonialImage('sarah-johnson'),
    location: 'Scarsdale, NY',
    serviceCategory: 'residential',
    featured: true,
    published: true,
  },
  {
    name: 'Michael Chen',
    role: 'Operations Director',
    company: 'Hudson Logistics',
    content:
      'They phased the whole warehouse install around our shifts, so we never stopped shipping. The PTZ cameras on the yard ' +
      'paid for themselves within months, and their support line actually picks up.',
    rating: 5,
    imageUrl: testimonialImage('michael-chen'),
    location: 'Secaucus, NJ',
    serviceCategory: 'business',
    featured: true,
    published: true,
  },
  {
    name: 'David Thompson',
    role: 'Homeowner',
    company: null,
    content:
      'Our cameras, locks and lights finally work together in one app. The “Away” scene locks up and arms everything with one tap — ' +
      'and the leak sensor they added saved our basement.',
    rating: 5,
    imageUrl: testimonialImage('david-thompson'),
    location: 'Garden City, NY',
    serviceCategory: 'smart_home',
    featured: true,
    published: true,
  },
  // Residential page
  {
    name: 'Robert and Linda Martinez',
    role: 'Homeowners',
    company: null,
    content:
      'From the free site survey to the final walkthrough, everything was on time and on budget. The monitoring team called us ' +
      'within seconds when our alarm went off at 2 a.m. — it was a raccoon, but it is good to know they are there.',
    rating: 5,
    imageUrl: testimonialImage('robert-linda-martinez'),
    location: 'White Plains, NY',
    serviceCategory: 'residential',
    featured: false,
    published: true,
  },
  {
    name: 'Priya Patel',
    role: 'Homeowner',
    company: null,
    content:
      'We live in a brownstone and I was worried about drilling into the facade. They hid every cable and the video doorbell ' +
      'looks like it came with the house. Package thefts on our stoop have stopped completely.',
    rating: 5,
    imageUrl: testimonialImage('priya-patel'),
    location: 'Park Slope, Brooklyn',
    serviceCategory: 'residential',
    featured: false,
    published: true,
  },
  // Business page
  {
    name: 'Emily Rodriguez',
    role: 'Property Manager',
    company: 'Parkview Residences',
    content:
      'Replacing our old buzzer with video intercom was the best upgrade we have made. Residents let couriers in from their phones, ' +
      'and I manage fobs online instead of calling a locksmith.',
    rating: 5,
    imageUrl: testimonialImage('emily-rodriguez'),
    location: 'Astoria, Queens',
    serviceCategory: 'business',
    featured: false,
    published: true,
  },
  {
    name: 'James Wilson',
    role: 'Owner',
    company: 'Wilson’s Hardware',
    content:
      'Shrinkage was eating our margins. Ironclad put cameras on every aisle and the register, and the point-of-sale overlay ' +
      'settled two refund disputes in the first month. Professional, licensed and fast.',
    rating: 5,
    imageUrl: testimonialImage('james-wilson'),
    location: 'Bronx, NY',
    serviceCategory: 'business',
    featured: false,
    published: true,
  },
];

export interface SiteContentSeed {
  section: string;
  key: string;
  value: string;
  type: 'text';
}

export const SITE_CONTENT_SEED: readonly SiteContentSeed[] = [
  { section: 'hero', key: 'headline', value: 'Professional Security Systems for Homes and Businesses', type: 'text' },
  {
    section: 'hero',
    key: 'subheadline',
    value:
      'Security cameras, access control, video intercom and 24/7 monitoring — designed, installed and supported by licensed local experts.',
    type: 'text',
  },
  { section: 'hero', key: 'primary_cta', value: 'Get Your Free Estimate', type: 'text' },
  { section: 'hero', key: 'secondary_cta', value: 'Request a Demo', type: 'text' },
  { section: 'about', key: 'heading', value: 'About Ironclad Security Systems', type: 'text' },
  {
    section: 'about',
    key: 'mission',
    value:
      'Our mission is simple: make every home and business we work on measurably safer, with systems that are designed for the property, ' +
      'installed cleanly and supported for years after the crew leaves.',
    type: 'text',
  },
  { section: 'about', key: 'value_1', value: 'Licensed and insured technicians — 100% of our installers are certified.', type: 'text' },
  { section: 'about', key: 'value_2', value: 'Honest, itemised quotes with no hidden fees.', type: 'text' },
  { section: 'about', key: 'value_3', value: '5-year equipment warranty and 2-year labor warranty on every installation.', type: 'text' },
];
