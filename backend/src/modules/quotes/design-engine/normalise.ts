/**
 * Input normalisation (public-site.md §3 wizard answers): maps the raw {@link DesignInput} to a
 * {@link NormalizedDesignInput}: building type (aliases such as "commercial" → office), square feet
 * and floors parsed and clamped, entry points and named areas split from free text. Never throws.
 */
import { WIZARD_BUILDING_TYPES, WIZARD_FEATURES, WIZARD_SQFT_MAX, WIZARD_SQFT_MIN, type WizardBuildingType } from '@ironclad/contracts';
import { RESIDENTIAL_TYPES, clamp, ownValue } from './common.js';
import type { DesignInput, NormalizedDesignInput } from './types.js';

/** Upper bound of entries / named areas taken from free text. */
const MAX_LIST_ITEMS = 20;

/** Parses "4,500", "4500 sq ft", 4500 → 4500; null when no number. */
function parseNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const m = v.replace(/,/g, '').match(/\d+(\.\d+)?/);
  return m ? Number(m[0]) : null;
}

const BUILDING_TYPE_ALIASES: Record<string, WizardBuildingType> = {
  home: 'residential',
  house: 'residential',
  commercial: 'office',
  business: 'office',
  industrial: 'warehouse',
  'multi-family': 'apartment',
  healthcare: 'medical',
};

function normalizeBuildingType(v: string | null | undefined): WizardBuildingType {
  const s = (v ?? '').trim().toLowerCase();
  if ((WIZARD_BUILDING_TYPES as readonly string[]).includes(s)) return s as WizardBuildingType;
  return ownValue(BUILDING_TYPE_ALIASES, s) ?? 'residential';
}

/** Capitalises and trims one list item (max 80 characters). */
function cleanItem(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim().slice(0, 80);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Splits free text on commas, semicolons, line breaks, bullets and the word "and"; dedupes. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,;\n\r•]+|\s+and\s+|\s*&\s*/i)) {
    const item = cleanItem(raw.replace(/^[\s\-*\d.)]+(?=\D)/, ''));
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= MAX_LIST_ITEMS) break;
  }
  return out;
}

/** Entry points: a count ("3", 3) gives generic names; text gives the listed doors. At least one. */
function normalizeEntries(v: number | string | null | undefined, type: WizardBuildingType): string[] {
  const mainName = RESIDENTIAL_TYPES.has(type) ? 'Front door' : 'Main entrance';
  const asCount = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : null;
  if (asCount !== null && Number.isFinite(asCount)) {
    const n = clamp(Math.round(asCount), 1, MAX_LIST_ITEMS);
    return Array.from({ length: n }, (_, i) => (i === 0 ? mainName : `Entry point ${i + 1}`));
  }
  // "3 doors" → three entries
  const counted = typeof v === 'string' ? v.match(/^\s*(\d+)\s+[a-z][^,;\n]*$/i) : null;
  if (counted) return normalizeEntries(Number(counted[1]), type);
  const list = typeof v === 'string' ? splitList(v) : [];
  return list.length > 0 ? list : [mainName];
}

/**
 * Normalises a raw wizard input (never throws; out-of-range values are clamped). Entry points and
 * areas are unique, case-insensitively, across both lists.
 */
export function normalizeDesignInput(input: DesignInput): NormalizedDesignInput {
  const buildingType = normalizeBuildingType(input.buildingType);
  const sq = parseNumber(input.squareFootage);
  const squareFootage = Math.round(clamp(sq ?? 2000, WIZARD_SQFT_MIN, WIZARD_SQFT_MAX));
  const fl = parseNumber(input.floors);
  const floors = Math.round(clamp(fl ?? 1, 1, 4));
  const features = WIZARD_FEATURES.filter((f) => (input.additionalFeatures ?? []).includes(f));
  const entries = normalizeEntries(input.entryPoints, buildingType);
  const entryKeys = new Set(entries.map((e) => e.toLowerCase()));
  return {
    buildingType,
    squareFootage,
    floors,
    entries,
    // an area that repeats an entry point is already covered by the entry's camera
    areas: input.specificAreas ? splitList(input.specificAreas).filter((a) => !entryKeys.has(a.toLowerCase())) : [],
    budget: input.budget?.trim() || null,
    timeline: input.timeline?.trim() || null,
    features,
    finish: input.buildingComplexity?.trim().toLowerCase() === 'new' ? 'new' : 'finished',
  };
}
