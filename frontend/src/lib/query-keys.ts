/**
 * TanStack Query keys, in one place so that invalidations match the queries that use them.
 */
export const queryKeys = {
  /** Contacts list (staff side); invalidated whenever a visitor submits a contact form (spec §4). */
  contacts: {
    all: ['contacts'] as const,
  },
  /** GET /api/testimonials: published testimonials, featured first. */
  testimonials: ['testimonials'] as const,
  /** GET /api/case-studies: published case studies. */
  caseStudies: ['case-studies'] as const,
} as const;
