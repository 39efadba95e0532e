/**
 * Socket.IO staff rooms authenticate with the HTTP session (decisions.md §2), for as long as the
 * socket is open: logout disconnects the session's sockets, and the periodic check disconnects
 * those whose session expired or whose user is no longer an admin.
 */
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app/create-api.js';
import { User } from '../../src/modules/staff/user.entity.js';
import { JobsGateway } from '../../src/platform/realtime/jobs.gateway.js';
import { LiveEvents, STAFF_ROOM } from '../../src/platform/realtime/live-events.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn, STAFF } from './support.js';

let db: TestDatabase;
let app: NestExpressApplication;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.listen(0, '127.0.0.1');
  url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  await seedUsers(app);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

async function connect(cookie?: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: cookie ? { Cookie: cookie } : {}, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const staffRoomIds = async () => (await app.get(JobsGateway).server.in(STAFF_ROOM).fetchSockets()).map((s) => s.id);

it('an admin session joins the staff room; anonymous and non-admin sockets do not', async () => {
  const admin = await connect(await signIn(app, ADMIN));
  const anon = await connect();
  const viewer = await connect(await signIn(app, STAFF));
  await new Promise((r) => setTimeout(r, 100));
  const ids = await staffRoomIds();
  expect(ids).toContain(admin.id);
  expect(ids).not.toContain(anon.id);
  expect(ids).not.toContain(viewer.id);
  const got = new Promise((resolve) => admin.once('staff:ping', resolve));
  app.get(LiveEvents).toStaff('staff:ping', { ok: 1 });
  await expect(got).resolves.toEqual({ ok: 1 });
});

const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

it('logout disconnects the sockets opened with that session, and only those', async () => {
  const cookie = await signIn(app, ADMIN);
  const mine = await connect(cookie);
  const other = await connect(await signIn(app, ADMIN));
  await new Promise((r) => setTimeout(r, 100));
  expect(await staffRoomIds()).toEqual(expect.arrayContaining([mine.id, other.id]));
  const gone = disconnected(mine);
  await request(app.getHttpServer()).post('/api/auth/logout').set('Cookie', cookie).expect(204);
  await expect(gone).resolves.toBe('io server disconnect');
  await new Promise((r) => setTimeout(r, 100));
  expect(other.connected).toBe(true);
  expect(await staffRoomIds()).toContain(other.id);
  // The same cookie cannot join the staff room again.
  const again = await connect(cookie);
  await new Promise((r) => setTimeout(r, 100));
  expect(await staffRoomIds()).not.toContain(again.id);
});

it('the periodic check disconnects staff sockets whose session expired, outlived its absolute lifetime or lost admin rights', async () => {
  const gateway = app.get(JobsGateway);
  await gateway.checkStaffSockets(); // earlier tests' leftovers
  const [idleCookie, oldCookie, liveCookie] = [await signIn(app, ADMIN), await signIn(app, ADMIN), await signIn(app, ADMIN)];
  const [idle, old, live] = [await connect(idleCookie), await connect(oldCookie), await connect(liveCookie)];
  await new Promise((r) => setTimeout(r, 100));
  const q = (sql: string, params: unknown[]) => app.get(DataSource).query(sql, params);
  await q(`UPDATE sessions SET expire = now() - interval '1 minute' WHERE sid = $1`, [sidOf(idleCookie)]);
  await q(`UPDATE sessions SET sess = jsonb_set(sess::jsonb, '{loginAt}', to_jsonb($2::bigint))::json WHERE sid = $1`, [
    sidOf(oldCookie),
    Date.now() - 13 * 3_600_000,
  ]);
  const [idleGone, oldGone] = [disconnected(idle), disconnected(old)];
  expect(await gateway.checkStaffSockets()).toBe(2);
  await expect(idleGone).resolves.toBe('io server disconnect');
  await expect(oldGone).resolves.toBe('io server disconnect');
  expect(live.connected).toBe(true);
  expect(await gateway.checkStaffSockets()).toBe(0);

  await app.get(DataSource).getRepository(User).update({ email: ADMIN.email }, { isAdmin: false });
  try {
    const liveGone = disconnected(live);
    const adminSockets = (await staffRoomIds()).length; // every staff socket here is ADMIN's
    expect(adminSockets).toBeGreaterThanOrEqual(1);
    expect(await gateway.checkStaffSockets()).toBe(adminSockets);
    await expect(liveGone).resolves.toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 50));
    expect(await staffRoomIds()).toEqual([]);
  } finally {
    await app.get(DataSource).getRepository(User).update({ email: ADMIN.email }, { isAdmin: true });
  }
});
