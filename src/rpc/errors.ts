// Every way a JSON-RPC call can fail, as its own class, so that the retry loop can decide by
// type what to do (retry elsewhere, slow down, give up).
//
// Each error has two texts. `message` is for the operator's log: it names the endpoint by its
// log name (scheme://host:port, or the label when ${NAME} reaches the host) and may quote what
// the node answered; registered secret values are scrubbed from it. `publicMessage` is what
// /healthz and the CLI's progress lines show: the endpoint's label only ("base rpc#1") and never
// a byte of the upstream's answer, because a provider's error body can echo the key.
import { containsSecret, scrubSecrets } from '../log/secrets.js';
import { describeCap, type AnswerCap } from './answer-cap.js';
import type { AnswerTooLargeError } from './capped-body.js';
import { upstreamExcerpt } from '../log/upstream-excerpt.js';

/** Base class: `endpoint` is the label of the endpoint that produced the failure. */
export class RpcError extends Error {
  readonly publicMessage: string;
  constructor(
    message: string,
    readonly endpoint: string | null,
    publicMessage: string = message,
  ) {
    super(scrubSecrets(message));
    this.name = new.target.name;
    this.publicMessage = scrubSecrets(publicMessage);
  }
}

/** How an endpoint is named: `label` in public, `logName` in logs and thrown messages. */
export interface EndpointNames {
  label: string;
  logName: string;
  /** Path segments, query, user info and fragment of the URL: an answer echoing one is withheld. */
  urlParts?: readonly string[];
}

/**
 * What the node answered, for a log message: `cut` (by default a short excerpt) of the answer.
 * A provider's error body can echo the key; values long enough are scrubbed anyway, but a short
 * one cannot be cut out of arbitrary text without garbling it, so an answer containing any
 * configured value, in any spelling, is withheld whole. The whole answer is checked before it is
 * cut: a cut first could split a secret and leave a half no check recognizes.
 */
export function upstreamText(text: string, at?: EndpointNames, cut: (answer: string) => string = upstreamExcerpt): string {
  if (containsSecret(text)) return '[answer withheld: it contains a configured secret]';
  const lower = text.toLowerCase();
  // Providers echo the request target in error pages ("invalid key in /v3/<key>").
  if (at?.urlParts?.some((p) => lower.includes(p))) return '[answer withheld: it quotes the RPC URL]';
  return cut(text);
}

/** The text of `err` that may be shown publicly: an RpcError's public message, else its message. */
export function publicMessage(err: unknown): string {
  if (err instanceof RpcError) return err.publicMessage;
  return scrubSecrets(err instanceof Error ? err.message : String(err));
}

/** Connection refused/reset, socket closed mid-body, DNS failure: the endpoint is unhealthy. */
export class RpcTransportError extends RpcError {}

/** No complete answer within the deadline. Counts as congestion for the concurrency limiter. */
export class RpcTimeoutError extends RpcError {}

/** HTTP 429: the endpoint asks us to slow down and, maybe, when to come back. */
export class RpcRateLimitError extends RpcError {
  constructor(
    at: EndpointNames,
    /** Delay asked for by `Retry-After`, null when the header is absent or unreadable. */
    readonly retryAfterMs: number | null,
  ) {
    const after = retryAfterMs === null ? '' : ` (Retry-After ${retryAfterMs} ms)`;
    super(`HTTP 429 from ${at.logName}${after}`, at.label, `HTTP 429 from ${at.label}${after}`);
  }
}

/** Any other non-2xx HTTP status. */
export class RpcHttpError extends RpcError {
  constructor(
    at: EndpointNames,
    readonly status: number,
    body: string,
  ) {
    super(`HTTP ${status} from ${at.logName}${body ? `: ${upstreamText(body, at)}` : ''}`, at.label, `HTTP ${status} from ${at.label}`);
  }
}

/** The body is not JSON, is truncated, or is not a JSON-RPC response for what we asked. */
export class RpcMalformedError extends RpcError {}

