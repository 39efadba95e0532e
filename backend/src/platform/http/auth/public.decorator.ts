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
import type { Request } from 'express';

/** Metadata key read by the StaffGuard. */
export const IS_PUBLIC_KEY = 'ironclad:isPublic';

/** Marks a controller class or a handler as reachable without a staff session. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);

/** Metadata key of {@link PublicWhen}'s predicate. */
export const PUBLIC_WHEN_KEY = 'ironclad:publicWhen';

/** Decides from the request (its parsed body, query or path) whether it is a visitor's call. */
export type PublicPredicate = (req: Request) => boolean;

/**
 * Marks a staff handler reachable without a session for the requests `isVisitorCall` accepts,
 * when one path serves a visitor's read and a staff action, as POST /api/generate-image does
 * (public-site.md §7: with `imageKey` a visitor asks for the landing image; staff-side.md §7:
 * without, an admin generates one). Every other request of the route stays staff-only, and the
 * handler must not let the predicate's answer grant anything beyond the visitor's call.
 */
export const PublicWhen = (isVisitorCall: PublicPredicate): MethodDecorator => SetMetadata(PUBLIC_WHEN_KEY, isVisitorCall);
