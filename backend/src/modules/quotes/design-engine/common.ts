/**
 * Small helpers and constants shared by the engine's steps (normalisation, placement, schedule,
 * pricing, wording).
 */
import type { WizardBuildingType } from '@ironclad/contracts';

/** Building types treated as homes: the main entry is the "Front door", and no UPS is priced. */
export const RESIDENTIAL_TYPES: ReadonlySet<WizardBuildingType> = new Set(['residential', 'apartment']);

/** Square feet from which a site is large: installed in phases, wide outdoor areas get a PTZ camera. */
export const PHASED_FROM_SQFT = 20_000;

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** `table[key]` when `key` is the table's own entry (so "constructor" or "valueOf" from a form is no key). */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string | null | undefined): V | undefined {
  return key != null && Object.hasOwn(table, key) ? table[key] : undefined;
}
