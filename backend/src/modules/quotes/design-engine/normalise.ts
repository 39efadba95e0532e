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
/** Most entries / areas past the limit that are listed as not covered. */
const MAX_OVERFLOW_LISTED = 50;

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

/** Every item of free text, deduped (no limit). */
function splitAll(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,;\n\r•]+|\s+and\s+|\s*&\s*/i)) {
    // list markers ("- ", "* ", "1. ", "2) ") go; a count ("4 aisles") or an ordinal ("2nd floor hallway") stays
    const item = cleanItem(raw.replace(/^(?:\s*(?:[-*]|\d+[.)](?!\d))\s*)+/, ''));
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** Splits free text on commas, semicolons, line breaks, bullets and the word "and"; dedupes; the first 20 items. */
export function splitList(text: string): string[] {
  return splitAll(text).slice(0, MAX_LIST_ITEMS);
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
  const list = typeof v === 'string' ? splitAll(v) : [];
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
  const allEntries = normalizeEntries(input.entryPoints, buildingType);
  const entries = allEntries.slice(0, MAX_LIST_ITEMS);
  const entryKeys = new Set(allEntries.map((e) => e.toLowerCase()));
  // an area that repeats an entry point is already covered by the entry's camera
  const allAreas = input.specificAreas ? splitAll(input.specificAreas).filter((a) => !entryKeys.has(a.toLowerCase())) : [];
  const overflow = [...allEntries.slice(MAX_LIST_ITEMS), ...allAreas.slice(MAX_LIST_ITEMS)].slice(0, MAX_OVERFLOW_LISTED);
  return {
    buildingType,
    squareFootage,
    floors,
    entries,
    areas: allAreas.slice(0, MAX_LIST_ITEMS),
    ...(overflow.length > 0 ? { overflow } : {}),
    budget: input.budget?.trim() || null,
    timeline: input.timeline?.trim() || null,
    features,
    finish: input.buildingComplexity?.trim().toLowerCase() === 'new' ? 'new' : 'finished',
    derived: {},
  };
}
