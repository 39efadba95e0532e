/**
 * Options and texts of the AI security designer wizard (public-site.md §2, §3, §5, §8).
 */
import { BUDGET_VALUES, TIMELINE_VALUES, WIZARD_BUILDING_TYPES, type WizardBuildingType } from '@ironclad/contracts';

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

/**
 * Step gating (public-site.md §5): step 1 needs buildingType, squareFootage and floors; step 2
 * entryPoints and specificAreas; step 3 budget and timeline; step 4 firstName, lastName, email
 * and phone; step 5 is always valid.
 */
export function isStepValid(step: number, s: WizardState): boolean {
  switch (step) {
    case 1:
      return (
        (WIZARD_BUILDING_TYPES as readonly string[]).includes(s.buildingType) &&
        filled(s.squareFootage) &&
        Number(s.squareFootage) > 0 &&
        filled(s.floors)
      );
    case 2:
      return filled(s.entryPoints) && filled(s.specificAreas);
    case 3:
      return filled(s.budget) && filled(s.timeline);
    case 4:
      return filled(s.firstName) && filled(s.lastName) && filled(s.email) && filled(s.phone);
    default:
      return true;
  }
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
