import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { User } from './user.entity.js';
import { dummyPasswordHash, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './password.js';

/** Staff accounts (staff-side.md §3 "users"; decisions.md §1). */
@Injectable()
export class StaffUsersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user `id` as a session user, or null when it no longer exists. */
  async findSessionUser(id: string): Promise<SessionUser | null> {
    const u = await this.dataSource.getRepository(User).findOne({ where: { id } });
    return u ? toSessionUser(u) : null;
  }

  /**
   * Checks an email + password pair. Answers the user when the password matches its Argon2id
   * hash (admin or not: the guard decides access), null otherwise. An unknown email still costs
   * one verification so response times do not reveal which accounts exist.
   */
  async verifyCredentials(email: string, password: string): Promise<SessionUser | null> {
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .getOne();
    if (!user?.passwordHash) {
      await verifyPassword(await dummyPasswordHash(), password);
      return null;
    }
    return (await verifyPassword(user.passwordHash, password)) ? toSessionUser(user) : null;
  }

  /**
   * Creates the admin `email` or, when it exists, resets its password and makes it an admin.
   * @throws Error when the password is shorter than MIN_PASSWORD_LENGTH characters.
   * @returns whether the user was `created` or `reset`.
   */
  async upsertAdmin(email: string, password: string, manager: EntityManager = this.dataSource.manager): Promise<'created' | 'reset'> {
    if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
    const passwordHash = await hashPassword(password);
    return manager.transaction(async (tx) => {
      const repo = tx.getRepository(User);
      const existing = await repo
        .createQueryBuilder('u')
        .where('lower(u.email) = lower(:email)', { email: email.trim() })
        .setLock('pessimistic_write')
        .getOne();
      if (existing) {
        await repo.update({ id: existing.id }, { passwordHash, isAdmin: true });
        return 'reset';
      }
      await repo.insert({
        id: randomUUID(),
        email: email.trim().toLowerCase(),
        passwordHash,
        isAdmin: true,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
      });
      return 'created';
    });
  }

  /** Creates the admin `email` only when no user has that email yet (ADMIN_EMAIL at start). */
  async createAdminIfMissing(email: string, password: string): Promise<boolean> {
    const exists = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getExists();
    if (exists) return false;
    try {
      await this.upsertAdmin(email, password);
      return true;
    } catch (err) {
      // Two api instances starting together: the other one created it first.
      if ((err as { code?: string }).code === '23505') return false;
      throw err;
    }
  }
}

function toSessionUser(u: User): SessionUser {
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, isAdmin: u.isAdmin };
}
