// One RPC URL: a keep-alive connection pool, its concurrency limiter and its health.
// `post` turns every HTTP-level outcome into either parsed JSON or one typed RpcError.
import { Pool, errors as undiciErrors } from 'undici';
import { registerUrlCredentials } from '../log/secrets.js';
import type { Sleep } from '../timers.js';
import { AimdLimiter, type AimdOptions } from './aimd.js';
import type { AnswerCap } from './answer-cap.js';
import { parseRetryAfter } from './backoff.js';
import { announcedLength, AnswerTooLargeError, ERROR_PAGE_BYTES, readCappedBody } from './capped-body.js';
import {
  RpcAnswerTooLargeError,
  RpcError,
  RpcHttpError,
  RpcMalformedError,
  RpcRateLimitError,
  RpcTimeoutError,
  RpcTransportError,
  rpcErrorKind,
  upstreamText,
  type EndpointNames,
} from './errors.js';

export class Endpoint implements EndpointNames {
  /** Public name ("base rpc#1"): /healthz, progress lines, log fields. */
  readonly label: string;
  /** scheme://host:port, or the label when the host is secret: log lines and thrown messages. */
  readonly logName: string;
  readonly urlParts: readonly string[];
  readonly limiter: AimdLimiter;
  /** Monotonic ms until which the endpoint is avoided (it failed or lied). */
  badUntil = 0;
  /** Monotonic ms before which the endpoint must not be called (Retry-After). */
  pausedUntil = 0;
  /** Set when the endpoint serves another chain: never used again. */
  disabled: Error | null = null;
  /** eth_chainId check: resolved once per endpoint, shared by concurrent callers. */
  verified: Promise<void> | null = null;
  /** HTTP exchanges sent since start (/metrics). */
  exchanges = 0;
  /** Failed exchanges since start, by rpcErrorKind (/metrics). */
  readonly errors = new Map<string, number>();

  private readonly pool: Pool;
  private readonly path: string;
  private auth: string | undefined;

  constructor(url: string, names: EndpointNames, aimd: AimdOptions) {
    this.label = names.label;
    this.logName = names.logName;
    // The URL itself is never quoted, not even when it is broken: it may carry a key.
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new Error(`invalid RPC URL for ${this.label}: not a URL`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      throw new Error(`invalid RPC URL for ${this.label}: only http(s) is supported`);
    }
    this.path = `${u.pathname}${u.search}`;
    this.urlParts = urlParts(u);
    this.limiter = new AimdLimiter(aimd);
    this.pool = new Pool(u.origin, {
      connections: aimd.max,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
    });
    // Some providers put credentials in the URL's user info; they go out as Basic auth, so
    // they and their base64 are secrets even when written in the file without ${NAME}.
    if (u.username) {
      registerUrlCredentials(url);
      this.auth = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
    }
  }

