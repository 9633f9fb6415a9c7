// Every error the server answers with is a small JSON document (CONTRACT.md section 7):
// {"error": {"status", "code", "message", "hint"}}. Bodies without variable parts are built once
// here so that floods of 404/405/429 cost a map lookup like any document. The 404 texts are the
// document kinds' own (src/documents/<family>/<kind>.ts).
import { NOT_FOUND_ANY, type DocumentKind, type NotFoundText } from '../documents/document-kind.js';
import { DOCUMENT_KINDS, kindOfPath } from '../documents/kinds.js';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'not_ready';

export interface ErrorBody {
  error: { status: number; code: ErrorCode; message: string; hint: string };
}

export function errorBody(status: number, code: ErrorCode, message: string, hint: string): Buffer {
  const body: ErrorBody = { error: { status, code, message, hint } };
  return Buffer.from(JSON.stringify(body), 'utf8');
}

/**
 * Precomputed 404 bodies: one per document kind with the kind's own text (a path in its scope),
 * and the generic one for every other path.
 */
const NOT_FOUND_BY_KIND = new Map<DocumentKind, Buffer>(DOCUMENT_KINDS.map((k) => [k, notFoundBodyOf(k.notFound)]));
export const NOT_FOUND_OTHER_BODY = notFoundBodyOf(NOT_FOUND_ANY);

export function notFoundBodyOf(text: NotFoundText): Buffer {
  return errorBody(404, 'not_found', text.message, text.hint);
}

/** The 404 body for a path that names no document. */
export function notFoundBody(path: string): Buffer {
  const kind = kindOfPath(path);
  return (kind && NOT_FOUND_BY_KIND.get(kind)) ?? NOT_FOUND_OTHER_BODY;
}

export const METHOD_NOT_ALLOWED_BODY = errorBody(
  405,
  'method_not_allowed',
  'Only GET, HEAD and OPTIONS are allowed; this is a read-only service.',
  'Fetch documents with GET.',
);

export const NOT_READY_BODY = errorBody(
  503,
  'not_ready',
  'The first document set is still being built.',
  'Retry after the number of seconds in the Retry-After header; /healthz shows the progress.',
);

export const RATE_LIMITED_BODY = errorBody(
  429,
  'rate_limited',
  'Too many requests for this route.',
  'Wait the number of seconds in the Retry-After header; the RateLimit-Policy header states the quota.',
);

export const UNAUTHORIZED_MISSING_BODY = errorBody(
  401,
  'unauthorized',
  'This route requires an API key.',
  'Send the key as "Authorization: Bearer <key>" or "X-API-Key: <key>".',
);

export const UNAUTHORIZED_INVALID_BODY = errorBody(
  401,
  'unauthorized',
  'The API key is not valid.',
  'Check the key; send it as "Authorization: Bearer <key>" or "X-API-Key: <key>".',
);

export const BAD_REQUEST_HINT =
  'Path segments use only a-z, 0-9, "_", "." and "-", at most 128 characters each; see /v1/openapi.json.';

export function badRequestBody(message: string): Buffer {
  return errorBody(400, 'bad_request', message, BAD_REQUEST_HINT);
}

/** Any Expect but 100-continue cannot be met (RFC 9110 10.1.1). */
export const EXPECTATION_FAILED_BODY = errorBody(417, 'bad_request', 'Only the expectation "100-continue" is supported.', 'Send the request without an Expect header.');

/** RFC 9112 3.2: an HTTP/1.1 request must carry Host. */
export const MISSING_HOST_BODY = badRequestBody('HTTP/1.1 requests must carry a Host header.');
