/**
 * Readable labels of the contact form's option lists (public-site.md §3). The values are the
 * contracts' lists; only the labels live here.
 */
import { HOME_PROPERTY_TYPES, REFERRAL_SOURCES, RESIDENTIAL_PROPERTY_TYPES } from '@ironclad/contracts';

export const HOME_PROPERTY_TYPE_LABELS: Record<(typeof HOME_PROPERTY_TYPES)[number], string> = {
  residential: 'Residential',
  business: 'Business',
  'multi-family': 'Multi-Family',
  industrial: 'Industrial',
};

export const REFERRAL_SOURCE_LABELS: Record<(typeof REFERRAL_SOURCES)[number], string> = {
  google: 'Google Search',
  referral: 'Referral from a friend',
  social: 'Social Media',
  advertisement: 'Advertisement',
  other: 'Other',
};

export const RESIDENTIAL_PROPERTY_TYPE_LABELS: Record<(typeof RESIDENTIAL_PROPERTY_TYPES)[number], string> = {
  'single-family-home': 'Single-Family Home',
  townhouse: 'Townhouse',
  condominium: 'Condominium',
  apartment: 'Apartment',
  'small-business': 'Small Business',
  'retail-store': 'Retail Store',
  'office-building': 'Office Building',
  warehouse: 'Warehouse',
  industrial: 'Industrial',
  other: 'Other',
};
