// RFC 9112 rules node's parser lets through, checked before the request handler runs, with
// their JSON error bodies (docs/http.md, "Errors").
import { badRequestBody, errorBody } from './errors.js';
import { MAX_TARGET_LENGTH } from './request-path.js';

/** RFC 9112 3.2: exactly one Host. */
export const DUPLICATE_HOST_BODY = badRequestBody('The request carries more than one Host header.');

/** RFC 9112 2.3/3: a request line is "method SP target SP HTTP-version"; HTTP/0.9 is not served. */
export const NO_VERSION_BODY = badRequestBody('The request line has no HTTP version; send "GET /path HTTP/1.1".');

/** Targets longer than the request head limit cannot be documents nor parsed as headers: 414. */
export const MAX_URI_LENGTH = 16_384;
export const URI_TOO_LONG_BODY = errorBody(
  414,
  'bad_request',
  `The request target is longer than ${MAX_URI_LENGTH} bytes.`,
  `Document paths are at most ${MAX_TARGET_LENGTH} characters; see /v1/openapi.json.`,
);

export const OVER_CAPACITY_BODY = errorBody(503, 'not_ready', 'The server has too many open connections.', 'Retry after the number of seconds in the Retry-After header.');
export const OVER_CAPACITY_RETRY_SECONDS = 1;

/**
 * After node's parser overflowed its header limit: was it the request target? Node keeps the
 * part of the request line parsed in earlier chunks in `parser._url` (reset per request), and
 * `rawPacket` is the chunk being parsed. The target overflowed when the request line, as far as
 * it arrived, is longer than MAX_URI_LENGTH.
 */
export function overflowIsTarget(socket: unknown, rawPacket: Buffer | undefined): boolean {
  const parser = (socket as { parser?: { _url?: unknown; _headers?: unknown[] } | null }).parser;
  const urlSoFar = typeof parser?._url === 'string' ? parser._url.length : 0;
  if (urlSoFar > MAX_URI_LENGTH) return true;
  if (rawPacket === undefined || (parser?._headers?.length ?? 0) > 0) return false;
  // The current request starts after the last complete head in this chunk, or the chunk continues it.
  const headEnd = rawPacket.lastIndexOf('\r\n\r\n');
  const start = headEnd < 0 ? 0 : headEnd + 4;
  const lineEnd = rawPacket.indexOf('\r\n', start);
  const line = (lineEnd < 0 ? rawPacket.length : lineEnd) - start;
  return urlSoFar + line > MAX_URI_LENGTH;
}
