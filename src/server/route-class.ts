// Route classes group paths for metrics labels, 404 hints, Cache-Control and access control.
// One place decides what a path "is", by prefix, so every concern agrees.
import type { NotFoundKind } from './errors.js';

export type RouteClass =
  | 'metric_detail'
  | 'fee_table'
  | 'chain_overview'
  | 'app_details'
  | 'projects'
  | 'master'
  | 'openapi'
  | 'docs'
  | 'healthz'
  | 'metrics'
  | 'other'
  /** 400: the path broke a rule of request-path.ts, or node could not parse the request. */
  | 'invalid'
  | 'preflight';

export function classifyPath(path: string): RouteClass {
  if (path.startsWith('/v1/metrics/chains/')) return 'metric_detail';
  if (path.startsWith('/v1/fees/')) return 'fee_table';
  if (path.startsWith('/v1/chains/')) return 'chain_overview';
  if (path.startsWith('/v1/apps/details/')) return 'app_details';
  if (path.startsWith('/v1/labels/')) return 'projects';
  if (path === '/v1/master.json') return 'master';
  if (path === '/v1/openapi.json') return 'openapi';
  return 'other';
}

export function notFoundKind(route: RouteClass): NotFoundKind {
  switch (route) {
    case 'metric_detail':
      return 'metric_detail';
    case 'chain_overview':
      return 'chain_overview';
    case 'app_details':
      return 'app_details';
    default:
      return 'other';
  }
}
