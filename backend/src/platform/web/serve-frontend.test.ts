/**
 * Serving the built front end (serve-frontend.ts): prerendered pages, the client-only shell, the
 * 404 page, and the public config embedded where the build left its marker (escaped, current,
 * and left out without breaking the page when it cannot be read).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import {
  CSP_NONCE_PLACEHOLDER,
  DEFAULT_COMPANY_FACTS,
  LOCAL_BUSINESS_SCRIPT_ID,
  PUBLIC_CONFIG_MARKER,
  jsonLdText,
  localBusinessJsonLd,
  type PublicConfig,
} from '@ironclad/contracts';
import { frontendHandlers, type FrontendOptions } from './serve-frontend.js';

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><div id="root"></div>${PUBLIC_CONFIG_MARKER}</body></html>`;

const CONFIG: PublicConfig = {
  company: { ...DEFAULT_COMPANY_FACTS, name: 'Acme </script><img src=x onerror=alert(1)>' },
  promotion: null,
  features: { calculator_enabled: false, contact_forms_enabled: true, shopping_form_enabled: true },
  stripePublishableKey: null,
  generatedImages: {},
};

let dist: string;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'ironclad-dist-'));
  writeFileSync(path.join(dist, 'index.html'), page('Home'));
  mkdirSync(path.join(dist, 'calculator'));
  writeFileSync(path.join(dist, 'calculator', 'index.html'), page('Calculator'));
  writeFileSync(path.join(dist, 'app.html'), page('Shell'));
  writeFileSync(path.join(dist, '404.html'), page('404 Page Not Found'));
  mkdirSync(path.join(dist, 'plain'));
  writeFileSync(path.join(dist, 'plain', 'index.html'), '<!doctype html><title>Plain</title>');
  // A page as the prerenderer writes it: JSON-LD from the built-in facts, for the site's origin.
  mkdirSync(path.join(dist, 'about-us'));
  writeFileSync(
    path.join(dist, 'about-us', 'index.html'),
    page('About').replace(
      '</head>',
      `<script type="application/ld+json" id="${LOCAL_BUSINESS_SCRIPT_ID}">${jsonLdText(localBusinessJsonLd(DEFAULT_COMPANY_FACTS, 'https://www.site.example'))}</script></head>`,
    ),
  );
  writeFileSync(path.join(dist, 'route-manifest.json'), JSON.stringify({ clientOnly: ['/admin'] }));
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const appWith = (options: FrontendOptions) => {
  const app = express();
  for (const handler of frontendHandlers(dist, options)) app.use(handler);
  return app;
};

/** The JSON embedded in a served page, parsed. */
const embedded = (html: string): unknown => {
  const m = /<script type="application\/json" id="public-config">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : undefined;
};

it('embeds the current public config in prerendered pages, the shell and the 404 page', async () => {
  let calls = 0;
  const app = appWith({
    publicConfig: async () => {
      calls += 1;
      return CONFIG;
    },
  });
  for (const [url, status, title] of [
    ['/', 200, 'Home'],
    ['/calculator', 200, 'Calculator'],
    ['/admin/leads', 200, 'Shell'],
    ['/no-such-page', 404, '404 Page Not Found'],
  ] as const) {
    const res = await request(app).get(url).expect(status).expect('Content-Type', /html/);
    expect(res.text).toContain(`<title>${title}</title>`);
    expect(embedded(res.text)).toEqual(CONFIG);
    expect(res.text).not.toContain(PUBLIC_CONFIG_MARKER);
  }
  expect(calls).toBe(4);
});

it('escapes the config: staff-edited text cannot close the script element', async () => {
  const res = await request(appWith({ publicConfig: async () => CONFIG }))
    .get('/')
    .expect(200);
  expect(res.text).not.toContain('</script><img');
  expect(res.text.match(/<\/script>/g)).toHaveLength(1);
  expect((embedded(res.text) as PublicConfig).company.name).toBe(CONFIG.company.name);
});

it('reads the config for every page, so staff changes show on the next page load', async () => {
  let calculator = false;
  const app = appWith({ publicConfig: async () => ({ ...CONFIG, features: { ...CONFIG.features, calculator_enabled: calculator } }) });
  expect((embedded((await request(app).get('/').expect(200)).text) as PublicConfig).features.calculator_enabled).toBe(false);
  calculator = true;
  expect((embedded((await request(app).get('/').expect(200)).text) as PublicConfig).features.calculator_enabled).toBe(true);
});

