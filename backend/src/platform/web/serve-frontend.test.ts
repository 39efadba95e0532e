/**
 * Serving the built front end (serve-frontend.ts): prerendered pages, the client-only shell, the
 * 404 page, and the public config embedded where the build left its marker (escaped, current,
 * and left out without breaking the page when it cannot be read).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import {
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
