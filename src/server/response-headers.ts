// Header values shared by every response. They are constants so that a response's header list
// can be assembled once per document (prepared-set.ts) and reused for every request.
import type { Freshness } from '../documents/document-set.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Headers a browser script may read besides the CORS-safelisted ones. */
export const EXPOSED_HEADERS = 'ETag, RateLimit, RateLimit-Policy, Retry-After, X-Data-Source, WWW-Authenticate';

/** CORS headers on every response: the data is public, any origin may read it. */
export const CORS_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin',
  '*',
  'Access-Control-Expose-Headers',
  EXPOSED_HEADERS,
];

const STALE = 'stale-while-revalidate=60, stale-if-error=86400';

/** CONTRACT.md section 7: hourly documents may be cached 60 s, the others 300 s. */
export function cacheControlFor(freshness: Freshness): string {
  return `public, max-age=${freshness === 'hourly' ? 60 : 300}, ${STALE}`;
}

/** Errors that depend on the client or on time must not be reused by caches. */
export const NO_STORE = 'no-store';
/** A 404 may turn into a document at the next hourly build. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=60';

/** IMF-fixdate of a unix-ms instant (HTTP Last-Modified). */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

/** The X-Data-Source value for application routes (interface.md 5.2). */
export function dataSourceHeader(publicBaseUrl: string): string {
  return `chainlytics (${publicBaseUrl}/v1)`;
}