it('serves the page without the config when it cannot be read, or not in time', async () => {
  const errors: unknown[] = [];
  const failing = appWith({ publicConfig: () => Promise.reject(new Error('database down')), onPublicConfigError: (e) => errors.push(e) });
  const down = await request(failing).get('/calculator').expect(200);
  expect(down.text).toContain('<title>Calculator</title>');
  expect(embedded(down.text)).toBeUndefined();
  expect(down.text).not.toContain(PUBLIC_CONFIG_MARKER);

  const hanging = appWith({
    publicConfig: () => new Promise<PublicConfig>(() => undefined),
    publicConfigTimeoutMs: 50,
    onPublicConfigError: (e) => errors.push(e),
  });
  const slow = await request(hanging).get('/').expect(200);
  expect(embedded(slow.text)).toBeUndefined();
  expect(errors.map((e) => (e as Error).message)).toEqual(['database down', 'public config timed out after 50 ms']);
});

it('serves pages as built without a config source, and pages without the marker as they are', async () => {
  expect((await request(appWith({})).get('/').expect(200)).text).toBe(page('Home'));
  expect(
    (
      await request(appWith({ publicConfig: async () => CONFIG }))
        .get('/plain')
        .expect(200)
    ).text,
  ).toBe('<!doctype html><title>Plain</title>');
});

