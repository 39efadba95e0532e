/**
 * GET /api/testimonials (published testimonials, featured first) as a TanStack query.
 */
import { testimonialsResponseSchema } from '@ironclad/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { testimonialKeys } from './keys';

/** Query options of the published testimonials. */
export const testimonialsQueryOptions = queryOptions({
  queryKey: testimonialKeys.all,
  queryFn: ({ signal }) => apiRequest('GET', '/api/testimonials', { schema: testimonialsResponseSchema, signal }),
});
