import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import puppeteer, { type Browser } from 'puppeteer-core';
import { ENV, type Env } from '@ironclad/backend/config/env.js';

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

/** Launches the system Chromium (PUPPETEER_EXECUTABLE_PATH, default /usr/bin/chromium). */
export function launchChromium(executablePath: string): Promise<Browser> {
  return puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Prints HTML to PDF with Puppeteer driving the system Chromium (issue 5 item 4): one browser
 * per worker process, launched on the first job and kept warm, a fresh page per job (closed
 * after it), relaunched if Chromium dies, closed on shutdown.
 */
@Injectable()
export class PdfBrowser implements BeforeApplicationShutdown {
  private readonly logger = new Logger(PdfBrowser.name);
  private browser: Promise<Browser> | null = null;

  constructor(@Inject(ENV) private readonly env: Env) {}

  /**
   * Renders `html` (a complete document, no scripts run, no network) to a US Letter PDF.
   * @returns the PDF bytes.
   */
  async render(html: string): Promise<Buffer> {
    const browser = await this.warm();
    const page = await browser.newPage();
    try {
      await page.setJavaScriptEnabled(false);
      await page.setContent(html, { waitUntil: 'load' });
      const pdf = await page.pdf({ format: 'Letter', printBackground: true, margin: { top: '14mm', bottom: '14mm', left: '12mm', right: '12mm' } });
      return Buffer.from(pdf);
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  /** The warm browser, launching it when there is none (or it died). */
  warm(): Promise<Browser> {
    if (!this.browser) {
      const launching = launchChromium(this.env.PUPPETEER_EXECUTABLE_PATH);
      this.browser = launching;
      launching.then(
        (b) =>
          b.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          }),
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  /** Closes Chromium after the workers stopped (their onModuleDestroy): no active job loses its browser. */
  async beforeApplicationShutdown(): Promise<void> {
    const current = this.browser;
    this.browser = null;
    if (!current) return;
    try {
      await (await current).close();
    } catch (err) {
      this.logger.warn(`closing Chromium: ${(err as Error).message}`);
    }
  }
}
