// Every way a JSON-RPC call can fail, as its own class, so that the retry loop can decide by
// type what to do (retry elsewhere, slow down, give up) and the final message names the URL.

/** Base class: `url` is the endpoint that produced the failure (credentials stripped). */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly url: string | null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Connection refused/reset, socket closed mid-body, DNS failure: the endpoint is unhealthy. */
export class RpcTransportError extends RpcError {}

/** No complete answer within the deadline. Counts as congestion for the concurrency limiter. */
export class RpcTimeoutError extends RpcError {}

/** HTTP 429: the endpoint asks us to slow down and, maybe, when to come back. */
export class RpcRateLimitError extends RpcError {
  constructor(
    url: string,
    /** Delay asked for by `Retry-After`, null when the header is absent or unreadable. */
    readonly retryAfterMs: number | null,
  ) {
    super(`HTTP 429 from ${url}${retryAfterMs === null ? '' : ` (Retry-After ${retryAfterMs} ms)`}`, url);
  }
}

/** Any other non-2xx HTTP status. */
export class RpcHttpError extends RpcError {
  constructor(
    url: string,
    readonly status: number,
    bodySnippet: string,
  ) {
    super(`HTTP ${status} from ${url}${bodySnippet ? `: ${bodySnippet}` : ''}`, url);
  }
}

/** The body is not JSON, is truncated, or is not a JSON-RPC response for what we asked. */
export class RpcMalformedError extends RpcError {}

/** A batch was answered with a single error object: the node refuses batches of this size. */
export class RpcBatchRejectedError extends RpcError {}

/** The node answered with a JSON-RPC error object. */
export class JsonRpcError extends RpcError {
  constructor(
    url: string,
    readonly method: string,
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: unknown,
  ) {
    super(`${method} failed on ${url}: JSON-RPC error ${code}: ${rpcMessage}`, url);
  }
}

/**
 * The node answered, but the result is wrong for the request (a block with another number,
 * a missing field, null for a block that must exist): the node is lagging or lying.
 */
export class RpcValidationError extends RpcError {
  constructor(
    url: string | null,
    readonly method: string,
    readonly reason: string,
  ) {
    super(`${method}: invalid result${url ? ` from ${url}` : ''}: ${reason}`, url);
  }
}

/** The endpoint serves another chain. It is never used again by this client. */
export class ChainIdMismatchError extends RpcError {
  constructor(
    readonly chain: string,
    url: string,
    readonly expected: number,
    readonly found: number,
  ) {
    super(`chain ${chain}: RPC URL ${url} serves chain id ${found}, expected ${expected}; this URL is not used`, url);
  }
}

/** Every attempt failed; `lastError` is the final cause. */
export class RpcExhaustedError extends RpcError {
  constructor(
    readonly label: string,
    readonly method: string,
    readonly attempts: number,
    readonly lastError: Error,
  ) {
    super(`${label}: ${method} failed after ${attempts} attempts; last error: ${lastError.message}`, lastError instanceof RpcError ? lastError.url : null);
  }
}

/** No endpoint is left (all of them serve another chain). */
export class NoEndpointError extends RpcError {}

// EIP-1474: -32601 method not found, -32004 method not supported. Nodes also answer with
// free-text messages such as "the method eth_getBlockReceipts does not exist/is not available".
const UNSUPPORTED_CODES = new Set([-32601, -32004]);
const UNSUPPORTED_TEXT = /method.*(not (found|supported|available|exist)|does not exist|unsupported)|unsupported method|not supported/i;

/** True when the node does not offer the method at all (as opposed to a transient failure). */
export function isMethodUnsupported(err: unknown): boolean {
  return err instanceof JsonRpcError && (UNSUPPORTED_CODES.has(err.code) || UNSUPPORTED_TEXT.test(err.rpcMessage));
}

/**
 * JSON-RPC errors that asking again (anywhere) cannot fix: unknown method, invalid params.
 * Everything else (-32000 "header not found", -32005 limit exceeded, -32603 internal) is retried.
 */
export function isPermanentJsonRpcError(err: JsonRpcError): boolean {
  return isMethodUnsupported(err) || err.code === -32602 || err.code === -32600;
}

/**
 * Strip user info, query strings and long path segments (providers put API keys there) from a
 * URL before it appears in a log line or an error message.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname
      .split('/')
      .map((seg) => (seg.length > 16 ? '…' : seg))
      .join('/');
    return `${u.protocol}//${u.host}${path === '/' ? '' : path}`;
  } catch {
    return '<invalid url>';
  }
}