  /**
   * POST a JSON-RPC payload and return the parsed body. `nowMs` reads the wall clock only for
   * the HTTP-date form of Retry-After. `cap` bounds the answer (answer-cap.ts): past it the
   * request is aborted and RpcAnswerTooLargeError thrown. `cancel` aborts the request
   * (shutdown); it is reported as an RpcError, not as a timeout.
   */
  async post(body: string, timeoutMs: number, deadline: Sleep, nowMs: () => number, cap: AnswerCap, cancel?: AbortSignal): Promise<unknown> {
    const ac = new AbortController();
    // The deadline covers the whole exchange, connection to last byte, and waits through the
    // injectable Sleep, so a test holds it or fires it instead of racing a timer on a busy machine
    // (undici's own header and body timeouts are therefore off: they would be real timers).
    const ended = new AbortController();
    let timedOut = false;
    deadline(timeoutMs, ended.signal).then(
      () => {
        timedOut = true;
        ac.abort();
      },
      () => undefined,
    );
    const onCancel = (): void => ac.abort();
    if (cancel?.aborted) ac.abort();
    cancel?.addEventListener('abort', onCancel, { once: true });
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (this.auth) headers.authorization = this.auth;
      const res = await this.pool.request({
        path: this.path,
        method: 'POST',
        headers,
        body,
        signal: ac.signal,
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      if (res.statusCode === 429) {
        await res.body.dump().catch(() => undefined);
        throw new RpcRateLimitError(this, parseRetryAfter(res.headers['retry-after'], nowMs()));
      }
      const announced = announcedLength(res.headers['content-length']);
      const abort = (): void => ac.abort();
      if (res.statusCode < 200 || res.statusCode >= 300) {
        // An error page is quoted, not parsed: its start is enough, and a huge one is not read.
        const page = await readCappedBody(res.body, { cap: Math.min(cap.bytes, ERROR_PAGE_BYTES), announced, abort }).catch(() => null);
        throw new RpcHttpError(this, res.statusCode, page?.toString('utf8') ?? '');
      }
      let text: string;
      try {
        text = (await readCappedBody(res.body, { cap: cap.bytes, announced, abort })).toString('utf8');
      } catch (err) {
        if (err instanceof AnswerTooLargeError) throw new RpcAnswerTooLargeError(this, cap, err);
        throw err;
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new RpcMalformedError(
          `malformed JSON from ${this.logName} (${text.length} bytes${text.length ? `, ends with ${upstreamText(text, this, (t) => JSON.stringify(t.slice(-40)))}` : ''})`,
          this.label,
          `malformed JSON from ${this.label} (${text.length} bytes)`,
        );
      }
    } catch (err) {
      if (cancel?.aborted) throw new RpcError(`${this.label}: request aborted`, this.label, `${this.label}: request aborted`);
      throw this.classify(err, timedOut, timeoutMs);
    } finally {
      ended.abort();
      cancel?.removeEventListener('abort', onCancel);
    }
  }

  /** Counts a failed exchange (or a wrong chain) under its kind for /metrics. */
  countError(err: unknown): void {
    const kind = rpcErrorKind(err);
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }

  private classify(err: unknown, timedOut: boolean, timeoutMs: number): Error {
    if (err instanceof RpcRateLimitError || err instanceof RpcHttpError || err instanceof RpcMalformedError || err instanceof RpcAnswerTooLargeError) return err;
    if (
      timedOut ||
      err instanceof undiciErrors.HeadersTimeoutError ||
      err instanceof undiciErrors.BodyTimeoutError ||
      err instanceof undiciErrors.ConnectTimeoutError
    ) {
      return new RpcTimeoutError(`no answer from ${this.logName} within ${timeoutMs} ms`, this.label, `no answer from ${this.label} within ${timeoutMs} ms`);
    }
    const e = err as Error & { code?: string };
    // RequestContentLengthMismatch, "other side closed", ECONNRESET mid-body: a truncated body.
    // Socket and DNS messages name the host ("getaddrinfo ENOTFOUND <host>"): when the host is
    // secret only the error's code or class is given.
    const what = e.code ?? e.name;
    const detail = this.logName === this.label ? what : `${e.code ? `${e.code} ` : ''}${e.message}`;
    return new RpcTransportError(`${this.logName}: ${detail}`, this.label, `${this.label}: ${what}`);
  }

  async close(): Promise<void> {
    // destroy, not close: close() waits for requests in flight, which a node that never
    // answers holds until their timeout. The client aborts its requests before this.
    await this.pool.destroy().catch(() => undefined);
  }
}

/** Every non-empty part of the URL beyond scheme://host:port, raw and decoded, lower-cased. */
function urlParts(u: URL): string[] {
  const raw = [u.username, u.password, u.search.slice(1), u.hash.slice(1), ...u.pathname.split('/'), ...u.search.slice(1).split(/[&=]/)];
  const out = new Set<string>();
  for (const p of raw) {
    if (!p) continue;
    out.add(p.toLowerCase());
    try {
      out.add(decodeURIComponent(p).toLowerCase());
    } catch {
      // Not a valid escape: the raw text is enough.
    }
  }
  return [...out];
}
