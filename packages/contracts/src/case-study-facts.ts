/**
 * The figures of the case studies (public-site.md §2 "Recent projects", "/case-studies"; §9
 * "Sample project claims"), in one place: the seed's texts and tags and the home page's project
 * cards are written from these, so a figure (cameras, recorder channels, doors, timeline) reads
 * the same wherever the project appears.
 */

/** The counted figures of one project. Camera counts are totals unless a part is named. */
export interface CaseStudyFacts {
  /** Image and key slug (`/images/projects/{slug}-before.svg`). */
  slug: string;
  /** Every camera the project installed. */
  cameras: number;
  /** Channels of the video recorder(s), when the project has one. */
  recorderChannels: number | null;
  /** The installation time as the site states it, when it does. */
  timeline: string | null;
  /** Further counted figures of the project (parts of the camera total, doors, units, square feet). */
  [figure: string]: string | number | null;
}

export const CASE_STUDY_FACTS = {
  scarsdale: {
    slug: 'scarsdale-colonial-home',
    cameras: 8,
    recorderChannels: 8,
    timeline: '2-day installation',
    squareFeet: 4_500,
  },
  midtown: {
    slug: 'midtown-office-headquarters',
    cameras: 48,
    recorderChannels: 64,
    timeline: '1-week phased installation',
    squareFeet: 50_000,
    accessDoors: 14,
    employees: '200+',
  },
  secaucus: {
    slug: 'secaucus-distribution-center',
    cameras: 36,
    /** Of the 36: fixed 4K cameras and auto-tracking PTZs. */
    fixedCameras: 32,
    ptzCameras: 4,
    recorderChannels: null,
    timeline: null,
    squareFeet: 120_000,
  },
  gardenCity: {
    slug: 'garden-city-smart-home',
    cameras: 6,
    devices: 12,
    recorderChannels: null,
    timeline: null,
  },
  williamsburg: {
    slug: 'williamsburg-retail-boutique',
    cameras: 14,
    /** Of the 14: 4MP domes on the floor, 4K cameras at the entrance and register. */
    domeCameras: 12,
    entranceCameras: 2,
    recorderChannels: 16,
    timeline: null,
    squareFeet: 3_200,
  },
  astoria: {
    slug: 'astoria-apartment-intercom',
    cameras: 16,
    units: 48,
    recorderChannels: null,
    timeline: null,
  },
  jerseyCity: {
    slug: 'jersey-city-construction-site',
    /** Three towers, each with one PTZ and three 4K cameras. */
    towers: 3,
    ptzCamerasPerTower: 1,
    fixedCamerasPerTower: 3,
    cameras: 12,
    recorderChannels: null,
    timeline: null,
  },
} as const satisfies Record<string, CaseStudyFacts>;

export type CaseStudyKey = keyof typeof CASE_STUDY_FACTS;

/** "48,000"-style thousands for square footage. */
export const formatSquareFeet = (n: number) => `${n.toLocaleString('en-US')} sq ft`;
