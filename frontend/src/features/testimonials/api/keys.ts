/** Query keys of the testimonials (features/testimonials). */
export const testimonialKeys = {
  /** GET /api/testimonials: published testimonials, featured first. */
  all: ['testimonials'] as const,
};