/**
 * The answer passed its cap (answer-cap.ts) and was cut off: a faulty node, or blocks larger
 * than the configured ceiling. `splittable`: a batch that fewer calls at once would fit, so the
 * client asks again in halves instead of blaming the node.
 */
export class RpcAnswerTooLargeError extends RpcError {
  readonly splittable: boolean;
  constructor(at: EndpointNames, cap: AnswerCap, cut: AnswerTooLargeError) {
    // Ours only (sizes, method names, the key to raise): nothing of the node's bytes.
    const text = (name: string): string => cut.explain(name, 'max_answer_mb.rpc', describeCap(cap));
    super(text(at.logName), at.label, text(at.label));
    this.splittable = cap.splittable;
  }
}

/** A batch was answered with a single error object: the node refuses batches of this size. */
export class RpcBatchRejectedError extends RpcError {}

/** The node answered with a JSON-RPC error object. */
export class JsonRpcError extends RpcError {
  constructor(
    at: EndpointNames,
    readonly method: string,
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: unknown,
  ) {
    // The node's own message (e.g. "header not found") is kept for the log only.
    super(`${method} failed on ${at.logName}: JSON-RPC error ${code}: ${upstreamText(rpcMessage, at)}`, at.label, `${method} failed on ${at.label}: JSON-RPC error ${code}`);
  }
}

/**
 * The node answered, but the result is wrong for the request (a block with another number,
 * a missing field, null for a block that must exist): the node is lagging or lying.
 */
export class RpcValidationError extends RpcError {
  constructor(
    at: EndpointNames | null,
    readonly method: string,
    readonly reason: string,
  ) {
    // The reason is ours ("asked for block 100, got block 99"), not the node's text.
    super(`${method}: invalid result${at ? ` from ${at.logName}` : ''}: ${reason}`, at?.label ?? null, `${method}: invalid result${at ? ` from ${at.label}` : ''}: ${reason.slice(0, 120)}`);
  }
}

/** The endpoint serves another chain. It is never used again by this client. */
export class ChainIdMismatchError extends RpcError {
  constructor(
    readonly chain: string,
    at: EndpointNames,
    readonly expected: number,
    readonly found: number,
  ) {
    const text = (name: string): string => `chain ${chain}: RPC URL ${name} serves chain id ${found}, expected ${expected}; this URL is not used`;
    super(text(at.logName), at.label, text(at.label));
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
    const text = (last: string): string => `${label}: ${method} failed after ${attempts} attempts; last error: ${last}`;
    super(text(lastError.message), lastError instanceof RpcError ? lastError.endpoint : null, text(publicMessage(lastError)));
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
 * How an RPC URL appears in logs: scheme, host and port, never user info, path, query or
 * fragment (providers put keys in all of them). Callers use the label instead when a ${NAME}
 * substitution reached the host.
 */
export function urlOrigin(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return '<invalid url>';
  }
}

/**
 * The kind an RPC failure is counted under in /metrics (chainlytics_rpc_errors_total): a fixed,
 * small set, so the label never carries upstream text. Subclasses come before their parents.
 */
export function rpcErrorKind(err: unknown): string {
  if (err instanceof RpcRateLimitError) return 'rate_limited';
  if (err instanceof RpcTimeoutError) return 'timeout';
  if (err instanceof RpcHttpError) return 'http_status';
  if (err instanceof RpcAnswerTooLargeError) return 'answer_too_large';
  if (err instanceof RpcBatchRejectedError) return 'batch_rejected';
  if (err instanceof RpcMalformedError) return 'malformed';
  if (err instanceof RpcValidationError) return 'invalid_answer';
  if (err instanceof ChainIdMismatchError) return 'wrong_chain';
  if (err instanceof JsonRpcError) return 'jsonrpc_error';
  if (err instanceof RpcTransportError) return 'transport';
  return 'other';
}
