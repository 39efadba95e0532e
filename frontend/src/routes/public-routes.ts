/**
 * THE list of public (marketing) routes. Every entry is rendered to static HTML at build time
 * (`dist/<path>/index.html`, `/` → `dist/index.html`) and hydrated in the browser.
 *
 * To add a page (e.g. /calculator, /shopping, /case-studies, the service pages,
 * /compare-services, /consultation-payment): create its component in `src/pages/site/` and add
 * one entry here with a unique title and description. Nothing else needs to change: the router,
 * the prerenderer and the route manifest read this array.
 *
 * Public pages must render without browser-only APIs during render (use effects for those) and
 * fetch their data with TanStack Query (the prerendered HTML shows placeholder/fallback data).
 */
import type { ComponentType } from 'react';
import { SITE_NAME, type RouteMeta } from './route-meta';

export interface PublicRoute {
  /** Absolute path without trailing slash (`/` for the home page). */
  path: `/${string}`;
  /**
   * The page component, eagerly bundled into the entry chunk. Prefer `lazy` (below), which keeps
   * each page in its own chunk so a visitor downloads only the page they open.
   */
  Component?: ComponentType;
  /**
   * Loads the page's own chunk: `() => import('../pages/site/x-page').then((m) => ({ Component: m.XPage }))`.
   * The prerenderer resolves it at build time and the browser before hydrating (entry-client.tsx).
   */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** Unique <title> and meta description of the page. */
  meta: RouteMeta;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: '/',
    lazy: () => import('../pages/site/home-page').then((m) => ({ Component: m.HomePage })),
    meta: {
      title: `${SITE_NAME} | Security Cameras, Alarms & 24/7 Monitoring`,
      description:
        'Security cameras, alarm systems, access control, smart home automation and 24/7 monitoring for homes and businesses. Licensed and insured installers. Get your free estimate.',
    },
  },
  {
    path: '/residential-security',
    lazy: () => import('../pages/site/residential-security-page').then((m) => ({ Component: m.ResidentialSecurityPage })),
    meta: {
      title: `Home Security Systems | ${SITE_NAME}`,
      description:
        'Home security cameras from $299, smart home devices from $199, alarm systems from $49/month and 24/7 monitoring at $29.99/month. Free home security assessment.',
    },
  },
  {
    path: '/business-security',
    lazy: () => import('../pages/site/business-security-page').then((m) => ({ Component: m.BusinessSecurityPage })),
    meta: {
      title: `Commercial & Business Security Systems | ${SITE_NAME}`,
      description:
        'Access control, video surveillance, perimeter protection and a 24/7 command center for offices, retail stores, industrial facilities and healthcare.',
    },
  },
  {
    path: '/security-cameras',
    lazy: () => import('../pages/site/security-cameras-page').then((m) => ({ Component: m.SecurityCamerasPage })),
    meta: {
      title: `4K Security Camera Installation | ${SITE_NAME}`,
      description:
        'Professionally installed 4K security cameras with color night vision and mobile viewing. Packages from $299 for 2 cameras, $799 for 4 and $1,499 for 8.',
    },
  },
  {
    path: '/smart-home-automation',
    lazy: () => import('../pages/site/smart-home-automation-page').then((m) => ({ Component: m.SmartHomeAutomationPage })),
    meta: {
      title: `Smart Home Automation | ${SITE_NAME}`,
      description:
        'Smart locks, lighting, climate control and automation scenes in one app. Smart home packages from $499 for 5 devices, installed by licensed technicians.',
    },
  },
  {
    path: '/building-video-intercom',
    lazy: () => import('../pages/site/building-video-intercom-page').then((m) => ({ Component: m.BuildingVideoIntercomPage })),
    meta: {
      title: `Building Video Intercom Systems | ${SITE_NAME}`,
      description:
        'Cloud-managed video intercom for apartment and office buildings: answer from any phone, delivery codes and online resident management. Panels from $899.',
    },
  },
  {
    path: '/security-monitoring',
    lazy: () => import('../pages/site/security-monitoring-page').then((m) => ({ Component: m.SecurityMonitoringPage })),
    meta: {
      title: `24/7 Professional Security Monitoring | ${SITE_NAME}`,
      description:
        'Live video and alarm monitoring from $299 per site per month. Response under 30 seconds, 99.9% uptime, no setup fees and a 30-day money-back guarantee.',
    },
  },
  {
    path: '/compare-services',
    lazy: () => import('../pages/site/compare-services-page').then((m) => ({ Component: m.CompareServicesPage })),
    meta: {
      title: `Compare Security Services | ${SITE_NAME}`,
      description:
        'Compare residential security ($49/month), business security ($199/month), security cameras ($299/camera) and smart home ($199/device) side by side.',
    },
  },
  {
    path: '/case-studies',
    lazy: () => import('../pages/site/case-studies-page').then((m) => ({ Component: m.CaseStudiesPage })),
    meta: {
      title: `Case Studies: Security Installation Projects | ${SITE_NAME}`,
      description:
        'Residential, commercial, industrial and smart home security projects: the challenge, the solution and the results, with before and after photos.',
    },
  },
  {
    path: '/shopping',
    lazy: () => import('../pages/site/shopping-page').then((m) => ({ Component: m.ShoppingPage })),
    meta: {
      title: `AI Security Designer: Instant Quote | ${SITE_NAME}`,
      description: 'Describe your building and get an itemised security camera design and price in about 3 minutes. Secure your installation date with a 10% deposit.',
    },
  },
  {
    path: '/consultation-payment',
    lazy: () => import('../pages/site/consultation-payment-page').then((m) => ({ Component: m.ConsultationPaymentPage })),
    meta: {
      title: `Consultation Deposit | ${SITE_NAME}`,
      description: 'Reserve an on-site security consultation with a $250 deposit, refundable within 24 hours.',
    },
  },
  {
    path: '/payment-success',
    lazy: () => import('../pages/site/payment-success-page').then((m) => ({ Component: m.PaymentSuccessPage })),
    meta: { title: `Deposit Status | ${SITE_NAME}`, description: 'The status of your installation deposit.', noindex: true },
  },
  {
    path: '/consultation-success',
    lazy: () => import('../pages/site/consultation-success-page').then((m) => ({ Component: m.ConsultationSuccessPage })),
    meta: { title: `Consultation Deposit Status | ${SITE_NAME}`, description: 'The status of your consultation deposit.', noindex: true },
  },
  {
    path: '/calculator',
    lazy: () => import('../pages/site/calculator-page').then((m) => ({ Component: m.CalculatorPage })),
    meta: {
      title: `Security System Cost Calculator | ${SITE_NAME}`,
      description:
        'Estimate the cost and timeline of your security camera, access control, video intercom and monitoring system, and get an itemised PDF quote by email.',
    },
  },
];
