import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import puppeteer, { type Browser, type Page, type PDFOptions } from 'puppeteer-core';
import { ENV, type Env } from '../../../platform/config/env.js';

/** Chromium flags for a headless, sandbox-less container (no GPU, no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--font-render-hinting=none',
];

/**
 * Print options of the estimate: US Letter with backgrounds. `waitForFonts: false` because the
 * template uses only installed system fonts (no @font-face), so there is nothing to wait for and
 * Puppeteer's default check would cost one more round trip into the page per PDF.
 */
export const PDF_OPTIONS: PDFOptions = {
  format: 'Letter',
  printBackground: true,
  margin: { top: '14mm', bottom: '14mm', left: '12mm', right: '12mm' },
  waitForFonts: false,
};

/**
 * Launches the system Chromium (PUPPETEER_EXECUTABLE_PATH, default /usr/bin/chromium).
 * It is driven over a pipe (`--remote-debugging-pipe`), not a debugging port: when the worker
 * dies without a shutdown (SIGKILL, out of memory), the pipe closes and Chromium exits with it,
 * instead of staying behind as an orphan holding memory.
 */
export function launchChromium(executablePath: string): Promise<Browser> {
  return puppeteer.launch({ executablePath, headless: true, pipe: true, args: CHROMIUM_ARGS });
}

/** Opens a blank page for one document: JavaScript off (the template needs none, and it must not run any). */
export async function openBlankPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  try {
    await page.setJavaScriptEnabled(false);
    return page;
  } catch (err) {
    await page.close().catch(() => undefined);
    throw err;
  }
}

/**
 * Prints HTML to PDF with Puppeteer driving the system Chromium: one browser
 * per worker process, launched when the worker starts (PDF_PREWARM) or on the first job, kept
 * warm, relaunched if Chromium dies, closed on shutdown.
 *
 * Every document gets its own page that no other document ever used (so one visitor's data
 * cannot leak into another's PDF). Opening a page costs about as much as printing one, so the
 * service keeps PDF_CONCURRENCY blank pages opened ahead: a job takes one (and a replacement
 * starts opening at once) and its page is closed after the PDF is handed back, off the job's
 * critical path.
 */
@Injectable()
export class PdfBrowser implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PdfBrowser.name);
  private browser: Promise<Browser> | null = null;
  /** Blank pages opened ahead, each used by at most one document. */
  private spares: Promise<Page>[] = [];
  private closing = false;

  constructor(
    @Inject(ENV) private readonly env: Pick<Env, 'PUPPETEER_EXECUTABLE_PATH'> & Partial<Pick<Env, 'PDF_CONCURRENCY' | 'PDF_PREWARM'>>,
  ) {}

  /** Number of blank pages kept ready (one per concurrent job). */
  private get spareCount(): number {
    return this.env.PDF_CONCURRENCY ?? 1;
  }

  /** Launches Chromium and opens the spare pages when the worker starts (unless PDF_PREWARM is false); does not wait for it. */
  onApplicationBootstrap(): void {
    if (this.env.PDF_PREWARM === false) return;
    this.prewarm().catch((err: Error) => this.logger.warn(`pre-warming Chromium: ${err.message}`));
  }

  /** Launches the browser and opens the spare pages; resolves when they are ready. */
  async prewarm(): Promise<void> {
    await this.warm();
    this.refill();
    await Promise.allSettled(this.spares);
  }

  /**
   * Renders `html` (a complete document, no scripts run, no network) to a US Letter PDF on a
   * page of its own.
   * @returns the PDF bytes.
   */
  async render(html: string): Promise<Buffer> {
    const page = await this.takePage();
    try {
      await page.setContent(html, { waitUntil: 'load' });
      return Buffer.from(await page.pdf(PDF_OPTIONS));
    } finally {
      page.close().catch(() => undefined);
    }
  }

  /** The warm browser, launching it when there is none (or it died). */
  warm(): Promise<Browser> {
    if (this.closing) return Promise.reject(new Error('the PDF browser is shut down'));
    if (!this.browser) {
      const launching = launchChromium(this.env.PUPPETEER_EXECUTABLE_PATH);
      this.browser = launching;
      const forget = () => {
        if (this.browser !== launching) return;
        this.browser = null;
        this.spares = []; // their pages died with the browser
      };
      launching.then((b) => b.on('disconnected', forget), forget);
    }
    return this.browser;
  }

  /** A page no document used yet: a spare when one is ready to take, else a new one. */
  private async takePage(): Promise<Page> {
    const spare = this.spares.shift();
    if (spare) {
      this.refill();
      const page = await spare.catch(() => null);
      if (page && !page.isClosed()) return page;
    }
    const page = await openBlankPage(await this.warm());
    this.refill();
    return page;
  }

  /** Starts opening blank pages until `spareCount` are ready or on their way. */
  private refill(): void {
    while (!this.closing && this.spares.length < this.spareCount) {
      const opening = this.warm().then(openBlankPage);
      opening.catch(() => {
        this.spares = this.spares.filter((s) => s !== opening);
      });
      this.spares.push(opening);
    }
  }

  /** Closes Chromium after the workers stopped (their onModuleDestroy): no active job loses its browser. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    const current = this.browser;
    this.browser = null;
    this.spares = [];
    if (!current) return;
    try {
      await (await current).close();
    } catch (err) {
      this.logger.warn(`closing Chromium: ${(err as Error).message}`);
    }
  }
}
