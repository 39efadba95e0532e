/** Ids of the home page sections that in-page links scroll to (public-site.md §2). */
export const SECTION_IDS = {
  home: 'home',
  services: 'services',
  projects: 'projects',
  about: 'about',
  contact: 'contact',
} as const;

export type SectionId = (typeof SECTION_IDS)[keyof typeof SECTION_IDS];
