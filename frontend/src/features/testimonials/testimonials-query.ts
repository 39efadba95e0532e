/**
 * GET /api/testimonials (published testimonials, featured first) as a TanStack query.
 */
import type { Testimonial, TestimonialsResponse } from '@ironclad/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const testimonialSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string().nullable(),
  company: z.string().nullable(),
  content: z.string(),
  rating: z.number(),
  imageUrl: z.string().nullable(),
  location: z.string().nullable(),
  serviceCategory: z.string().nullable(),
  featured: z.boolean(),
  published: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodType<Testimonial>;

/** Runtime schema of the answer. */
export const testimonialsResponseSchema = z.object({ testimonials: z.array(testimonialSchema) }) satisfies z.ZodType<TestimonialsResponse>;

/** Query options of the published testimonials. */
export const testimonialsQueryOptions = queryOptions({
  queryKey: queryKeys.testimonials,
  queryFn: ({ signal }) => apiRequest('GET', '/api/testimonials', { schema: testimonialsResponseSchema, signal }),
});
