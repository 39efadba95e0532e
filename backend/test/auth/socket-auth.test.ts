/** Socket.IO staff rooms authenticate with the HTTP session (decisions.md §2). */
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import { createApp } from '../../src/app.factory.js';
import { JobsGateway, STAFF_ROOM } from '../../src/realtime/jobs.gateway.js';
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
  app.get(JobsGateway).emitToStaff('staff:ping', { ok: 1 });
  await expect(got).resolves.toEqual({ ok: 1 });
});
