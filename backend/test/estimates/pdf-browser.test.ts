/**
 * PdfBrowser: one warm Chromium, a page of its own for every document (opened
 * ahead as a spare), closed after use; concurrent documents never see each other's data.
 */
import { PdfBrowser } from '../../src/modules/estimates/pdf/pdf-browser.service.js';
import { pdfText } from '../support/pdf-text.js';

const doc = (name: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title></head><body><h1>Estimate for ${name}</h1></body></html>`;

let browser: PdfBrowser;

beforeAll(async () => {
  browser = new PdfBrowser({ PUPPETEER_EXECUTABLE_PATH: process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium', PDF_CONCURRENCY: 2 });
  await browser.prewarm();
}, 60_000);

afterAll(() => browser?.beforeApplicationShutdown());

it('prints concurrent documents each on a page of its own, with only its own content', async () => {
  const names = ['Ada Lovelace', 'Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov', 'Alan Kay'];
  const pdfs = await Promise.all(names.map((n) => browser.render(doc(n))));
  for (const [i, pdf] of pdfs.entries()) {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(`Estimate for ${names[i]}`);
    for (const other of names.filter((_, j) => j !== i)) expect(text).not.toContain(other);
  }
}, 60_000);

it('never reuses a page: used pages are closed, only the spares stay open', async () => {
  const chromium = await browser.warm();
  const seen = new Set<unknown>();
  const track = (target: unknown) => seen.add(target);
  chromium.on('targetcreated', track);
  try {
    for (let i = 0; i < 4; i++) await browser.render(doc(`Visitor ${i}`));
  } finally {
    chromium.off('targetcreated', track);
  }
  expect(seen.size).toBe(4); // one new page per document (the replacement spares)
  const deadline = Date.now() + 5000;
  let pages = await chromium.pages();
  while (pages.length > 3 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    pages = await chromium.pages();
  }
  // The 2 spares plus, at most, Chromium's initial about:blank tab.
  expect(pages.length).toBeLessThanOrEqual(3);
  for (const page of pages) expect(await page.content()).not.toContain('Estimate for');
}, 60_000);

it('relaunches Chromium when it dies', async () => {
  const first = await browser.warm();
  first.process()?.kill('SIGKILL');
  await new Promise<void>((resolve) => (first.connected ? first.once('disconnected', () => resolve()) : resolve()));
  const pdf = await browser.render(doc('After Crash'));
  expect(await pdfText(pdf)).toContain('Estimate for After Crash');
  expect(await browser.warm()).not.toBe(first);
}, 60_000);
