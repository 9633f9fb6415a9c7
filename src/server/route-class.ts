// Route classes group paths for metrics labels, 404 bodies, Cache-Control and access control.
// A document path's class is its kind's (src/documents/kinds.ts), so every concern agrees with
// the declarations; the server adds classes for what it answers itself.
import { kindOfPath, type DocumentRoute } from '../documents/kinds.js';

export type RouteClass =
  | DocumentRoute
  | 'docs'
  /** The dashboard page and its assets (server/static-files.ts). */
  | 'dashboard'
  | 'healthz'
  | 'metrics'
  | 'other'
  /** 400: the path broke a rule of request-path.ts, or node could not parse the request. */
  | 'invalid'
  | 'preflight';

export function classifyPath(path: string): RouteClass {
  return kindOfPath(path)?.route ?? 'other';
}
