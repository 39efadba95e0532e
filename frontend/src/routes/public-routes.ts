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
import { HomePage } from '../pages/site/home-page';
import { ShoppingPage } from '../pages/site/shopping-page';
import { ConsultationPaymentPage } from '../pages/site/consultation-payment-page';
import { ConsultationSuccessPage } from '../pages/site/consultation-success-page';
import { PaymentSuccessPage } from '../pages/site/payment-success-page';
import { CalculatorPage } from '../pages/site/calculator-page';
import { SITE_NAME, type RouteMeta } from './route-meta';

export interface PublicRoute {
  /** Absolute path without trailing slash (`/` for the home page). */
  path: `/${string}`;
  /** The page component (eagerly bundled: it is part of the prerendered marketing site). */
  Component: ComponentType;
  /** Unique <title> and meta description of the page. */
  meta: RouteMeta;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: '/',
    Component: HomePage,
    meta: {
      title: `${SITE_NAME} | Security Cameras, Alarms & 24/7 Monitoring`,
      description:
        'Security cameras, alarm systems, access control, smart home automation and 24/7 monitoring for homes and businesses. Licensed and insured installers. Get your free estimate.',
    },
  },
  {
    path: '/shopping',
    Component: ShoppingPage,
    meta: {
      title: `AI Security Designer: Instant Quote | ${SITE_NAME}`,
      description: 'Describe your building and get an itemised security camera design and price in about 3 minutes. Secure your installation date with a 10% deposit.',
    },
  },
  {
    path: '/consultation-payment',
    Component: ConsultationPaymentPage,
    meta: {
      title: `Consultation Deposit | ${SITE_NAME}`,
      description: 'Reserve an on-site security consultation with a $250 deposit, refundable within 24 hours.',
    },
  },
  {
    path: '/payment-success',
    Component: PaymentSuccessPage,
    meta: { title: `Deposit Status | ${SITE_NAME}`, description: 'The status of your installation deposit.', noindex: true },
  },
  {
    path: '/consultation-success',
    Component: ConsultationSuccessPage,
    meta: { title: `Consultation Deposit Status | ${SITE_NAME}`, description: 'The status of your consultation deposit.', noindex: true },
  },
  {
    path: '/calculator',
    Component: CalculatorPage,
    meta: {
      title: `Security System Cost Calculator | ${SITE_NAME}`,
      description:
        'Estimate the cost and timeline of your security camera, access control, video intercom and monitoring system, and get an itemised PDF quote by email.',
    },
  },
];
