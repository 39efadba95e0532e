/**
 * Serves the built front end (frontend/dist) from the api's port in production
 * (issue 2 item 7; frontend/README.md):
 *  - files that exist are served as they are (hashed /assets/* cached for a year);
 *  - a public route is served from its prerendered `<route>/index.html`;
 *  - client-only routes (the staff pages and the visitor's unsubscribe page, listed by the build
 *    in `route-manifest.json` → `clientOnly`) get the client-only shell `app.html`;
 *  - anything else gets `404.html` with status 404.
 * /api and /socket.io are never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/** Staff routes rendered only in the browser (staff-side.md §2); used when the build wrote no manifest. */
export const STAFF_ROUTES = ['/admin', '/communications', '/generate-images', '/test-communication'];

/**
 * The client-only route prefixes of a build: `clientOnly` of `<distDir>/route-manifest.json`
 * (written by frontend/scripts/prerender.mjs from the router), else {@link STAFF_ROUTES}.
 */
export function clientOnlyRoutes(distDir: string): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'route-manifest.json'), 'utf8')) as { clientOnly?: unknown };
    if (Array.isArray(manifest.clientOnly) && manifest.clientOnly.every((r) => typeof r === 'string')) return manifest.clientOnly;
  } catch {
    // no manifest (an older build): fall back to the staff routes
  }
  return STAFF_ROUTES;
}

/** Express handlers serving `distDir`, or an empty list when it has not been built. */
export function frontendHandlers(distDir: string): RequestHandler[] {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return [];
  const root = path.resolve(distDir);
  const clientOnly = clientOnlyRoutes(root);
  const isClientOnly = (p: string) => clientOnly.some((r) => p === r || p.startsWith(`${r}/`));
  const statics = express.static(root, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      if (file.startsWith(path.join(root, 'assets') + path.sep)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    },
  });
  const pages: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/socket.io')) return next();
    const clean = path.posix.normalize(decodeURIComponent(req.path)).replace(/\/+$/, '') || '/';
    const candidate = path.join(root, clean, 'index.html');
    res.setHeader('Cache-Control', 'no-cache');
    if (candidate.startsWith(root + path.sep) && fs.existsSync(candidate)) return res.sendFile(candidate);
    const shell = path.join(root, 'app.html');
    if (isClientOnly(clean) && fs.existsSync(shell)) return res.sendFile(shell);
    const notFound = path.join(root, '404.html');
    return res.status(404).sendFile(fs.existsSync(notFound) ? notFound : path.join(root, 'index.html'));
  };
  return [
    (req, res, next) => (req.path.startsWith('/api/') || req.path.startsWith('/socket.io') ? next() : statics(req, res, next)),
    pages,
  ];
}
