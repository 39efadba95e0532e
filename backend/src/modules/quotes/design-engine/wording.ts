/**
 * The recommendation's texts (public-site.md §3): summary, description, timeline, warranty, notes
 * (budget fit, feature notes, survey), the coverage and building-size lines, and the equipment
 * category labels. Amounts in whole US dollars, durations in business days, areas in square feet.
 */
import type { CameraLocation, WizardBuildingType } from '@ironclad/contracts';
import { ownValue } from './common.js';
import type { InstallationSchedule } from './schedule.js';
import type { NormalizedDesignInput } from './types.js';

/** The equipment list's category names. */
export const CATEGORY_LABELS = {
  cameras: 'Security Cameras',
  nvr: 'NVR Systems',
  installation: 'Installation & Infrastructure',
  features: 'Additional Features',
} as const;

const TYPE_LABEL: Record<WizardBuildingType, string> = {
  residential: 'home',
  apartment: 'apartment building',
  office: 'office',
  retail: 'retail store',
  warehouse: 'warehouse',
  restaurant: 'restaurant',
  medical: 'medical facility',
  school: 'school',
};

/** 4500 → "4,500" (locale-independent). */
export const formatInt = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "a" or "an" before a number read aloud (8, 11, 18, 80-89, 800… → "an"). */
const article = (n: number) => (/^(8|11|18)(\D|$)|^8/.test(String(n)) ? 'an' : 'a');

/** The wizard's budget values in whole dollars. */
const BUDGET_RANGES: Record<string, { min: number; max: number; label: string }> = {
  'under-10k': { min: 0, max: 10_000, label: 'under $10k' },
  '10k-25k': { min: 10_000, max: 25_000, label: '$10k-$25k' },
  '25k-50k': { min: 25_000, max: 50_000, label: '$25k-$50k' },
  '50k-plus': { min: 50_000, max: Number.POSITIVE_INFINITY, label: '$50k+' },
};

const TIMELINE_TEXT: Record<string, string> = {
  asap: 'We can start as soon as your deposit is received, typically within 1 week.',
  '1-month': 'Installation scheduled within the next month.',
  '2-3-months': 'Installation scheduled in 2-3 months, on the dates you choose.',
  flexible: 'Installation scheduled at your convenience.',
};

/** The note of professional monitoring's monthly cost (whole dollars per camera per month). */
export const monitoringNote = (monthlyPerCamera: number, cameras: number) =>
  `Professional monitoring then costs $${formatInt(monthlyPerCamera * cameras)} per month ($${formatInt(monthlyPerCamera)} per camera).`;

/** The note of a feature the inventory cannot price. */
export const surveyNote = (feature: string) => `${feature} is priced at the free site survey.`;

/** What the texts are made from. */
export interface DesignFacts {
  cameras: number;
  schedule: InstallationSchedule;
  cameraLocations: readonly CameraLocation[];
  /** The recorders: how many, and channels each. */
  nvr: { qty: number; ch: number };
  /** Whole dollars. */
  totalProjectCost: number;
  /** Notes of the additional features, in the features' order. */
  featureNotes: readonly string[];
}

/** The recommendation's texts. */
export interface DesignWording {
  summary: string;
  description: string;
  timeline: string;
  warranty: string;
  /** One note per line. */
  notes: string;
  /** `projectDetails.coverage`. */
  coverage: string;
  /** `projectDetails.buildingSize`, e.g. "4,500 sq ft, 2 floors". */
  buildingSize: string;
}

/** Words the design: notes are the budget fit (if a budget was chosen), the feature notes, then the survey note. */
export function describeDesign(n: NormalizedDesignInput, f: DesignFacts): DesignWording {
  const { cameras, nvr, totalProjectCost } = f;
  const { totalProjectDays, wiringDays, programmingDays, phased } = f.schedule;
  const doors = n.entries.length;
  const notes = [...f.featureNotes];

  const floorsText = plural(n.floors, 'floor');
  const buildingSize = `${formatInt(n.squareFootage)} sq ft, ${floorsText}${n.floors === 4 ? ' or more' : ''}`;
  const typeLabel = TYPE_LABEL[n.buildingType];
  const days = plural(totalProjectDays, 'business day');
  const summary = `${article(cameras) === 'an' ? 'An' : 'A'} ${cameras}-camera security system for your ${formatInt(n.squareFootage)} sq ft ${typeLabel}, installed in ${days}${phased ? ' in phases' : ''}.`;
  const description =
    `We cover ${plural(doors, 'entry point')} with Critical-priority cameras` +
    (n.areas.length > 0 ? `, the ${plural(n.areas.length, 'area')} you named with High-priority cameras` : '') +
    `, and the rest of the ${typeLabel} (${buildingSize}) with ${f.cameraLocations.filter((l) => l.priority === 'Medium').reduce((a, l) => a + l.quantity, 0)} more cameras. ` +
    `Everything records to ${nvr.qty > 1 ? `${nvr.qty} ${nvr.ch}-channel recorders` : `${article(nvr.ch)} ${nvr.ch}-channel recorder`} on site, with live view on your phone.`;
  const timelineParts = [
    phased
      ? `Phased installation over ${days} (about ${f.schedule.label.endsWith('weeks') ? f.schedule.label : plural(Math.max(1, Math.round(totalProjectDays / 5)), 'week')}): ${plural(wiringDays, 'day')} of wiring, then ${plural(programmingDays, 'day')} of installation, programming and testing, area by area so the site keeps working.`
      : `${days} on site: ${plural(wiringDays, 'day')} of wiring and ${plural(programmingDays, 'day')} of installation, programming and testing.`,
  ];
  const timelineText = ownValue(TIMELINE_TEXT, n.timeline);
  if (timelineText) timelineParts.push(timelineText);
  const budget = ownValue(BUDGET_RANGES, n.budget);
  if (budget) {
    if (totalProjectCost > budget.max)
      notes.unshift(
        `This design is above your selected budget (${budget.label}); we can phase the work or start with the Critical and High locations.`,
      );
    else if (totalProjectCost < budget.min) notes.unshift(`This design comes in below your selected budget (${budget.label}).`);
    else notes.unshift(`This design fits your selected budget (${budget.label}).`);
  }
  notes.push('Final prices are confirmed at the free on-site survey.');

  return {
    summary,
    description,
    timeline: timelineParts.join(' '),
    warranty: '5-year equipment warranty and 2-year labor warranty on the installation.',
    notes: notes.join('\n'),
    coverage: `${plural(doors, 'entry point')}, ${plural(n.areas.length, 'named area')} and the ${typeLabel}'s standard locations; about ${formatInt(n.squareFootage / cameras)} sq ft per camera`,
    buildingSize,
  };
}
