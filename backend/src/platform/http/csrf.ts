/**
 * Cross-site request protection for cookie-authenticated writes (decisions.md §2).
 *
 * For every unsafe method (POST, PUT, PATCH, DELETE) on any path: the /api calls, the job
 * dashboard's API under /admin/queues/api and whatever is mounted later with the session cookie
 * (no page of the site accepts a write, so checking everywhere costs nothing):
 * - an `Origin` header must be the site's own origin (PUBLIC_URL's, or the origin of the host the
 *   request was sent to);
 * - without `Origin`, a `Sec-Fetch-Site` of `cross-site` or `same-site` is refused.
 * Requests with neither header (server-to-server clients such as provider webhooks, curl) carry
 * no browser cookie context and pass. Refusals answer 403 FORBIDDEN "Cross-site request refused".
 * Combined with the SameSite=Lax session cookie this is the OWASP "verify origin" defence.
 */
import type { RequestHandler } from 'express';
import { ErrorCode, type ApiErrorBody } from '@ironclad/contracts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function csrfOriginCheck(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    let ok = true;
    if (origin) ok = origin === publicOrigin || origin === `${req.protocol}://${req.get('host')}`;
    else if (fetchSite) ok = fetchSite === 'same-origin' || fetchSite === 'none';
    if (ok) return next();
    const id = (req as typeof req & { id?: string }).id;
    const body: ApiErrorBody = {
      statusCode: 403,
      code: ErrorCode.Forbidden,
      message: 'Cross-site request refused',
      requestId: id,
      error: 'Cross-site request refused',
    };
    res.status(403).json(body);
  };
}
