import type { Request } from 'express';
import { PAGE_ROUTE, routeLabel, STATIC_ROUTE, UNMATCHED_ROUTE } from './http-metrics.js';

const req = (path: string, route?: string, baseUrl = '') =>
  ({ path, baseUrl, route: route ? { path: route } : undefined }) as unknown as Request;

describe('routeLabel', () => {
  it('is the matched route pattern, never the URL', () => {
    expect(routeLabel(req('/api/leads/42', '/api/leads/:id'), 200)).toBe('/api/leads/:id');
    expect(routeLabel(req('/api/leads/42', '/api/leads/:id'), 404)).toBe('/api/leads/:id');
    expect(routeLabel(req('/x/1', '/:id', '/x'), 200)).toBe('/x/:id');
  });

  it('groups what no route answered under fixed labels', () => {
    expect(routeLabel(req('/assets/index-abc123.js'), 200)).toBe(STATIC_ROUTE);
    expect(routeLabel(req('/favicon.ico'), 304)).toBe(STATIC_ROUTE);
    expect(routeLabel(req('/services/cctv'), 200)).toBe(PAGE_ROUTE);
    expect(routeLabel(req('/'), 200)).toBe(PAGE_ROUTE);
    expect(routeLabel(req('/wp-login.php'), 404)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel(req('/api/nope'), 200)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel(req('/api/leads'), 400)).toBe(UNMATCHED_ROUTE);
  });
});
