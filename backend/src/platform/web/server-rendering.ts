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
import type { CaseStudy } from '@ironclad/contracts';

/** What the api uses of the prerender bundle. */
interface RenderBundle {
  renderCaseStudiesDocument(caseStudies: readonly CaseStudy[]): Promise<string>;
}

/** Renders /case-studies from the published case studies, one render per distinct set of them. */
export class CaseStudiesPageRenderer {
  private bundle: Promise<RenderBundle | null> | undefined;
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
    const bundle = await (this.bundle ??= this.loadBundle());
    if (!bundle) return null;
    const caseStudies = await this.published();
    const key = JSON.stringify(caseStudies);
    if (this.cached?.key !== key) this.cached = { key, html: await bundle.renderCaseStudiesDocument(caseStudies) };
    return this.cached.html;
  }

  private async loadBundle(): Promise<RenderBundle | null> {
    const entry = path.join(this.ssrDir, 'entry-server.js');
    if (!fs.existsSync(entry)) return null;
    const bundle = (await import(pathToFileURL(entry).href)) as Partial<RenderBundle>;
    if (typeof bundle.renderCaseStudiesDocument !== 'function') throw new Error(`${entry} has no renderCaseStudiesDocument`);
    return bundle as RenderBundle;
  }
}
