import type { ValueTransformer } from 'typeorm';

/**
 * `bigint` columns come back from pg as strings; money in cents and byte sizes fit a JS number,
 * so entities read them as numbers (null stays null).
 */
export const bigintAsNumber: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};
