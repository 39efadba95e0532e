/**
 * The two hot paths on the real api (real Postgres, real Redis, the security headers): a visitor's
 * lead is a short transaction (at most 4 SQL statements, counted at the `pg` client), and a page
 * is served like a static file (compressed once, gzip or Brotli as the client accepts, a strong
 * ETag answered with 304).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CSP_NONCE_PLACEHOLDER, PUBLIC_CONFIG_MARKER } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { wizardLead } from '../support/wizard-lead.js';

let db: TestDatabase;
let dist: string;
let app: NestExpressApplication;

const page = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><script type="importmap" nonce="${CSP_NONCE_PLACEHOLDER}">{"integrity":{}}</script>` +
  `<title>${title}</title><script type="module" src="/assets/index.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head>` +
  `<body><div id="root"><h1>${title}</h1>${'<p>Cameras, alarms and access control for homes and businesses.</p>'.repeat(200)}</div>${PUBLIC_CONFIG_MARKER}</body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'hot-dist-'));
  writeFileSync(path.join(dist, 'index.html'), page('Home'));
  mkdirSync(path.join(dist, 'calculator'));
  writeFileSync(path.join(dist, 'calculator', 'index.html'), page('Calculator'));
  writeFileSync(path.join(dist, '404.html'), page('Not found'));
  db = await createTestDatabase();
  // no background configuration poll inside the statement counts (a save still reaches the cache at once)
  app = await createApp(testEnv(db, { FRONTEND_DIST: dist, CONFIGURATION_POLL_MS: '60000' }), { logger: false });
  await app.init();
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
  rmSync(dist, { recursive: true, force: true });
});

/** The SQL statements `pg` clients of this process send while `action` runs. */
async function statementsDuring(action: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    seen.push(typeof first === 'string' ? first : (first?.text ?? String(first)));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await action();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

describe('a lead is one short transaction', () => {
  const visitor = {
    firstName: 'Hot',
    lastName: 'Path',
    email: 'hot.path@example.com',
    phone: '(212) 555-0100',
    buildingInfo: { type: 'residential', squareFootage: '2500' },
    source: 'unknown',
  };

  it('stores a lead and its staff notification in at most 4 statements, with no read after the insert', async () => {
    await request(app.getHttpServer()).post('/api/leads').send(visitor).expect(201); // warm: nothing first-time in the count
    let res: request.Response | undefined;
    const statements = await statementsDuring(async () => {
      res = await request(app.getHttpServer()).post('/api/leads').send(visitor).expect(201);
    });
    expect(statements.length).toBeLessThanOrEqual(4);
    expect(statements.filter((s) => /^\s*select/i.test(s))).toEqual([]);
    // the lead and its notification record: two INSERTs (one statement may carry both)
    const inserts = statements.flatMap((s) => s.match(/insert\s+into\s+"?(\w+)"?/gi) ?? []).map((i) => i.replace(/.*\s"?(\w+)"?$/, '$1'));
    expect(inserts.sort()).toEqual(['leads', 'outbound_messages']);
    expect(res!.body.lead).toMatchObject({ email: visitor.email, status: 'new', source: 'unknown' });
    expect(res!.body.notificationJob).toMatchObject({ queue: 'notifications' });
    const [stored] = await app
      .get(DataSource)
      .query(`SELECT lead_id, idempotency_key, status, template FROM outbound_messages WHERE lead_id = $1`, [res!.body.lead.id]);
    expect(stored).toEqual({
      lead_id: res!.body.lead.id,
      idempotency_key: `staff-notification:lead:${res!.body.lead.id}`,
      status: 'queued',
      template: 'staff_new_lead',
    });
  });

  it('prices a wizard lead from the configuration in memory: still at most 4 statements', async () => {
    await request(app.getHttpServer()).post('/api/leads').send(wizardLead).expect(201);
    const statements = await statementsDuring(() => request(app.getHttpServer()).post('/api/leads').send(wizardLead).expect(201));
    expect(statements.length).toBeLessThanOrEqual(4);
  });
});

/** GET `url` over node:http with `headers`, the body as received (supertest would decode it). */
async function rawGet(url: string, headers: Record<string, string>) {
  const server = app.getHttpServer() as http.Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
const nonceOf = (headers: http.IncomingHttpHeaders) => /'nonce-([^']+)'/.exec(headers['content-security-policy'] as string)![1]!;

describe('pages are served like static files', () => {
  it('answers gzip and br with the right Content-Encoding, the response nonce inside, and 304 to the ETag', async () => {
    const gz = await rawGet('/', { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const nonce = nonceOf(gz.headers);
    expect(zlib.gunzipSync(gz.body).toString()).toContain(`nonce="${nonce}"`);
    expect(gz.headers.etag).toMatch(/^"[^"]+-gz"$/);

    let br = await rawGet('/', { 'accept-encoding': 'br, gzip' });
    for (let i = 0; i < 100 && br.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      br = await rawGet('/', { 'accept-encoding': 'br, gzip' });
    }
    expect(br.headers['content-encoding']).toBe('br');
    const brNonce = nonceOf(br.headers);
    expect(brNonce).not.toBe(nonce);
    const html = zlib.brotliDecompressSync(br.body).toString();
    expect(html).toContain(`nonce="${brNonce}"`);
    expect(html).toContain('<h1>Home</h1>');
    expect(html).toContain('id="public-config"');

    const revalidated = await rawGet('/', { 'accept-encoding': 'br, gzip', 'if-none-match': br.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect(revalidated.body.length).toBe(0);
  });
});
