/**
 * Request durations of the api for Prometheus (GET /metrics): one histogram labelled by method,
 * route and status code. The route label is the pattern Express matched (`/api/leads/:id`), never
 * the URL a client sent, so ids, query strings and scanners' random paths cannot multiply the
 * series; requests that matched no route are grouped in three fixed labels.
 */
import type { Request, RequestHandler } from 'express';
import { Histogram } from 'prom-client';

/** Route label of a request served by the front end's files with an extension (scripts, styles, images, fonts). */
export const STATIC_ROUTE = '(static)';
/** Route label of a page of the front end (prerendered, client-only shell, server-rendered). */
export const PAGE_ROUTE = '(page)';
/** Route label of a request no route or file answered (404s, body-parser errors before routing). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Upper bounds of the request duration buckets, in seconds. */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route label of a finished request: `baseUrl + route.path` when Express matched a route
 * (Nest's controllers), otherwise {@link STATIC_ROUTE} or {@link PAGE_ROUTE} for what the front
 * end's handlers answered below 400, and {@link UNMATCHED_ROUTE} for the rest.
 */
export function routeLabel(req: Request, status: number): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return `${req.baseUrl ?? ''}${path}`;
  if (status >= 400 || req.path.startsWith('/api/') || req.path === '/api') return UNMATCHED_ROUTE;
  const last = req.path.slice(req.path.lastIndexOf('/') + 1);
  return last.includes('.') ? STATIC_ROUTE : PAGE_ROUTE;
}

/**
 * The histogram `ironclad_http_request_duration_seconds{method, route, status_code}` and the
 * Express middleware that feeds it. The histogram belongs to no registry: the metrics endpoint
 * registers it in its own. Install the middleware first, so the time covers every later handler.
 */
export class HttpMetrics {
  readonly duration = new Histogram<'method' | 'route' | 'status_code'>({
    name: 'ironclad_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to the end of its response, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_DURATION_BUCKETS,
    registers: [],
  });

  /** Starts a timer per request and observes it when the response is finished or the client hung up. */
  readonly middleware: RequestHandler = (req, res, next) => {
    const end = this.duration.startTimer();
    let done = false;
    const observe = () => {
      if (done) return;
      done = true;
      end({ method: req.method, route: routeLabel(req, res.statusCode), status_code: res.statusCode });
    };
    res.once('finish', observe);
    res.once('close', observe);
    next();
  };
}
