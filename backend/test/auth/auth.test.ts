/**
 * Staff sign-in (decisions.md §1, §2): Argon2id credentials, sessions in
 * the `sessions` table, cookie flags, idle and absolute expiry, logout, the login rate limits in
 * Redis, the cross-site write refusal and the bootstrap admin.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app/create-api.js';
import { LoginRateLimiter } from '../../src/modules/staff/login-rate-limiter.js';
import { StaffUsersService } from '../../src/modules/staff/users.service.js';
import { User } from '../../src/modules/staff/user.entity.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';
import { ADMIN, seedUsers, signIn, STAFF } from './support.js';

let db: TestDatabase;
let app: NestExpressApplication;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(
    testEnv(db, {
      LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '3',
      LOGIN_MAX_FAILURES_PER_IP: '8',
      // a first delay long enough that the next attempt surely falls inside it
      LOGIN_DELAY_BASE_SECONDS: '60',
      ADMIN_EMAIL: 'first.admin@ironclad.test',
      ADMIN_PASSWORD: 'bootstrap password 1',
      // http: the cookie is `ironclad.sid`, Secure when the request came over TLS; under an https
      // PUBLIC_URL it is `__Host-ironclad.sid` and always Secure (api/security-headers.test.ts).
      PUBLIC_URL: 'http://ironclad.example',
    }),
    { logger: false },
  );
  await app.init();
  await seedUsers(app);
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());
const query = (sql: string, params: unknown[] = []) => app.get(DataSource).query(sql, params);

it('stores Argon2id hashes only', async () => {
  const [row] = await query(`SELECT password_hash FROM users WHERE email = $1`, [ADMIN.email]);
  expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});

it('creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD at start', async () => {
  const res = await http()
    .post('/api/auth/login')
    .send({ email: 'first.admin@ironclad.test', password: 'bootstrap password 1' })
    .expect(200);
  expect(res.body.user).toMatchObject({ email: 'first.admin@ironclad.test', isAdmin: true });
});

it('signs in with the spec texts and a HttpOnly SameSite session cookie stored in the sessions table', async () => {
  const res = await http().post('/api/auth/login').send(ADMIN).expect(200);
  expect(res.body).toMatchObject({
    message: 'Login successful',
    description: 'Welcome to the admin panel',
    user: { email: ADMIN.email, isAdmin: true },
  });
  expect(res.body.user.passwordHash).toBeUndefined();
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ironclad.sid='))!;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).not.toMatch(/Secure/i); // plain HTTP here
  const sid = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!).slice(2).split('.')[0];
  const [row] = await query(`SELECT sess, expire FROM sessions WHERE sid = $1`, [sid]);
  expect(row.sess.passport.user).toBeDefined();
  expect(new Date(row.expire).getTime()).toBeGreaterThan(Date.now());
});

it('marks the cookie Secure when the request came through a TLS proxy', async () => {
  const res = await http().post('/api/auth/login').set('X-Forwarded-Proto', 'https').send(ADMIN).expect(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ironclad.sid='))!;
  expect(cookie).toMatch(/; Secure/i);
});

it('refuses a wrong password with "Invalid password. Please try again." and no cookie', async () => {
  const res = await http().post('/api/auth/login').send({ email: STAFF.email, password: 'wrong wrong wrong' }).expect(401);
  expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid password. Please try again.' });
  expect(res.headers['set-cookie']).toBeUndefined();
});

it('answers 400 with field errors for a malformed login body', async () => {
  const res = await http().post('/api/auth/login').send({ email: 'nope' }).expect(400);
  expect(Object.keys(res.body.details.fieldErrors)).toEqual(expect.arrayContaining(['email', 'password']));
});

it('GET /api/auth/me tells who is signed in; logout ends the session', async () => {
  const cookie = await signIn(app, ADMIN);
  const me = await http().get('/api/auth/me').set('Cookie', cookie).expect(200);
  expect(me.body.user.email).toBe(ADMIN.email);
  await http().get('/api/leads').set('Cookie', cookie).expect(200);
  await http().post('/api/auth/logout').set('Cookie', cookie).expect(204);
  await http().get('/api/leads').set('Cookie', cookie).expect(401);
  expect((await http().get('/api/auth/me').set('Cookie', cookie).expect(200)).body.user).toBeNull();
});

it('a non-admin session gets 403 on staff routes', async () => {
  const cookie = await signIn(app, STAFF);
  const res = await http().get('/api/leads').set('Cookie', cookie).expect(403);
  expect(res.body.code).toBe('FORBIDDEN');
});

it('an admin whose flag is removed loses access at once', async () => {
  const cookie = await signIn(app, ADMIN);
  await app.get(DataSource).getRepository(User).update({ email: ADMIN.email }, { isAdmin: false });
  await http().get('/api/leads').set('Cookie', cookie).expect(403);
  await app.get(DataSource).getRepository(User).update({ email: ADMIN.email }, { isAdmin: true });
  await http().get('/api/leads').set('Cookie', cookie).expect(200);
});

it('an expired (idle) session is refused', async () => {
  const cookie = await signIn(app, ADMIN);
  const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0];
  await query(`UPDATE sessions SET expire = now() - interval '1 minute' WHERE sid = $1`, [sid]);
  await http().get('/api/leads').set('Cookie', cookie).expect(401);
});

it('the idle expiry rolls: each request moves the stored expiry to SESSION_IDLE_MINUTES from now', async () => {
  const cookie = await signIn(app, ADMIN);
  const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0];
  await query(`UPDATE sessions SET expire = now() + interval '1 minute' WHERE sid = $1`, [sid]);
  const before = Date.now();
  await http().get('/api/leads').set('Cookie', cookie).expect(200);
  const [row] = await query(`SELECT expire FROM sessions WHERE sid = $1`, [sid]);
  const idleMs = 30 * 60_000; // SESSION_IDLE_MINUTES default
  expect(new Date(row.expire).getTime()).toBeGreaterThanOrEqual(before + idleMs - 5_000);
  expect(new Date(row.expire).getTime()).toBeLessThanOrEqual(Date.now() + idleMs + 5_000);
});

it('a session past its absolute lifetime is refused and deleted, even when active', async () => {
  const cookie = await signIn(app, ADMIN);
  const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0];
  await query(`UPDATE sessions SET sess = jsonb_set(sess::jsonb, '{loginAt}', to_jsonb($2::bigint))::json WHERE sid = $1`, [
    sid,
    Date.now() - 13 * 3_600_000,
  ]);
  await http().get('/api/leads').set('Cookie', cookie).expect(401);
  expect(await query(`SELECT 1 FROM sessions WHERE sid = $1`, [sid])).toHaveLength(0);
});

it('a forged cookie is refused', async () => {
  await http().get('/api/leads').set('Cookie', 'ironclad.sid=s%3Aforged.signature').expect(401);
});

describe('cross-site writes', () => {
  it('refuses a cookie-authenticated POST from another origin', async () => {
    const cookie = await signIn(app, ADMIN);
    const res = await http().delete('/api/leads/1').set('Cookie', cookie).set('Origin', 'https://evil.example').expect(403);
    expect(res.body.message).toBe('Cross-site request refused');
    await http().post('/api/auth/logout').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').expect(403);
  });

  it('refuses a cross-site POST that would create a lead, and writes nothing', async () => {
    const cookie = await signIn(app, ADMIN);
    const body = {
      firstName: 'Cross',
      lastName: 'Site',
      email: 'cross.site@example.com',
      phone: '2125550100',
      buildingType: 'commercial',
      buildingSize: 'medium',
      squareFootage: 5000,
      floors: 1,
      entryPoints: 2,
      cameras: 8,
      cameraPrice: 950,
      nvrCost: 1500,
      installationDays: 2,
      laborRate: 2200,
      additionalCosts: 0,
    };
    await http().post('/api/leads/manual-estimate').set('Cookie', cookie).set('Origin', 'https://evil.example').send(body).expect(403);
    await http().post('/api/leads/manual-estimate').set('Cookie', cookie).set('Origin', 'null').send(body).expect(403);
    await http().post('/api/leads/manual-estimate').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-site').send(body).expect(403);
    expect(await query(`SELECT 1 FROM leads WHERE email = 'cross.site@example.com'`)).toHaveLength(0);
    await http().post('/api/leads/manual-estimate').set('Cookie', cookie).set('Origin', 'http://ironclad.example').send(body).expect(201);
  });

  it('accepts same-origin writes (PUBLIC_URL or the request host)', async () => {
    await http().post('/api/auth/login').set('Origin', 'http://ironclad.example').send(ADMIN).expect(200);
    await http().post('/api/auth/login').set('Sec-Fetch-Site', 'same-origin').send(ADMIN).expect(200);
  });
});

describe('login protection (state in Redis)', () => {
  it('delays an account-and-IP pair after its free failures, even with the right password, but not the owner from another IP', async () => {
    const who = { email: 'first.admin@ironclad.test', password: 'bootstrap password 1' };
    for (let i = 0; i < 3; i += 1)
      await http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '10.0.0.1')
        .send({ ...who, password: `wrong ${i} xxxxxxx` })
        .expect(401);
    const res = await http().post('/api/auth/login').set('X-Forwarded-For', '10.0.0.1').send(who).expect(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // the same account from another address is not locked out
    await http().post('/api/auth/login').set('X-Forwarded-For', '10.0.0.2').send(who).expect(200);
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    expect((await redis.keys(`${db.queuePrefix}:login-fail-pair*`)).length).toBeGreaterThan(0);
    expect((await redis.keys(`${db.queuePrefix}:login-wait-pair*`)).length).toBeGreaterThan(0);
    expect(await redis.keys(`${db.queuePrefix}:login-fail-account*`)).toHaveLength(0);
    redis.disconnect();
  });

  it('counts parallel attempts: a burst of 7 guesses at once from one address gets exactly 3 password checks', async () => {
    await app.get(StaffUsersService).upsertAdmin('burst@ironclad.test', 'burst right password');
    const statuses = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', '10.7.0.1')
          .send({ email: 'burst@ironclad.test', password: `wrong guess ${i} xxxx` })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    await http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', '10.7.0.1')
      .send({ email: 'burst@ironclad.test', password: 'burst right password' })
      .expect(429);
    await http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', '10.7.0.2')
      .send({ email: 'burst@ironclad.test', password: 'burst right password' })
      .expect(200);
  });

  it('another api instance on the same Redis sees the same counts', async () => {
    await app.get(StaffUsersService).upsertAdmin('shared@ironclad.test', 'shared right password');
    const second = await createApp(
      testEnv(db, {
        LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '3',
        LOGIN_MAX_FAILURES_PER_IP: '8',
        LOGIN_DELAY_BASE_SECONDS: '60',
        PUBLIC_URL: 'http://ironclad.example',
      }),
      { logger: false },
    );
    await second.init();
    try {
      for (let i = 0; i < 3; i += 1)
        await http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', '10.6.0.1')
          .send({ email: 'shared@ironclad.test', password: `wrong ${i} xxxxxxxx` })
          .expect(401);
      const res = await request(second.getHttpServer())
        .post('/api/auth/login')
        .set('X-Forwarded-For', '10.6.0.1')
        .send({ email: 'shared@ironclad.test', password: 'shared right password' })
        .expect(429);
      expect(res.body.code).toBe('RATE_LIMITED');
    } finally {
      await second.close();
    }
  });

  it('progressive delays: each failure past the free ones doubles the wait; a success clears the pair', async () => {
    const quick = await createApp(
      testEnv(db, {
        LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '2',
        LOGIN_MAX_FAILURES_PER_IP: '100',
        LOGIN_DELAY_BASE_SECONDS: '1',
        LOGIN_DELAY_MAX_SECONDS: '900',
        PUBLIC_URL: 'http://ironclad.example',
      }),
      { logger: false },
    );
    await quick.init();
    const limiter = quick.get(LoginRateLimiter);
    expect([1, 2, 3, 4, 5, 12, 40].map((n) => limiter.delayAfter(n, 2))).toEqual([0, 1, 2, 4, 8, 900, 900]);
    await app.get(StaffUsersService).upsertAdmin('slow@ironclad.test', 'slow right password');
    const attempt = (password: string) =>
      request(quick.getHttpServer())
        .post('/api/auth/login')
        .set('X-Forwarded-For', '10.4.4.4')
        .send({ email: 'slow@ironclad.test', password });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      expect((await attempt('wrong one xxxxxxx')).status).toBe(401);
      expect((await attempt('wrong two xxxxxxx')).status).toBe(401); // 2nd failure: the next waits 1 s
      const first = await attempt('slow right password');
      expect(first.status).toBe(429);
      expect(first.headers['retry-after']).toBe('1');
      await sleep(1100);
      expect((await attempt('wrong three xxxxx')).status).toBe(401); // 3rd failure: the next waits 2 s
      const second = await attempt('slow right password');
      expect(second.status).toBe(429);
      expect(second.headers['retry-after']).toBe('2');
      await sleep(1100);
      expect((await attempt('slow right password')).status).toBe(429); // still inside the 2 s
      await sleep(1100);
      expect((await attempt('slow right password')).status).toBe(200);
      // the success cleared the pair: two free failures again
      expect((await attempt('wrong four xxxxxx')).status).toBe(401);
      expect((await attempt('wrong five xxxxxx')).status).toBe(401);
    } finally {
      await quick.close();
    }
  });

  it('believes X-Forwarded-For only from TRUSTED_PROXIES (default none): a forged header gives no fresh bucket', async () => {
    const direct = await createApp(
      testEnv(db, {
        TRUSTED_PROXIES: '',
        LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '2',
        LOGIN_MAX_FAILURES_PER_IP: '100',
        LOGIN_DELAY_BASE_SECONDS: '60',
        PUBLIC_URL: 'http://ironclad.example',
      }),
      { logger: false },
    );
    await direct.init();
    await app.get(StaffUsersService).upsertAdmin('forged@ironclad.test', 'forged right password');
    const attempt = (forwardedFor: string, password: string) =>
      request(direct.getHttpServer())
        .post('/api/auth/login')
        .set('X-Forwarded-For', forwardedFor)
        .send({ email: 'forged@ironclad.test', password });
    try {
      expect((await attempt('10.3.3.1', 'wrong one xxxxxxx')).status).toBe(401);
      expect((await attempt('10.3.3.2', 'wrong two xxxxxxx')).status).toBe(401);
      // the socket's (loopback) address counted both: a third forged address does not help
      expect((await attempt('10.3.3.3', 'forged right password')).status).toBe(429);
    } finally {
      await direct.close();
    }
    // through a trusted proxy (this file's app trusts loopback) the forwarded address is the client's
    await http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', '10.3.3.3')
      .send({ email: 'forged@ironclad.test', password: 'forged right password' })
      .expect(200);
  });

  it('a successful login gives the address its point back; only failures count', async () => {
    const ip = '10.5.5.5';
    for (let i = 0; i < 7; i += 1)
      await http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: `someone${i}@ironclad.test`, password: 'whatever 12345' })
        .expect(401);
    await http().post('/api/auth/login').set('X-Forwarded-For', ip).send(ADMIN).expect(200);
    await http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email: 'someone8@ironclad.test', password: 'whatever 12345' })
      .expect(401);
    await http().post('/api/auth/login').set('X-Forwarded-For', ip).send(ADMIN).expect(429);
  });

  it('counts an IPv6 client per /64 network, so rotating addresses inside it does not help', async () => {
    for (let i = 0; i < 8; i += 1)
      await http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', `2001:db8:aa:bb::${i + 1}`)
        .send({ email: `v6user${i}@ironclad.test`, password: 'whatever 12345' })
        .expect(401);
    await http().post('/api/auth/login').set('X-Forwarded-For', '2001:db8:aa:bb:ffff::99').send(ADMIN).expect(429);
    await http().post('/api/auth/login').set('X-Forwarded-For', '2001:db8:aa:cc::1').send(ADMIN).expect(200);
  });

  it('blocks an IP after LOGIN_MAX_FAILURES_PER_IP failures across accounts', async () => {
    for (let i = 0; i < 8; i += 1)
      await http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '10.9.9.9')
        .send({ email: `nobody${i}@ironclad.test`, password: 'whatever 12345' })
        .expect(401);
    await http().post('/api/auth/login').set('X-Forwarded-For', '10.9.9.9').send(ADMIN).expect(429);
    await http().post('/api/auth/login').set('X-Forwarded-For', '10.9.9.10').send(ADMIN).expect(200);
  });
});
