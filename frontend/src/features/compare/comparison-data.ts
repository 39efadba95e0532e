/**
 * The comparison tool's data (public-site.md §2 "Compare services page", §3 "Comparison
 * service" / "Comparison feature row", §9 Comparison constants).
 */

/** Ids of the comparable services (spec §3). */
export const COMPARISON_SERVICE_IDS = ['residential', 'business', 'cameras', 'smartHome'] as const;
export type ComparisonServiceId = (typeof COMPARISON_SERVICE_IDS)[number];

/** A comparable service (spec §3). */
export interface ComparisonService {
  id: ComparisonServiceId;
  name: string;
  /** Price text (spec §9). */
  price: string;
  description: string;
  /** Hex colour of its column (also used in the PNG). */
  color: string;
  popular?: boolean;
}

/** A feature row: a value per service, boolean or text (spec §3). */
export interface ComparisonFeature {
  name: string;
  values: Record<ComparisonServiceId, boolean | string>;
}

/** At most this many services are compared at once (spec §9). */
export const MAX_SELECTED = 3;
/** Rows shown until 'Show All Features' (spec §9). */
export const DEFAULT_ROWS = 8;
/** Selected by default (spec §4). */
export const DEFAULT_SELECTION: readonly ComparisonServiceId[] = ['residential', 'business'];

export const COMPARISON_SERVICES: readonly ComparisonService[] = [
  {
    id: 'residential',
    name: 'Residential Security',
    price: '$49/month',
    description: 'Alarm, cameras and monitoring for homes.',
    color: '#1d4a85',
    popular: true,
  },
  {
    id: 'business',
    name: 'Business Security',
    price: '$199/month',
    description: 'Access control, surveillance and a command center.',
    color: '#0f2a4a',
  },
  { id: 'cameras', name: 'Security Cameras', price: '$299/camera', description: '4K cameras, professionally installed.', color: '#b37f00' },
  { id: 'smartHome', name: 'Smart Home', price: '$199/device', description: 'Locks, lights and climate in one app.', color: '#2f7a4a' },
];

/** The 12 feature rows (spec §9: cloud storage 30/90/60/14 days, warranty 3/5/5/2 years). */
export const COMPARISON_FEATURES: readonly ComparisonFeature[] = [
  { name: 'Professional Installation', values: { residential: true, business: true, cameras: true, smartHome: true } },
  { name: '24/7 Professional Monitoring', values: { residential: true, business: true, cameras: 'Optional', smartHome: 'Optional' } },
  { name: 'Mobile App Control', values: { residential: true, business: true, cameras: true, smartHome: true } },
  { name: 'Cloud Video Storage', values: { residential: '30 days', business: '90 days', cameras: '60 days', smartHome: '14 days' } },
  { name: 'Equipment Warranty', values: { residential: '3 years', business: '5 years', cameras: '5 years', smartHome: '2 years' } },
  { name: '4K Video Cameras', values: { residential: true, business: true, cameras: true, smartHome: 'Optional' } },
  { name: 'Motion and Person Alerts', values: { residential: true, business: true, cameras: true, smartHome: true } },
  { name: 'Access Control', values: { residential: false, business: true, cameras: false, smartHome: 'Smart locks' } },
  { name: 'Smart Home Integration', values: { residential: true, business: false, cameras: true, smartHome: true } },
  { name: 'Multi-Site Management', values: { residential: false, business: true, cameras: false, smartHome: false } },
  { name: 'Voice Assistant Control', values: { residential: false, business: false, cameras: false, smartHome: true } },
  { name: 'Dedicated Account Manager', values: { residential: false, business: true, cameras: false, smartHome: false } },
];

/** Text of a cell, for the PNG and for screen readers. */
export function cellText(value: boolean | string): string {
  if (value === true) return 'Included';
  if (value === false) return 'Not included';
  return value;
}
