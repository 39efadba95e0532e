/**
 * THE list of public (marketing) routes. Every entry is rendered to static HTML at build time
 * (`dist/<path>/index.html`, `/` → `dist/index.html`) and hydrated in the browser.
 *
 * To add a page (e.g. /calculator, /shopping, /case-studies, the service pages,
 * /compare-services, /consultation-payment): create its component in `src/pages/site/`, add one
 * entry here and its unique title and description to PUBLIC_PAGE_META (page-meta.ts; the type
 * checker asks for it). Nothing else needs to change: the router, the prerenderer and the route
 * manifest read these.
 *
 * Public pages must render without browser-only APIs during render (use effects for those) and
 * fetch their data with TanStack Query (the prerendered HTML shows placeholder/fallback data).
 */
import type { PageRoute } from './route-meta';

/** A prerendered public page: prefer `lazy`, which keeps each page in its own chunk. */
export interface PublicRoute extends PageRoute {
  /** Absolute path without trailing slash (`/` for the home page). */
  path: `/${string}`;
}

export const PUBLIC_ROUTES = [
  {
    path: '/',
    lazy: () => import('../pages/site/home-page').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: '/residential-security',
    lazy: () => import('../pages/site/residential-security-page').then((m) => ({ Component: m.ResidentialSecurityPage })),
  },
  {
    path: '/business-security',
    lazy: () => import('../pages/site/business-security-page').then((m) => ({ Component: m.BusinessSecurityPage })),
  },
  {
    path: '/security-cameras',
    lazy: () => import('../pages/site/security-cameras-page').then((m) => ({ Component: m.SecurityCamerasPage })),
  },
  {
    path: '/smart-home-automation',
    lazy: () => import('../pages/site/smart-home-automation-page').then((m) => ({ Component: m.SmartHomeAutomationPage })),
  },
  {
    path: '/building-video-intercom',
    lazy: () => import('../pages/site/building-video-intercom-page').then((m) => ({ Component: m.BuildingVideoIntercomPage })),
  },
  {
    path: '/security-monitoring',
    lazy: () => import('../pages/site/security-monitoring-page').then((m) => ({ Component: m.SecurityMonitoringPage })),
  },
  {
    path: '/compare-services',
    lazy: () => import('../pages/site/compare-services-page').then((m) => ({ Component: m.CompareServicesPage })),
  },
  {
    path: '/case-studies',
    lazy: () => import('../pages/site/case-studies-page').then((m) => ({ Component: m.CaseStudiesPage })),
  },
  {
    path: '/shopping',
    payment: true,
    lazy: () => import('../pages/site/shopping-page').then((m) => ({ Component: m.ShoppingPage })),
  },
  {
    path: '/consultation-payment',
    payment: true,
    lazy: () => import('../pages/site/consultation-payment-page').then((m) => ({ Component: m.ConsultationPaymentPage })),
  },
  {
    path: '/payment-success',
    lazy: () => import('../pages/site/payment-success-page').then((m) => ({ Component: m.PaymentSuccessPage })),
  },
  {
    path: '/consultation-success',
    lazy: () => import('../pages/site/consultation-success-page').then((m) => ({ Component: m.ConsultationSuccessPage })),
  },
  {
    path: '/calculator',
    lazy: () => import('../pages/site/calculator-page').then((m) => ({ Component: m.CalculatorPage })),
  },
  {
    path: '/privacy',
    lazy: () => import('../pages/site/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: '/terms',
    lazy: () => import('../pages/site/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: '/warranty',
    lazy: () => import('../pages/site/warranty-page').then((m) => ({ Component: m.WarrantyPage })),
  },
] as const satisfies readonly PublicRoute[];

/** Path of a prerendered public page. */
export type PublicPath = (typeof PUBLIC_ROUTES)[number]['path'];