/** The JSON-LD LocalBusiness of a served page, parsed. */
const localBusiness = (html: string): Record<string, unknown> | undefined => {
  const m = new RegExp(`<script type="application/ld\\+json" id="${LOCAL_BUSINESS_SCRIPT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]) as Record<string, unknown>) : undefined;
};

it('rebuilds the JSON-LD LocalBusiness from the current company facts (decisions.md §6), escaped, for the built origin', async () => {
  const company = { ...CONFIG.company, phone: '(212) 555-0199', address: { ...CONFIG.company.address, street: '1 New Street' } };
  const res = await request(appWith({ publicConfig: async () => ({ ...CONFIG, company }) }))
    .get('/about-us')
    .expect(200);
  const ld = localBusiness(res.text);
  expect(ld).toMatchObject({
    '@type': 'LocalBusiness',
    name: CONFIG.company.name,
    telephone: '(212) 555-0199',
    url: 'https://www.site.example/',
    address: expect.objectContaining({ streetAddress: '1 New Street' }),
  });
  // The staff-edited name cannot close the script element.
  expect(res.text).not.toContain('</script><img');
  // Without the config (not readable in time), the built JSON-LD stays as it was.
  const built = await request(appWith({ publicConfig: () => Promise.reject(new Error('down')), onPublicConfigError: () => undefined }))
    .get('/about-us')
    .expect(200);
  expect(localBusiness(built.text)).toMatchObject({ telephone: DEFAULT_COMPANY_FACTS.phone, name: DEFAULT_COMPANY_FACTS.name });
});

it('leaves /api and /socket.io to the api', async () => {
  const app = appWith({ publicConfig: async () => CONFIG });
  app.use((_req, res) => res.status(418).send('api'));
  await request(app).get('/api/anything').expect(418);
  await request(app).get('/socket.io/').expect(418);
});

it('serves a server-rendered page (with the public config), and its prerendered file when the render is not there or fails', async () => {
  const errors: string[] = [];
  let render: () => Promise<string | null> = async () => page('Rendered');
  const app = appWith({
    publicConfig: async () => CONFIG,
    serverRendered: { '/calculator': () => render() },
    onRenderError: (p, e) => errors.push(`${p}: ${(e as Error).message}`),
  });
  const rendered = await request(app).get('/calculator/').expect(200);
  expect(rendered.text).toContain('<title>Rendered</title>');
  expect(embedded(rendered.text)).toEqual(CONFIG);

  render = async () => null;
  expect((await request(app).get('/calculator').expect(200)).text).toContain('<title>Calculator</title>');

  render = () => Promise.reject(new Error('bundle broken'));
  const fallback = await request(app).get('/calculator').expect(200);
  expect(fallback.text).toContain('<title>Calculator</title>');
  expect(embedded(fallback.text)).toEqual(CONFIG);
  expect(errors).toEqual(['/calculator: bundle broken']);
});

describe('pages served like static files', () => {
  let served = 0;
  /** A nonce of 16 bytes (base64) unlike every other response's, as security-headers.ts gives. */
  const nextNonce = () => Buffer.from(String(served++).padStart(16, '0')).toString('base64');
  /** The app behind a stand-in for security-headers.ts: a new nonce per response and the standard profile. */
  const withNonces = (options: FrontendOptions) => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = nextNonce();
      res.locals.cspProfile = 'standard';
      res.setHeader('Content-Security-Policy', `script-src 'nonce-${res.locals.cspNonce as string}'`);
      next();
    });
    for (const handler of frontendHandlers(dist, options)) app.use(handler);
    return app;
  };
  const noncePage = (title: string) =>
    page(title).replace('</title>', `</title><script type="module" nonce="${CSP_NONCE_PLACEHOLDER}"></script>`);
  /** GET or HEAD `url` of `app` over node:http, body as received (supertest would decode gzip). */
  const raw = (app: express.Express, url: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const server = app.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        http
          .request({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              server.close();
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) });
            });
          })
          .on('error', (err) => {
            server.close();
            reject(err);
          })
          .end();
      });
    });
  const nonceOf = (headers: http.IncomingHttpHeaders) => /'nonce-([^']+)'/.exec(headers['content-security-policy'] as string)![1]!;

  beforeAll(() => {
    mkdirSync(path.join(dist, 'nonced'));
    writeFileSync(path.join(dist, 'nonced', 'index.html'), noncePage('Nonced'));
  });

  it('answers gzip, br (once compressed) or identity as the client accepts, with the response nonce and a strong ETag', async () => {
    const app = withNonces({ publicConfig: async () => CONFIG });
    const gz = await raw(app, '/nonced', { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/);
    expect(gz.headers.etag).toMatch(/^"[^"]+-gz"$/);
    const nonce = nonceOf(gz.headers);
    const text = zlib.gunzipSync(gz.body).toString();
    expect(text).toContain(`nonce="${nonce}"`);
    expect(text).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(embedded(text)).toEqual(CONFIG);

    let br = await raw(app, '/nonced', { 'accept-encoding': 'br, gzip' });
    for (let i = 0; i < 100 && br.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      br = await raw(app, '/nonced', { 'accept-encoding': 'br, gzip' });
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toMatch(/^"[^"]+-br"$/);
    const brNonce = nonceOf(br.headers);
    expect(brNonce).not.toBe(nonce);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(text.replaceAll(nonce, brNonce));

    const plain = await raw(app, '/nonced', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // the same digest as the compressed copies' tags, without an encoding suffix (the digest is
    // base64url: it may hold a '-' of its own)
    const digest = (gz.headers.etag as string).slice(0, -'-gz"'.length);
    expect(plain.headers.etag).toBe(`${digest}"`);
    expect(br.headers.etag).toBe(`${digest}-br"`);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(plain.body.toString()).toBe(text.replaceAll(nonce, nonceOf(plain.headers)));
  });

  it('answers 304 to its ETag, without a policy (the browser keeps the one stored with its copy), and 200 to another', async () => {
    const app = withNonces({ publicConfig: async () => CONFIG });
    const first = await request(app).get('/nonced').set('Accept-Encoding', 'gzip').expect(200);
    const again = await request(app)
      .get('/nonced')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.text ?? '').toBe('');
    await request(app).get('/nonced').set('Accept-Encoding', 'gzip').set('If-None-Match', '"something-else"').expect(200);
    // another config is another page: its ETag changes, so the stale copy is not revalidated
    const changed = withNonces({
      publicConfig: async () => ({ ...CONFIG, promotion: { code: 'JULY4', percent: 10, validUntil: '2099-07-04', bannerText: 'Save' } }),
    });
    const other = await request(changed)
      .get('/nonced')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', first.headers.etag as string)
      .expect(200);
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await raw(withNonces({}), '/nonced', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body.length).toBe(0);
  });
});
