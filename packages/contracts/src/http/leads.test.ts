/**
 * The lead answer schema reads every lead the api may send: stored values beyond the visitors'
 * input limits, and free-form columns (buildingInfo jsonb, source without CHECK) read leniently.
 */
import { expect, it } from '@jest/globals';
import { leadSchema } from './leads.js';
import { leadListResponseSchema } from './staff.js';

const stored = {
  id: 7,
  firstName: 'Ada',
  lastName: null,
  email: 'ada@example.com',
  phone: null,
  company: null,
  address: null,
  buildingInfo: { type: 'commercial', squareFootage: 5000, floors: 1, entryPoints: 2, cameras: 8, description: 'Notes' },
  aiRecommendation: null,
  totalEstimate: 12_500,
  budget: null,
  timeline: null,
  specificAreas: null,
  additionalFeatures: [],
  status: 'new',
  source: 'manual_estimator',
  createdAt: '2026-01-05T15:04:00.000Z',
  updatedAt: '2026-01-05T15:04:00.000Z',
};

it('reads a stored lead as it is', () => {
  expect(leadSchema.parse(stored)).toEqual(stored);
});

it("accepts stored values beyond the visitors' input limits (manual estimator: up to 100,000 cameras)", () => {
  const lead = leadSchema.parse({ ...stored, buildingInfo: { ...stored.buildingInfo, cameras: 50_000, squareFootage: 9_000_000 } });
  expect(lead.buildingInfo.cameras).toBe(50_000);
});

it('reads a source outside LEAD_SOURCES as unknown', () => {
  expect(leadSchema.parse({ ...stored, source: 'imported_2019' }).source).toBe('unknown');
});

it('reads buildingInfo leniently: not an object → {}, a subfield of another type or unknown → absent', () => {
  expect(leadSchema.parse({ ...stored, buildingInfo: null }).buildingInfo).toEqual({});
  expect(leadSchema.parse({ ...stored, buildingInfo: 'n/a' }).buildingInfo).toEqual({});
  expect(leadSchema.parse({ ...stored, buildingInfo: { type: 'retail', cameras: 'eight', legacy: true } }).buildingInfo).toEqual({
    type: 'retail',
  });
});

it('still refuses a lead without its required fields', () => {
  expect(leadSchema.safeParse({ ...stored, status: 'archived' }).success).toBe(false);
  expect(leadListResponseSchema.safeParse({ leads: [stored], total: 1, page: 1 }).success).toBe(false);
});
