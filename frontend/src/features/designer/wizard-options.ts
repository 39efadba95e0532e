/**
 * Options and texts of the AI security designer wizard (public-site.md §2, §3, §5, §8).
 */
import {
  BUDGET_VALUES,
  TIMELINE_VALUES,
  WIZARD_BUILDING_TYPES,
  WIZARD_SQFT_MAX,
  WIZARD_SQFT_MIN,
  type WizardBuildingType,
} from '@ironclad/contracts';

/** Labels of the step 1 building-type buttons. */
export const BUILDING_TYPE_LABELS: Record<WizardBuildingType, string> = {
  residential: 'Residential',
  apartment: 'Apartment',
  office: 'Office',
  retail: 'Retail',
  warehouse: 'Warehouse',
  restaurant: 'Restaurant',
  medical: 'Medical',
  school: 'School',
};

/** Labels of the budget values (public-site.md §3). */
export const BUDGET_LABELS: Record<(typeof BUDGET_VALUES)[number], string> = {
  'under-10k': 'Under $10,000',
  '10k-25k': '$10,000 - $25,000',
  '25k-50k': '$25,000 - $50,000',
  '50k-plus': '$50,000+',
};

/** Labels of the timeline values (public-site.md §3). */
export const TIMELINE_LABELS: Record<(typeof TIMELINE_VALUES)[number], string> = {
  asap: 'As soon as possible',
  '1-month': 'Within 1 month',
  '2-3-months': 'In 2-3 months',
  flexible: 'Flexible',
};

/** The five steps of the progress indicator. */
export const WIZARD_STEPS = [
  'Building Information',
  'Security Requirements',
  'Project Details',
  'Contact Information',
  'Your Quote',
] as const;

/** The wizard form state (public-site.md §3 "Wizard form state"; answers only, the quote is the server's). */
export interface WizardState {
  buildingType: WizardBuildingType | '';
  squareFootage: string;
  floors: string;
  entryPoints: string;
  specificAreas: string;
  budget: string;
  timeline: string;
  additionalFeatures: string[];
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
}

export const EMPTY_WIZARD: WizardState = {
  buildingType: '',
  squareFootage: '',
  floors: '',
  entryPoints: '',
  specificAreas: '',
  budget: '',
  timeline: '',
  additionalFeatures: [],
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
};

const filled = (v: string) => v.trim().length > 0;

/** The answers a field error can be shown at. */
export type WizardField =
  | 'buildingType'
  | 'squareFootage'
  | 'floors'
  | 'entryPoints'
  | 'specificAreas'
  | 'budget'
  | 'timeline'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone';

/** The fields of each step, in the order they appear (the first error gets the focus). */
export const STEP_FIELDS: Record<number, readonly WizardField[]> = {
  1: ['buildingType', 'squareFootage', 'floors'],
  2: ['entryPoints', 'specificAreas'],
  3: ['budget', 'timeline'],
  4: ['firstName', 'lastName', 'email', 'phone'],
};

/** Field error messages: public-site.md §5 where the spec gives them (contact fields), else ours. */
export const WIZARD_FIELD_MESSAGES = {
  buildingType: 'Choose a building type.',
  squareFootageRequired: 'Square footage is required.',
  squareFootageRange: `Square footage must be a whole number from ${WIZARD_SQFT_MIN.toLocaleString('en-US')} to ${WIZARD_SQFT_MAX.toLocaleString('en-US')}.`,
  floors: 'Choose the number of floors.',
  entryPoints: 'Entry points are required.',
  specificAreas: 'Areas to monitor are required.',
  budget: 'Choose a budget range.',
  timeline: 'Choose a timeline.',
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  email: 'Valid email is required.',
  phone: 'Valid phone number is required.',
} as const;

/** An address with one @, a name before it and a dotted domain after it (no spaces). */
const EMAIL_FORMAT = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * The field errors of a step's answers (empty when the step is valid), by field, in field order:
 * square footage a whole number within [WIZARD_SQFT_MIN, WIZARD_SQFT_MAX]; email in a valid format;
 * phone with at least 10 digits (§5: "at least 10 characters"); every other field required.
 */
export function stepErrors(step: number, s: WizardState): Partial<Record<WizardField, string>> {
  const e: Partial<Record<WizardField, string>> = {};
  const M = WIZARD_FIELD_MESSAGES;
  switch (step) {
    case 1: {
      if (!(WIZARD_BUILDING_TYPES as readonly string[]).includes(s.buildingType)) e.buildingType = M.buildingType;
      const sq = Number(s.squareFootage);
      if (!filled(s.squareFootage)) e.squareFootage = M.squareFootageRequired;
      else if (!Number.isInteger(sq) || sq < WIZARD_SQFT_MIN || sq > WIZARD_SQFT_MAX) e.squareFootage = M.squareFootageRange;
      if (!filled(s.floors)) e.floors = M.floors;
      break;
    }
    case 2:
      if (!filled(s.entryPoints)) e.entryPoints = M.entryPoints;
      if (!filled(s.specificAreas)) e.specificAreas = M.specificAreas;
      break;
    case 3:
      if (!filled(s.budget)) e.budget = M.budget;
      if (!filled(s.timeline)) e.timeline = M.timeline;
      break;
    case 4:
      if (!filled(s.firstName)) e.firstName = M.firstName;
      if (!filled(s.lastName)) e.lastName = M.lastName;
      if (!EMAIL_FORMAT.test(s.email.trim())) e.email = M.email;
      if (s.phone.replace(/\D/g, '').length < 10) e.phone = M.phone;
      break;
  }
  return e;
}

/**
 * Whether a step may be left (public-site.md §5 gating: Next / 'Get My Quote' disabled until
 * satisfied): step 1 needs buildingType, squareFootage (within range) and floors; step 2
 * entryPoints and specificAreas; step 3 budget and timeline; step 4 firstName, lastName, email
 * and phone filled (their format errors show at the fields and the server answers 400 with field
 * errors, shown at the fields too); step 5 is always valid.
 */
export function isStepValid(step: number, s: WizardState): boolean {
  if (step === 4) return filled(s.firstName) && filled(s.lastName) && filled(s.email) && filled(s.phone);
  return Object.keys(stepErrors(step, s)).length === 0;
}

/** Toasts of the wizard (public-site.md §8). */
export const WIZARD_TOASTS = {
  success: {
    title: 'Success! 🎉',
    description: "Your security consultation request has been submitted. We'll contact you within 2 hours!",
  },
  failure: { title: 'Submission Error', description: 'There was an issue submitting your request. Please try again or call us directly.' },
} as const;

/** Whole dollars → "$12,345". */
export const formatUsd = (dollars: number) => `$${Math.round(dollars).toLocaleString('en-US')}`;
