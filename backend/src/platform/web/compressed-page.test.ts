/**
 * A page compressed once with nonce slots (compressed-page.ts): every encoding decodes to the page
 * with the response's nonce in each slot, for many random nonces, slots at the edges and side by
 * side, and a real-sized page; the CRC-32 combination agrees with zlib's.
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { CompressedPage, NONCE_LENGTH, crc32Combine, crc32CombineOp } from './compressed-page.js';

const SLOT = '%NONCE%';
const nonce = () => randomBytes(16).toString('base64');

/** A page shaped like a built one: repeated markup, slots in attributes, text between. */
function samplePage(sections: number): string {
  const parts = ['<!doctype html><html><head>', `<script type="importmap" nonce="${SLOT}">{"imports":{}}</script>`];
  for (let i = 0; i < sections; i++) {
    parts.push(
      `<section class="css-${(i * 7919) % 1000}"><h2>Section ${i}</h2><p>${'Cameras, alarms and access control. '.repeat(1 + (i % 5))}</p></section>`,
    );
  }
  parts.push(
    `<meta property="csp-nonce" nonce="${SLOT}"><script type="module" src="/assets/index.js" nonce="${SLOT}"></script></head></html>`,
  );
  return parts.join('\n');
}

it('answers the page with the nonce in every slot, in br, gzip and identity, for any nonce', async () => {
  for (const html of [samplePage(400), `${SLOT}${SLOT}middle${SLOT}`, 'no slot at all', `${SLOT}`]) {
    const page = CompressedPage.create(html, SLOT);
    await page.brotliReady;
    expect(page.hasBrotli).toBe(true);
    for (let i = 0; i < 50; i++) {
      const n = nonce();
      const expected = html.replaceAll(SLOT, n);
      expect(page.body('identity', n).toString()).toBe(expected);
      expect(zlib.gunzipSync(page.body('gzip', n)).toString()).toBe(expected);
      expect(zlib.brotliDecompressSync(page.body('br', n)).toString()).toBe(expected);
    }
  }
});

it('compresses the page: both encodings far smaller than the page', async () => {
  const html = samplePage(400);
  const page = CompressedPage.create(html, SLOT);
  await page.brotliReady;
  const n = nonce();
  expect(page.body('gzip', n).length).toBeLessThan(html.length / 5);
  expect(page.body('br', n).length).toBeLessThan(page.body('gzip', n).length);
});

it('offers br only once ready, and follows the client: br, then gzip, then identity', async () => {
  const page = CompressedPage.create(samplePage(50), SLOT);
  const accepts =
    (...accepted: string[]) =>
    (...offered: string[]) =>
      offered.find((e) => accepted.includes(e)) ?? false;
  expect(page.encodingFor(accepts('br', 'gzip'))).toBe('gzip');
  await page.brotliReady;
  expect(page.encodingFor(accepts('br', 'gzip'))).toBe('br');
  expect(page.encodingFor(accepts('gzip'))).toBe('gzip');
  expect(page.encodingFor(accepts())).toBe('identity');
  expect(new Set(Object.values(page.etags)).size).toBe(3);
  for (const etag of Object.values(page.etags)) expect(etag).toMatch(/^"[A-Za-z0-9_-]+(-br|-gz)?"$/);
});

it('keeps one ETag per page, whatever the nonce, and another for another page', () => {
  const a = CompressedPage.create(samplePage(10), SLOT);
  expect(CompressedPage.create(samplePage(10), SLOT).etags).toEqual(a.etags);
  expect(CompressedPage.create(samplePage(11), SLOT).etags.gzip).not.toBe(a.etags.gzip);
});

it('refuses what it cannot serve exactly: a control byte in the page, a nonce of another length', () => {
  expect(() => CompressedPage.create(`a\u0001b${SLOT}`, SLOT)).toThrow(/control byte/);
  const page = CompressedPage.create(`a${SLOT}b`, SLOT);
  expect(() => page.body('gzip', 'short')).toThrow(new RegExp(`${NONCE_LENGTH} bytes`));
});

it('combines CRC-32s as zlib computes them over the joined bytes', () => {
  for (const [a, b] of [
    [randomBytes(1), randomBytes(1)],
    [randomBytes(1000), randomBytes(24)],
    [Buffer.alloc(0), randomBytes(77)],
    [randomBytes(65_537), randomBytes(300_001)],
  ] as const) {
    expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), crc32CombineOp(b.length))).toBe(zlib.crc32(Buffer.concat([a, b])));
  }
});
