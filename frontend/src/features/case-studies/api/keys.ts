/** Query keys of the case studies (features/case-studies). */
export const caseStudyKeys = {
  /** GET /api/case-studies: published case studies (also filled on the server when it renders the page). */
  all: ['case-studies'] as const,
};
