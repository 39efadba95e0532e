/**
 * The <title>, meta description and robots of every page (public-site.md §2 routes, staff-side.md
 * §2). The prerenderer writes them into each page's <head>; in the browser `<DocumentMeta />`
 * loads this table when the visitor navigates to another page (the prerendered <head> already
 * holds the first page's), so the pages do not download every page's texts up front.
 */
import { matchRoutes } from 'react-router';
import type { PublicPath } from './public-routes';
import { APP_SHELL_META, NOT_FOUND_META, SITE_NAME, type RouteMeta } from './route-meta';

/** Meta of the prerendered public pages: one per route of PUBLIC_ROUTES, each title unique. */
export const PUBLIC_PAGE_META = {
  '/': {
    title: `${SITE_NAME} | Security Cameras, Alarms & 24/7 Monitoring`,
    description:
      'Security cameras, alarm systems, access control, smart home automation and 24/7 monitoring for homes and businesses. Licensed and insured installers. Get your free estimate.',
  },
  '/residential-security': {
    title: `Home Security Systems | ${SITE_NAME}`,
    description:
      'Home security cameras from $299, smart home devices from $199, alarm systems from $49/month and 24/7 monitoring at $29.99/month. Free home security assessment.',
  },
  '/business-security': {
    title: `Commercial & Business Security Systems | ${SITE_NAME}`,
    description:
      'Access control, video surveillance, perimeter protection and a 24/7 command center for offices, retail stores, industrial facilities and healthcare.',
  },
  '/security-cameras': {
    title: `4K Security Camera Installation | ${SITE_NAME}`,
    description:
      'Professionally installed 4K security cameras with color night vision and mobile viewing. Packages from $299 for 2 cameras, $799 for 4 and $1,499 for 8.',
  },
  '/smart-home-automation': {
    title: `Smart Home Automation | ${SITE_NAME}`,
    description:
      'Smart locks, lighting, climate control and automation scenes in one app. Smart home packages from $499 for 5 devices, installed by licensed technicians.',
  },
  '/building-video-intercom': {
    title: `Building Video Intercom Systems | ${SITE_NAME}`,
    description:
      'Cloud-managed video intercom for apartment and office buildings: answer from any phone, delivery codes and online resident management. Panels from $899.',
  },
  '/security-monitoring': {
    title: `24/7 Professional Security Monitoring | ${SITE_NAME}`,
    description:
      'Live video and alarm monitoring from $299 per site per month. Response under 30 seconds, 99.9% uptime, no setup fees and a 30-day money-back guarantee.',
  },
  '/compare-services': {
    title: `Compare Security Services | ${SITE_NAME}`,
    description:
      'Compare residential security ($49/month), business security ($199/month), security cameras ($299/camera) and smart home ($199/device) side by side.',
  },
  '/case-studies': {
    title: `Case Studies: Security Installation Projects | ${SITE_NAME}`,
    description:
      'Residential, commercial, industrial and smart home security projects: the challenge, the solution and the results, with before and after photos.',
  },
  '/shopping': {
    title: `AI Security Designer: Instant Quote | ${SITE_NAME}`,
    description:
      'Describe your building and get an itemised security camera design and price in about 3 minutes. Secure your installation date with a 10% deposit.',
  },
  '/consultation-payment': {
    title: `Consultation Deposit | ${SITE_NAME}`,
    description: 'Reserve an on-site security consultation with a $250 deposit, refundable within 24 hours.',
  },
  '/payment-success': { title: `Deposit Status | ${SITE_NAME}`, description: 'The status of your installation deposit.', noindex: true },
  '/consultation-success': {
    title: `Consultation Deposit Status | ${SITE_NAME}`,
    description: 'The status of your consultation deposit.',
    noindex: true,
  },
  '/calculator': {
    title: `Security System Cost Calculator | ${SITE_NAME}`,
    description:
      'Estimate the cost and timeline of your security camera, access control, video intercom and monitoring system, and get an itemised PDF quote by email.',
  },
  '/privacy': {
    title: `Privacy Policy | ${SITE_NAME}`,
    description:
      'What our contact, quote and free-guide forms collect and why, how Stripe handles card payments, and how to stop emails and text messages.',
  },
  '/terms': {
    title: `Terms of Service | ${SITE_NAME}`,
    description:
      'Quotes and estimates, the $250 consultation deposit refundable within 24 hours, the 10% installation deposit, payment plan and monitoring terms.',
  },
  '/warranty': {
    title: `Warranty: 5 Years on Equipment, 2 Years on Labor | ${SITE_NAME}`,
    description:
      'Every installation is covered by a 5-year equipment warranty and a 2-year labor warranty. What is covered, what is not, and how to make a claim.',
  },
} satisfies Record<PublicPath, RouteMeta>;

const staffMeta = (title: string): RouteMeta => ({
  title: `${title} | ${SITE_NAME}`,
  description: `${SITE_NAME} staff area.`,
  noindex: true,
});

/** Meta of the client-only pages: the staff pages and the pages opened from messages. */
const CLIENT_PAGE_META: Record<string, RouteMeta> = {
  '/admin': staffMeta('Admin Login'),
  '/communications': staffMeta('Communications Center'),
  '/generate-images': staffMeta('Image Generator'),
  '/test-communication': staffMeta('Test Communication'),
  '/unsubscribe/:token': { title: `Unsubscribe | ${SITE_NAME}`, description: `Stop marketing messages from ${SITE_NAME}.`, noindex: true },
  '/quotes/:token': {
    title: `Your Security Quote | ${SITE_NAME}`,
    description: `Your saved security system quote from ${SITE_NAME}.`,
    noindex: true,
  },
};

const PAGES = [
  ...Object.entries({ ...PUBLIC_PAGE_META, ...CLIENT_PAGE_META }).map(([path, meta]) => ({ path, meta })),
  { path: '*', meta: NOT_FOUND_META },
];

/** The meta of the page at `pathname` (the 404 page's for an unknown path). */
export function pageMetaOf(pathname: string): RouteMeta {
  return matchRoutes(PAGES, pathname)?.at(-1)?.route.meta ?? APP_SHELL_META;
}
