// Every error the server answers with is a small JSON document (CONTRACT.md section 7):
// {"error": {"status", "code", "message", "hint"}}. Bodies without variable parts are built once
// here so that floods of 404/405/429 cost a map lookup like any document.

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

/** Which discovery document lists the valid values for a path; drives 404 texts. */
export type NotFoundKind = 'metric_detail' | 'chain_overview' | 'app_details' | 'other';

export const HINT_MASTER = 'Chains are the keys of "chains" in /v1/master.json; each chain lists its metric_ids in "supported_metrics".';
export const HINT_PROJECTS = 'Valid owner_project values are the first column of /v1/labels/projects_filtered.json.';
export const HINT_ANY =
  'The documents are described in /v1/openapi.json; chains and metrics are listed in /v1/master.json, projects in /v1/labels/projects_filtered.json.';

const NOT_FOUND_TEXT: Record<NotFoundKind, [message: string, hint: string]> = {
  metric_detail: ['No metric detail document for this chain and metric.', HINT_MASTER],
  chain_overview: ['No overview document for this chain.', HINT_MASTER],
  app_details: ['No application detail document for this owner_project.', HINT_PROJECTS],
  other: ['No document at this path.', HINT_ANY],
};

/** Precomputed 404 bodies, one per kind. */
export const NOT_FOUND_BODIES: Readonly<Record<NotFoundKind, Buffer>> = Object.fromEntries(
  (Object.keys(NOT_FOUND_TEXT) as NotFoundKind[]).map((k) => [k, errorBody(404, 'not_found', ...NOT_FOUND_TEXT[k])]),
) as Record<NotFoundKind, Buffer>;

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
