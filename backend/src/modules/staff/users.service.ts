import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ErrorCode, type InviteStaffUser, type StaffAccount, type UpdateStaffUser } from '@ironclad/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../platform/http/api-error.js';
import { AuditLogService } from './audit-log.service.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { User } from './user.entity.js';
import { dummyPasswordHash, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './password.js';

/** Staff accounts (staff-side.md §3 "users"; decisions.md §1). */
@Injectable()
export class StaffUsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  /** The user `id` as a session user, or null when it no longer exists or was deactivated. */
  async findSessionUser(id: string): Promise<SessionUser | null> {
    const u = await this.dataSource.getRepository(User).findOne({ where: { id } });
    return u && !u.deactivatedAt ? toSessionUser(u) : null;
  }

  /**
   * Checks an email + password pair. Answers the user when the password matches its Argon2id
   * hash (admin or not: the guard decides access), null otherwise (also for a deactivated user). An unknown email still costs
   * one verification so response times do not reveal which accounts exist.
   */
  async verifyCredentials(email: string, password: string): Promise<SessionUser | null> {
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .getOne();
    if (!user?.passwordHash || user.deactivatedAt) {
      await verifyPassword(await dummyPasswordHash(), password);
      return null;
    }
    return (await verifyPassword(user.passwordHash, password)) ? toSessionUser(user) : null;
  }

  /**
   * Creates the admin `email` or, when it exists, resets its password and makes it an active admin
   * (reactivated when it was deactivated: the CLI is the way back in).
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
        await repo.update({ id: existing.id }, { passwordHash, isAdmin: true, deactivatedAt: null });
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

  /** GET /api/staff-users: every staff account, active first, then by email. */
  async list(): Promise<StaffAccount[]> {
    const rows = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .orderBy('u.deactivated_at IS NOT NULL', 'ASC')
      .addOrderBy('lower(u.email)', 'ASC')
      .getMany();
    return rows.map(toStaffUser);
  }

  /**
   * POST /api/staff-users (issue 22 point 6): creates the account with a one-time random password
   * (18 bytes, base64url: 24 characters) that the inviting admin passes on; only its Argon2id hash
   * is stored. Audited as `staff_user.invited`.
   * @throws ApiError 409 CONFLICT when a user has that email already.
   */
  async invite(input: InviteStaffUser, by: SessionUser | undefined): Promise<{ user: StaffAccount; temporaryPassword: string }> {
    const temporaryPassword = randomBytes(18).toString('base64url');
    const passwordHash = await hashPassword(temporaryPassword);
    const email = input.email.trim().toLowerCase();
    try {
      return await this.dataSource.transaction(async (m) => {
        const repo = m.getRepository(User);
        const exists = await repo.createQueryBuilder('u').where('lower(u.email) = :email', { email }).getExists();
        if (exists) throw emailTaken(email);
        const id = randomUUID();
        await repo.insert({
          id,
          email,
          firstName: input.firstName,
          lastName: input.lastName ?? null,
          isAdmin: input.isAdmin,
          passwordHash,
          profileImageUrl: null,
          deactivatedAt: null,
        });
        await this.audit.record(m, by, 'staff_user.invited', 'user', id, { email, isAdmin: input.isAdmin });
        return { user: toStaffUser(await repo.findOneByOrFail({ id })), temporaryPassword };
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw emailTaken(email);
      throw err;
    }
  }

  /**
   * PATCH /api/staff-users/{id}: deactivates or reactivates the account (a deactivated user cannot
   * sign in and their open sessions stop answering at their next call) and grants or removes
   * admin. Audited (`staff_user.deactivated`, `staff_user.reactivated`, `staff_user.admin_changed`).
   * @throws ApiError 404 NOT_FOUND; 400 VALIDATION_FAILED when admins try it on their own account
   *   (they would lock themselves out).
   */
  async update(id: string, patch: UpdateStaffUser, by: SessionUser | undefined): Promise<StaffAccount> {
    if (by?.id === id && (patch.active === false || patch.isAdmin === false)) {
      const field = patch.active === false ? 'active' : 'isAdmin';
      throw new ApiError(400, ErrorCode.ValidationFailed, `Invalid input: ${field}`, {
        fieldErrors: { [field]: ['You cannot deactivate your own account or remove your own admin access.'] },
      });
    }
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(User);
      const user = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw new ApiError(404, ErrorCode.NotFound, `Staff user ${id} not found`);
      if (patch.active !== undefined && patch.active === Boolean(user.deactivatedAt)) {
        user.deactivatedAt = patch.active ? null : new Date();
        await this.audit.record(m, by, patch.active ? 'staff_user.reactivated' : 'staff_user.deactivated', 'user', id, {
          email: user.email,
        });
      }
      if (patch.isAdmin !== undefined && patch.isAdmin !== user.isAdmin) {
        user.isAdmin = patch.isAdmin;
        await this.audit.record(m, by, 'staff_user.admin_changed', 'user', id, { email: user.email, isAdmin: patch.isAdmin });
      }
      return toStaffUser(await repo.save(user));
    });
  }

  /** Whether `id` is an active staff user (a lead's owner must be one). */
  async isActive(id: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const u = await manager.getRepository(User).findOne({ where: { id } });
    return !!u && !u.deactivatedAt;
  }
}

const emailTaken = (email: string) =>
  new ApiError(409, ErrorCode.Conflict, `A staff user with email ${email} exists already.`, {
    fieldErrors: { email: ['A staff user with this email exists already.'] },
  });

function toStaffUser(u: User): StaffAccount {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isAdmin: u.isAdmin,
    active: !u.deactivatedAt,
    createdAt: u.createdAt.toISOString(),
  };
}

function toSessionUser(u: User): SessionUser {
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, isAdmin: u.isAdmin };
}
