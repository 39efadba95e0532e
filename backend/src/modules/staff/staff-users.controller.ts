import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  inviteStaffUserSchema,
  updateStaffUserSchema,
  type InviteStaffUser,
  type InviteStaffAccountResponse,
  type StaffAccountResponse,
  type StaffAccountsResponse,
  type UpdateStaffUser,
} from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { StaffUsersService } from './users.service.js';

/** A staff user id route parameter (a UUID). */
const STAFF_USER_ID = z.uuid({ error: 'Must be a staff user id.' });

/**
 * Staff accounts managed from the admin (issue 22 point 6): list, invite, deactivate /
 * reactivate, admin flag. Staff only (global StaffGuard): 401 without a session, 403 for a
 * non-admin.
 */
@Controller('api/staff-users')
export class StaffUsersController {
  constructor(private readonly users: StaffUsersService) {}

  /** GET /api/staff-users — `{users: StaffAccount[]}`, active first, then by email. */
  @Get()
  async list(): Promise<StaffAccountsResponse> {
    return { users: await this.users.list() };
  }

  /**
   * POST /api/staff-users — body `{firstName, lastName?, email, isAdmin}`; 201 `{user,
   * temporaryPassword}` (the one-time password, shown once). Audited.
   * @throws 400 VALIDATION_FAILED with field errors; 409 CONFLICT when the email is taken.
   */
  @Post()
  @HttpCode(201)
  async invite(
    @Body(new ZodValidationPipe(inviteStaffUserSchema)) body: InviteStaffUser,
    @CurrentUser() user: SessionUser,
  ): Promise<InviteStaffAccountResponse> {
    return this.users.invite(body, user);
  }

  /**
   * PATCH /api/staff-users/{id} — body `{active?, isAdmin?}`; 200 `{user}`. Audited.
   * @throws 400 VALIDATION_FAILED (bad body or id, or the admin's own account); 404 NOT_FOUND.
   */
  @Patch(':id')
  async update(
    @Param('id', new ZodValidationPipe(STAFF_USER_ID)) id: string,
    @Body(new ZodValidationPipe(updateStaffUserSchema)) body: UpdateStaffUser,
    @CurrentUser() user: SessionUser,
  ): Promise<StaffAccountResponse> {
    return { user: await this.users.update(id, body, user) };
  }
}
