/**
 * Security headers and the CSP report endpoint (README "Security headers and CSP"), through the
 * real application: the per-response nonce in the header and the page, the standard and payment
 * policies, Permissions-Policy, HSTS and the `__Host-` session cookie only under an https
 * PUBLIC_URL, and POST /api/csp-report with both report formats, logged and rate-limited.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { CSP_NONCE_PLACEHOLDER } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers } from '../auth/support.js';

const STRIPE_API = 'http://127.0.0.1:4999';

let db: TestDatabase;
let dist: string;
let plain: NestExpressApplication;
let secure: NestExpressApplication;

/** A built page as the prerenderer writes it: the entry and the import map carry the nonce placeholder. */
const page = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><script type="importmap" nonce="${CSP_NONCE_PLACEHOLDER}">{"integrity":{}}</script>` +
  `<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><title>${title}</title>` +
  `<script type="module" src="/assets/index.js" nonce="${CSP_NONCE_PLACEHOLDER}" integrity="sha384-x"></script></head>` +
  `<body><div id="root"><h1>${title}</h1></div></body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'csp-dist-'));
  writeFileSync(path.join(dist, 'index.html'), page('Home'));
  mkdirSync(path.join(dist, 'shopping'));
  writeFileSync(path.join(dist, 'shopping', 'index.html'), page('Shop'));
  writeFileSync(path.join(dist, '404.html'), page('Not found'));
  writeFileSync(
    path.join(dist, 'route-manifest.json'),
    JSON.stringify({ prerendered: { '/': 'index.html', '/shopping': 'shopping/index.html' }, clientOnly: [], payment: ['/shopping'] }),
  );
  db = await createTestDatabase();
  plain = await createApp(testEnv(db, { FRONTEND_DIST: dist, PUBLIC_URL: 'http://localhost:3000', STRIPE_API_BASE_URL: STRIPE_API }), {
    logger: false,
  });
  await plain.init();
  await seedUsers(plain);
  secure = await createApp(
    testEnv(db, {
      FRONTEND_DIST: dist,
      PUBLIC_URL: 'https://www.ironclad.test',
      STRIPE_API_BASE_URL: 'https://api.stripe.com',
      BOT_DEFENCES: 'on',
      RATE_LIMIT_CSP_REPORTS_PER_MINUTE: '3',
    }),
    { logger: false },
  );
  await secure.init();
});

afterAll(async () => {
  await plain?.close();
  await secure?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  rmSync(dist, { recursive: true, force: true });
});

/** The directives of a CSP header value, by name. */
const directivesOf = (header: string) =>
  new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values] as const),
  );

