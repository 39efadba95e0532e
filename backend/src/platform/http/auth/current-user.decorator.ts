import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { SessionUser, StaffRequest } from './session-user.js';

/** The signed-in staff user of the request (set by passport from the session). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): SessionUser | undefined => ctx.switchToHttp().getRequest<StaffRequest>().user,
);
