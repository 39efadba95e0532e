/**
 * Pages the api renders per request with current data (public-site.md §2 "Case-studies page"):
 * /case-studies with the published case studies, so that its HTML holds the real portfolio (for
 * visitors without JavaScript, search engines, and a fast first paint) and the browser hydrates it
 * with the same data instead of fetching it.
 *
 * The rendering code is the front end's own prerender bundle (frontend/dist-ssr/entry-server.js,
 * `renderCaseStudiesDocument`), loaded once on first use. A render is kept until the data it was
 * made from changes. When the bundle is missing or a render fails, the caller serves the
 * prerendered page instead (whose portfolio the browser fetches).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaseStudy, PublicConfig } from '@ironclad/contracts';

/** The generated images a page shows (`PublicConfig.generatedImages`). */
export type SiteImages = NonNullable<PublicConfig['generatedImages']>;

/** What the api uses of the prerender bundle. */
interface RenderBundle {
  renderCaseStudiesDocument(caseStudies: readonly CaseStudy[]): Promise<string>;
  renderSiteImagesDocument(path: string, siteImages: SiteImages): Promise<string>;
}

/** Loads `<ssrDir>/entry-server.js` once; null when it is missing. */
async function loadBundle(ssrDir: string): Promise<Partial<RenderBundle> | null> {
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as Partial<RenderBundle>;
}

/** One bundle per folder, shared by the renderers of a process. */
const bundles = new Map<string, Promise<Partial<RenderBundle> | null>>();

/** The bundle of `ssrDir` (null when there is none). @throws Error when it lacks the function `fn`. */
async function bundleOf<F extends keyof RenderBundle>(ssrDir: string, fn: F): Promise<Pick<RenderBundle, F> | null> {
  let b = bundles.get(ssrDir);
  if (!b) {
    b = loadBundle(ssrDir);
    bundles.set(ssrDir, b);
  }
  const bundle = await b;
  if (!bundle) return null;
  if (typeof bundle[fn] !== 'function') throw new Error(`${path.join(ssrDir, 'entry-server.js')} has no ${fn}`);
  return bundle as Pick<RenderBundle, F>;
}

/** Renders /case-studies from the published case studies, one render per distinct set of them. */
export class CaseStudiesPageRenderer {
  private cached: { key: string; html: string } | undefined;

  /**
   * @param ssrDir the front end's `dist-ssr` folder (beside FRONTEND_DIST)
   * @param published reads the published case studies (CaseStudiesService.published)
   */
  constructor(
    private readonly ssrDir: string,
    private readonly published: () => Promise<CaseStudy[]>,
  ) {}

  /** The /case-studies document with the current case studies; null when there is no bundle. Rejects when a render fails. */
  async render(): Promise<string | null> {
    const bundle = await bundleOf(this.ssrDir, 'renderCaseStudiesDocument');
    if (!bundle) return null;
    const caseStudies = await this.published();
    const key = JSON.stringify(caseStudies);
    if (this.cached?.key !== key) this.cached = { key, html: await bundle.renderCaseStudiesDocument(caseStudies) };
    return this.cached.html;
  }
}

/**
 * Renders the pages that show generated site images (staff-side.md §4 "applied to the website")
 * with the active images, so that the HTML as served carries each hero's `<img srcset>` with its
 * width and height (no request, no layout shift after load) and the browser hydrates the same
 * markup. One render per page and distinct set of images, kept until the images change; with no
 * active image the prerendered page (built-in illustrations) is served as it is.
 */
export class SiteImagePagesRenderer {
  private readonly cached = new Map<string, { key: string; html: Promise<string> }>();

  /** @param ssrDir the front end's `dist-ssr` folder (beside FRONTEND_DIST) */
  constructor(private readonly ssrDir: string) {}

  /** The document of `page` with `images`; null when none is active or there is no bundle. Rejects when the render fails. */
  async render(page: string, images: SiteImages): Promise<string | null> {
    if (Object.keys(images).length === 0) return null;
    const bundle = await bundleOf(this.ssrDir, 'renderSiteImagesDocument');
    if (!bundle) return null;
    const key = JSON.stringify(images);
    let entry = this.cached.get(page);
    if (entry?.key !== key) {
      // Concurrent requests for the same images share one render; a failed one is not kept.
      const html = bundle.renderSiteImagesDocument(page, images);
      entry = { key, html };
      this.cached.set(page, entry);
      html.catch(() => {
        if (this.cached.get(page)?.html === html) this.cached.delete(page);
      });
    }
    return entry.html;
  }
}
