/**
 * `@Public()` — THE way to open a route to visitors (decisions.md §1).
 *
 * Every HTTP route of the api is staff-only by default: the global {@link StaffGuard} answers 401
 * without a session and 403 for a signed-in non-admin. A controller or handler marked `@Public()`
 * skips that check. Use it for visitor-facing endpoints only (forms, public content, webhooks,
 * payment/PDF links); a test (backend/test/api/route-guards.test.ts) enumerates the router and
 * fails when a route that is not on its public list answers without a session.
 *
 * @example
 * @Public()
 * @Post()
 * create(@Body(...) body: CreateContact) { ... }
 */
import { SetMetadata } from '@nestjs/common';

/** Metadata key read by the StaffGuard. */
export const IS_PUBLIC_KEY = 'ironclad:isPublic';

/** Marks a controller class or a handler as reachable without a staff session. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);
