/**
 * GET /api/case-studies (public-site.md §7: `{caseStudies: [...]}`, only published shown) as a
 * TanStack query.
 */
import { CASE_STUDY_CATEGORIES, type CaseStudiesResponse, type CaseStudy } from '@ironclad/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const caseStudySchema = z.object({
  id: z.number(),
  title: z.string(),
  client: z.string().nullable(),
  category: z.enum(CASE_STUDY_CATEGORIES),
  description: z.string(),
  challenge: z.string(),
  solution: z.string(),
  results: z.string(),
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  projectValue: z.number().nullable(),
  completionDate: z.string().nullable(),
  tags: z.array(z.string()),
  featured: z.boolean(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<CaseStudy>;

/** Runtime schema of the answer. */
export const caseStudiesResponseSchema = z.object({ caseStudies: z.array(caseStudySchema) }) satisfies z.ZodType<CaseStudiesResponse>;

/** Query options of the published case studies (unpublished ones are dropped, whatever the server sends). */
export const caseStudiesQueryOptions = queryOptions({
  queryKey: queryKeys.caseStudies,
  queryFn: async ({ signal }) => {
    const res = await apiRequest('GET', '/api/case-studies', { schema: caseStudiesResponseSchema, signal });
    return res.caseStudies.filter((c) => c.published);
  },
  meta: { errorToast: { title: 'Could not load case studies', description: 'Please try again in a moment.' } },
});
