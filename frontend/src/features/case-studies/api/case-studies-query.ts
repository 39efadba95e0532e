/**
 * GET /api/case-studies (public-site.md §7: `{caseStudies: [...]}`, only published shown) as a
 * TanStack query.
 */
import { caseStudiesResponseSchema } from '@ironclad/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { caseStudyKeys } from './keys';

/** Query options of the published case studies (unpublished ones are dropped, whatever the server sends). */
export const caseStudiesQueryOptions = queryOptions({
  queryKey: caseStudyKeys.all,
  queryFn: async ({ signal }) => {
    const res = await apiRequest('GET', '/api/case-studies', { schema: caseStudiesResponseSchema, signal });
    return res.caseStudies.filter((c) => c.published);
  },
  meta: { errorToast: { title: 'Could not load case studies', description: 'Please try again in a moment.' } },
});
