/**
 * Static content of the home page's sections below the first screen (public-site.md §2 "Home
 * page", §3 "Static content": testimonials, projects, team members, values, recent
 * installations). The service cards are in services-content.ts.
 */

import { CASE_STUDY_FACTS, formatSquareFeet } from '@ironclad/contracts';

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

const { scarsdale: SC, midtown: MT } = CASE_STUDY_FACTS;

/** A recent project (spec §3). */
export interface ProjectCard {
  type: 'RESIDENTIAL PROJECT' | 'COMMERCIAL PROJECT';
  title: string;
  description: string;
  beforeImage: string;
  afterImage: string;
  details: { challenge: string; timeline: string; solution: string; result: string };
}

/** The two recent projects of the home page (spec §9 sample project claims); figures from CASE_STUDY_FACTS. */
export const PROJECTS: ProjectCard[] = [
  {
    type: 'RESIDENTIAL PROJECT',
    title: 'Scarsdale Colonial Home',
    description: `${SC.cameras} cameras in a ${formatSquareFeet(SC.squareFeet)} home, with a video doorbell and remote viewing.`,
    beforeImage: '/images/projects/scarsdale-colonial-home-before.svg',
    afterImage: '/images/projects/scarsdale-colonial-home-after.svg',
    details: {
      challenge: 'Dark driveway, a detached garage and blind spots along a long back yard.',
      timeline: SC.timeline,
      solution: `${SC.cameras} 4K cameras with color night vision on an ${SC.recorderChannels}-channel recorder, a video doorbell and concealed wiring.`,
      result: 'Full perimeter coverage and phone alerts; no package thefts since, and the owners’ insurance premium dropped.',
    },
  },
  {
    type: 'COMMERCIAL PROJECT',
    title: 'Midtown Office Headquarters',
    description: `A ${formatSquareFeet(MT.squareFeet)} office with ${MT.employees} employees, access control and video surveillance.`,
    beforeImage: '/images/projects/midtown-office-headquarters-before.svg',
    afterImage: '/images/projects/midtown-office-headquarters-after.svg',
    details: {
      challenge: 'Shared keys, no visitor log and cameras that no one could search.',
      timeline: MT.timeline,
      solution: `Card and mobile-credential access on ${MT.accessDoors} doors and ${MT.cameras} 4K cameras on a ${MT.recorderChannels}-channel RAID recorder, linked to badge events.`,
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
