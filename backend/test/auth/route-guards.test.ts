/**
 * Every staff route is guarded (decisions.md §1). The routes are enumerated from
 * Nest's own controllers (DiscoveryService + the route metadata), so a route added later is
 * checked automatically: each route not marked @Public() must answer 401 without a session and
 * 403 for a signed-in non-admin; the spec's staff calls (staff-side.md §7) must never be public;
 * the visitor routes must stay public.
 */
import { RequestMethod } from '@nestjs/common';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app/create-api.js';
import { IS_PUBLIC_KEY } from '../../src/platform/http/auth/public.decorator.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { seedUsers, signIn, STAFF } from './support.js';

let db: TestDatabase;
let app: NestExpressApplication;

interface RouteInfo {
  method: string;
  path: string;
  isPublic: boolean;
}
const routes: RouteInfo[] = [];

/** Staff calls of staff-side.md §7 (method + path pattern): never public. */
const STAFF_CALLS: [string, RegExp][] = [
  ['GET', /^\/api\/leads$/],
  ['PATCH', /^\/api\/leads\/:[^/]+$/],
  ['DELETE', /^\/api\/leads\/:[^/]+$/],
  ['POST', /^\/api\/leads\/:[^/]+\/send-(email|sms)$/],
  ['GET', /^\/api\/contacts$/],
  ['GET', /^\/api\/communication-status$/],
  [
    'POST',
    /^\/api\/(test-communication|test-direct-communication|direct-communication-test|quick-test-communication|bulk-communication|send-communication)$/,
  ],
  ['GET', /^\/api\/(email-templates|lead-activities|ai-configs)$/],
  ['POST', /^\/api\/ai-configs$/],
  ['PATCH', /^\/api\/ai-configs\/:[^/]+$/],
  ['PUT', /^\/api\/site-settings\/:[^/]+$/],
  ['GET', /^\/api\/inventory/],
  ['POST', /^\/api\/inventory/],
  ['PUT', /^\/api\/inventory/],
  ['DELETE', /^\/api\/inventory/],
  ['POST', /^\/api\/generate-image$/],
  ['GET', /^\/api\/exports/],
  ['GET', /^\/api\/leads\/stats$/],
  ['POST', /^\/api\/contacts\/:[^/]+\/convert-to-lead$/],
  // Staff calls beyond §7: lead detail + audit, manual estimate, CRM Action Items.
  ['GET', /^\/api\/leads\/:[^/]+$/],
  ['POST', /^\/api\/leads\/manual-estimate$/],
  ['GET', /^\/api\/crm\//],
  // The "Suspected spam" filter's restore.
  ['POST', /^\/api\/(leads|contacts)\/:[^/]+\/not-spam$/],
];

/** Visitor routes that must stay public. */
const VISITOR_ROUTES = [
  ['POST', '/api/contacts'],
  ['POST', '/api/free-guide'],
  ['POST', '/api/consultation-requests'],
  ['POST', '/api/leads'],
  ['GET', '/api/case-studies'],
  ['GET', '/api/site-settings'],
  ['GET', '/api/public-config'],
  ['GET', '/api/health'],
  ['GET', '/api/testimonials'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/create-deposit-payment'],
  ['POST', '/api/create-consultation-payment'],
  ['POST', '/api/stripe/webhook'],
  ['GET', '/api/payments/:paymentIntentId'],
  ['POST', '/api/generate-estimate-pdf'],
  ['GET', '/api/unsubscribe/:token'],
  ['POST', '/api/unsubscribe/:token'],
  ['POST', '/api/webhooks/twilio/inbound'],
  ['GET', '/api/challenge'],
  ['POST', '/api/csp-report'],
];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  const reflector = app.get(Reflector);
  const scanner = app.get(MetadataScanner);
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
      const handler = (instance as Record<string, unknown>)[name] as object;
      const sub = Reflect.getMetadata(PATH_METADATA, handler);
      if (sub === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const path = `/${[base, String(sub)]
        .map((p) => p.replace(/^\/+|\/+$/g, ''))
        .filter(Boolean)
        .join('/')}`;
      const isPublic = !!reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [handler as never, metatype]);
      routes.push({ method, path, isPublic });
    }
  }
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const concrete = (path: string) => path.replace(/:[^/]+/g, '1');
const send = (method: string, path: string, cookie?: string) => {
  const r = (request(app.getHttpServer()) as unknown as Record<string, (p: string) => request.Test>)[method.toLowerCase()]!(concrete(path));
  return cookie ? r.set('Cookie', cookie) : r;
};

it('finds the routes in the Nest router (and these match express routes)', () => {
  expect(routes.length).toBeGreaterThan(10);
  const expressPaths = (app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string } }[] } }).router.stack
    .map((l) => l.route?.path)
    .filter(Boolean);
  for (const r of routes) expect(expressPaths).toContain(r.path);
});

it('every /api route of the express app is one of these Nest routes (none bypasses the StaffGuard)', () => {
  const nest = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const layers = (
    app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }
  ).router.stack.flatMap((l) =>
    l.route && String(l.route.path).startsWith('/api')
      ? Object.keys(l.route.methods).map((m) => `${m === '_all' ? 'ALL' : m.toUpperCase()} ${l.route!.path}`)
      : [],
  );
  expect(layers.length).toBeGreaterThanOrEqual(routes.filter((r) => r.path.startsWith('/api')).length);
  expect(layers.filter((l) => !nest.has(l))).toEqual([]);
});

it('the only Nest routes outside /api are the known ones (Prometheus, token-guarded)', () => {
  expect(routes.filter((r) => !r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /metrics']);
});

it('every non-public route answers 401 without a session and 403 for a non-admin', async () => {
  const staffRoutes = routes.filter((r) => !r.isPublic);
  expect(staffRoutes.length).toBeGreaterThanOrEqual(8);
  const cookie = await signIn(app, STAFF);
  for (const r of staffRoutes) {
    const anon = await send(r.method, r.path);
    expect(`${r.method} ${r.path} → ${anon.status}`).toBe(`${r.method} ${r.path} → 401`);
    const user = await send(r.method, r.path, cookie);
    expect(`${r.method} ${r.path} → ${user.status}`).toBe(`${r.method} ${r.path} → 403`);
  }
});

it('no staff call of staff-side.md §7 is public', () => {
  const leaks = routes.filter((r) => r.isPublic && STAFF_CALLS.some(([m, p]) => m === r.method && p.test(r.path)));
  expect(leaks).toEqual([]);
});

it('POST /api/generate-image is public only for the landing call (with imageKey): a generation needs an admin', async () => {
  const landing = await send('POST', '/api/generate-image').send({ imageKey: 'heroShopping', prompt: 'x', width: 1920, height: 1080 });
  expect(landing.status).toBe(200);
  expect(landing.body).toMatchObject({ success: true, imageUrl: null });
  expect((await send('POST', '/api/generate-image').send({ prompt: 'x', width: 1024, height: 1024 })).status).toBe(401);
  const cookie = await signIn(app, STAFF);
  expect((await send('POST', '/api/generate-image', cookie).send({ prompt: 'x', width: 1024, height: 1024 })).status).toBe(403);
  expect(routes.find((r) => r.method === 'GET' && r.path === '/api/site-images/:imageId/:file')).toMatchObject({ isPublic: true });
});

it('the visitor routes stay public', () => {
  for (const [method, path] of VISITOR_ROUTES) {
    expect(routes.find((r) => r.method === method && r.path === path)).toMatchObject({ isPublic: true });
  }
});