describe('pages', () => {
  it('carry a strict nonce-based CSP whose nonce is in the page, fresh for every response', async () => {
    const res = await request(plain.getHttpServer()).get('/').expect(200);
    const csp = directivesOf(res.headers['content-security-policy']!);
    const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(csp.get('script-src')![0]!)![1]!;
    expect(csp.get('script-src')).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:3000', 'ws://localhost:3000']);
    expect(csp.get('report-uri')).toEqual(['/api/csp-report']);
    expect(csp.get('report-to')).toEqual(['csp-endpoint']);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['content-security-policy']).not.toContain('stripe');
    expect(res.headers['reporting-endpoints']).toBe('csp-endpoint="/api/csp-report"');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), usb=(), payment=()');
    expect(res.headers['x-frame-options']).toBe('DENY');

    expect(res.text).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(res.text.match(new RegExp(`nonce="${nonce.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(3);
    expect(res.text).toContain('<meta name="ironclad-csp" content="standard" />');

    const again = await request(plain.getHttpServer()).get('/').expect(200);
    expect(again.headers['content-security-policy']).not.toContain(nonce);
  });

  it('a payment page allows Stripe.js, its frames and the configured Stripe API, and says so in the page', async () => {
    const res = await request(plain.getHttpServer()).get('/shopping').expect(200);
    const csp = directivesOf(res.headers['content-security-policy']!);
    expect(csp.get('script-src')!.slice(1)).toEqual(["'strict-dynamic'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:3000', 'ws://localhost:3000', STRIPE_API]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://*.stripe.com']);
    expect(res.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")',
    );
    expect(res.text).toContain('<meta name="ironclad-csp" content="payment" />');
    // the same page with a trailing slash is the same page
    const slash = await request(plain.getHttpServer()).get('/shopping/').expect(200);
    expect(slash.headers['content-security-policy']).toContain('https://js.stripe.com');
  });

  it('the 404 page gets the standard policy and its nonce', async () => {
    const res = await request(plain.getHttpServer()).get('/no-such-page').expect(404);
    const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy']!)![1]!;
    expect(res.text).toContain(`nonce="${nonce}"`);
    expect(res.text).toContain('content="standard"');
  });

  it('the built HTML files are not served as they are (their nonce would be the placeholder)', async () => {
    for (const file of ['/index.html', '/shopping/index.html', '/404.html']) {
      const res = await request(plain.getHttpServer()).get(file).expect(404);
      expect(res.text).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
  });

  it('/api answers carry helmet headers but no page policy', async () => {
    const res = await request(plain.getHttpServer()).get('/api/health');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('PUBLIC_URL', () => {
  it('http: no HSTS, session cookie `ironclad.sid` without Secure', async () => {
    const page = await request(plain.getHttpServer()).get('/').expect(200);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const login = await request(plain.getHttpServer()).post('/api/auth/login').send(ADMIN).expect(200);
    expect(login.headers['strict-transport-security']).toBeUndefined();
    const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('ironclad.sid='))!;
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/; Secure/);
  });

  it('https: HSTS for a year on every answer, upgrade-insecure-requests, and the `__Host-` Secure session cookie', async () => {
    const pageRes = await request(secure.getHttpServer()).get('/').set('X-Forwarded-Proto', 'https').expect(200);
    expect(pageRes.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directivesOf(pageRes.headers['content-security-policy']!).has('upgrade-insecure-requests')).toBe(true);
    expect(pageRes.headers['content-security-policy']).toContain("connect-src 'self' https://www.ironclad.test wss://www.ironclad.test;");

    const login = await request(secure.getHttpServer()).post('/api/auth/login').set('X-Forwarded-Proto', 'https').send(ADMIN).expect(200);
    expect(login.headers['strict-transport-security']).toBe('max-age=31536000');
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => c.startsWith('ironclad.sid='))).toBe(false);
    const cookie = cookies.find((c) => c.startsWith('__Host-ironclad.sid='))!;
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);

    // the cookie signs the admin in, and logout clears it
    const sid = cookie.split(';')[0]!;
    const me = await request(secure.getHttpServer()).get('/api/auth/me').set('X-Forwarded-Proto', 'https').set('Cookie', sid).expect(200);
    expect(me.body.user.email).toBe(ADMIN.email);
    const out = await request(secure.getHttpServer())
      .post('/api/auth/logout')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', sid)
      .expect(204);
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).some((c) => /^__Host-ironclad\.sid=;.*Secure/.test(c))).toBe(true);
  });
});

describe('POST /api/csp-report', () => {
  const legacy = {
    'csp-report': {
      'document-uri': 'http://localhost:3000/shopping',
      referrer: '',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'original-policy': "script-src 'nonce-abc' 'strict-dynamic'",
      disposition: 'enforce',
      'blocked-uri': 'https://evil.example/x.js',
      'line-number': 12,
      'column-number': 3,
      'source-file': 'http://localhost:3000/assets/index.js',
      'status-code': 200,
      'script-sample': '',
    },
  };
  const reportingApi = [
    {
      type: 'csp-violation',
      age: 10,
      url: 'http://localhost:3000/',
      user_agent: 'Chrome',
      body: {
        documentURL: 'http://localhost:3000/',
        blockedURL: 'inline',
        effectiveDirective: 'script-src-elem',
        originalPolicy: "script-src 'nonce-abc'",
        disposition: 'enforce',
        sample: 'alert(1)',
        statusCode: 200,
        lineNumber: 4,
        columnNumber: 9,
        sourceFile: 'http://localhost:3000/',
      },
    },
    { type: 'deprecation', age: 1, url: 'http://localhost:3000/', user_agent: 'Chrome', body: { id: 'x' } },
  ];

  let warn: jest.SpiedFunction<Logger['warn']>;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());
  const logged = () => warn.mock.calls.map((c) => String(c[0]));

  it('takes a report-uri body (application/csp-report), answers 204 and logs the violation', async () => {
    const res = await request(plain.getHttpServer())
      .post('/api/csp-report')
      .set('Content-Type', 'application/csp-report')
      .send(JSON.stringify(legacy))
      .expect(204);
    expect(res.text).toBe('');
    expect(logged()).toEqual([
      'script-src-elem blocked https://evil.example/x.js on http://localhost:3000/shopping at http://localhost:3000/assets/index.js:12:3',
    ]);
  });

  it('takes a Reporting API batch (application/reports+json) and logs its csp-violation reports only', async () => {
    await request(plain.getHttpServer())
      .post('/api/csp-report')
      .set('Content-Type', 'application/reports+json')
      .send(JSON.stringify(reportingApi))
      .expect(204);
    expect(logged()).toEqual(['script-src-elem blocked inline on http://localhost:3000/ at http://localhost:3000/:4:9 sample "alert(1)"']);
  });

  it('refuses a body of neither shape with 400 and logs nothing', async () => {
    await request(plain.getHttpServer())
      .post('/api/csp-report')
      .set('Content-Type', 'application/csp-report')
      .send(JSON.stringify({ hello: 'world' }))
      .expect(400);
    await request(plain.getHttpServer()).post('/api/csp-report').set('Content-Type', 'text/plain').send('x').expect(400);
    await request(plain.getHttpServer())
      .post('/api/csp-report')
      .set('Content-Type', 'application/reports+json')
      .send(JSON.stringify(Array.from({ length: 101 }, () => reportingApi[0])))
      .expect(400);
    expect(logged()).toEqual([]);
  });

  it('is limited per client address (RATE_LIMIT_CSP_REPORTS_PER_MINUTE): past it, 429 and nothing logged', async () => {
    const send = (address: string) =>
      request(secure.getHttpServer())
        .post('/api/csp-report')
        .set('X-Forwarded-For', address)
        .set('Content-Type', 'application/csp-report')
        .send(JSON.stringify(legacy));
    for (let i = 0; i < 3; i += 1) await send('203.0.113.7').expect(204);
    const over = await send('203.0.113.7').expect(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    await send('203.0.113.8').expect(204);
    expect(logged().filter((l) => l.startsWith('script-src-elem'))).toHaveLength(4);
  });
});
