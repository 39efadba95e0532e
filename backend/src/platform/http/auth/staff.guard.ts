import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode } from '@ironclad/contracts';
import { ApiError } from '../api-error.js';
import { IS_PUBLIC_KEY, PUBLIC_WHEN_KEY, type PublicPredicate } from './public.decorator.js';
import type { SessionUser, StaffRequest } from './session-user.js';

/**
 * The staff rule of every staff route (decisions.md §1), for the guard and for the pieces served
 * outside Nest's router (the job dashboard): null when `user` may pass; else the error to answer,
 * 401 UNAUTHORIZED "Authentication required" without a signed-in user, 403 FORBIDDEN "Admin
 * access required" for a signed-in non-admin.
 */
export function staffAccessError(user: SessionUser | undefined): ApiError | null {
  if (!user) return new ApiError(401, ErrorCode.Unauthorized, 'Authentication required');
  if (!user.isAdmin) return new ApiError(403, ErrorCode.Forbidden, 'Admin access required');
  return null;
}

/**
 * Global guard (registered as APP_GUARD): deny by default (decisions.md §1).
 * - `@Public()` handlers/controllers pass, and so do the requests a handler's `@PublicWhen(predicate)` accepts.
 * - otherwise {@link staffAccessError}: no signed-in user → 401 UNAUTHORIZED "Authentication
 *   required"; a signed-in user without `isAdmin` → 403 FORBIDDEN "Admin access required".
 * Only HTTP contexts are checked; Socket.IO rooms authenticate in the gateway.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<StaffRequest>();
    const publicWhen = this.reflector.get<PublicPredicate | undefined>(PUBLIC_WHEN_KEY, context.getHandler());
    if (publicWhen?.(req)) return true;
    const refused = staffAccessError(req.user);
    if (refused) throw refused;
    return true;
  }
}
