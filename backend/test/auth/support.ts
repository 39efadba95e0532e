/** Helpers of the auth tests: create users and sign in through the real endpoint. */
import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { StaffUsersService } from '../../src/modules/staff/users.service.js';
import { hashPassword } from '../../src/modules/staff/password.js';
import { User } from '../../src/modules/staff/user.entity.js';

export const ADMIN = { email: 'admin@ironclad.test', password: 'correct horse battery staple' };
export const STAFF = { email: 'viewer@ironclad.test', password: 'not an admin at all 123' };

/** Creates the admin and a non-admin user. */
export async function seedUsers(app: NestExpressApplication): Promise<void> {
  await app.get(StaffUsersService).upsertAdmin(ADMIN.email, ADMIN.password);
  await app
    .get(DataSource)
    .getRepository(User)
    .insert({
      id: randomUUID(),
      email: STAFF.email,
      isAdmin: false,
      passwordHash: await hashPassword(STAFF.password),
      firstName: null,
      lastName: null,
      profileImageUrl: null,
    });
}

/** Signs in and answers the `Cookie` header value of the session. */
export async function signIn(app: NestExpressApplication, who: { email: string; password: string }): Promise<string> {
  const res = await request(app.getHttpServer()).post('/api/auth/login').send(who).expect(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ironclad.sid='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}
