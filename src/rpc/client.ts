// JSON-RPC over HTTP for one chain: batching, retries with backoff, 429/Retry-After, timeouts,
// result validation ("lying" nodes), failover between the chain's URLs and adaptive
// concurrency per URL. The ingest pipeline talks to nodes only through this class.
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.js';
import { systemSleep, type Sleep } from '../timers.js';
import { DEFAULT_AIMD, type AimdOptions } from './aimd.js';
import { answerCap, DEFAULT_MAX_ANSWER_BYTES } from './answer-cap.js';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import { Endpoint } from './endpoint.js';
import { endpointNames, type RpcUrlEntry } from './endpoint-names.js';
import {
  ChainIdMismatchError,
  isPermanentJsonRpcError,
  JsonRpcError,
  NoEndpointError,
  RpcAnswerTooLargeError,
  RpcError,
  RpcBatchRejectedError,
  RpcExhaustedError,
  RpcMalformedError,
  RpcRateLimitError,
  RpcTimeoutError,
  RpcValidationError,
  publicMessage,
  upstreamText,
} from './errors.js';
import { hexToNumber } from './hex.js';
import { settleAll } from '../settle-all.js';

/** One request. `validate` returns the typed result or throws: the node is lagging or lying. */
export interface RpcCall<T = unknown> {
  method: string;
  params: unknown[];
  validate?: (result: unknown) => T;
}

export interface RpcClientOptions {
  /** A URL, or { url, name } to choose the label ("<label> <name>" instead of "<label> rpc#n"). */
  urls: readonly RpcUrlEntry[];
  /** Names the chain in errors and logs (origin_key). */
  label: string;
  /** When set, every URL is checked with eth_chainId before its first use. */
  expectedChainId?: number;
  /** Requests per HTTP batch. Default 50. */
  batchSize?: number;
  /** Deadline of one HTTP request, ms. Default 20 000. */
  timeoutMs?: number;
  /** Attempts per request before giving up. Default 8. */
  maxAttempts?: number;
  /**
   * Largest answer to one HTTP request, bytes: what a call returning a block's content may use;
   * other calls get far less (answer-cap.ts). Default 64 MiB (max_answer_mb.rpc).
   */
  maxAnswerBytes?: number;
  backoff?: BackoffOptions;
  /** How long a failing or lying URL is avoided, ms. Default 30 000. */
  badCooldownMs?: number;
  /** Adaptive concurrency per URL. Default {initial 4, min 1, max 32}. */
  concurrency?: AimdOptions;
  /** Wall clock, used only for HTTP-date `Retry-After` values. */
  clock?: Clock;
  /** Monotonic ms for cooldowns and pauses; injectable for tests. Default performance.now. */
  monotonic?: () => number;
  /** How backoff and rate-limit pauses wait; injectable with `monotonic` (tests advance both). */
  sleep?: Sleep;
  /** How a request's deadline (`timeoutMs`) waits; injectable so that tests fire or hold it. Default systemSleep. */
  deadline?: Sleep;
  /** Backoff jitter in [0, 1). Default Math.random. */
  random?: () => number;
  logger?: Logger;
}

export interface EndpointStats {
  /** The endpoint's label ("base rpc#1"), never its URL. */
  endpoint: string;
  concurrency_limit: number;
  in_flight: number;
  bad: boolean;
  disabled: string | null;
  /** HTTP exchanges with this endpoint since start. */
  exchanges: number;
  /** Failed exchanges since start, by kind (rpcErrorKind). */
  errors: Record<string, number>;
}

export interface RpcStats {
  requests: number;
  http_requests: number;
  retries: number;
  endpoints: EndpointStats[];
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: Error; fatal: boolean };

interface ResponseEntry {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

export class RpcClient {
  readonly label: string;
  readonly batchSize: number;
  private readonly endpoints: Endpoint[];
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly maxAnswerBytes: number;
  private readonly backoff: BackoffOptions;
  private readonly badCooldownMs: number;
  private readonly clock: Clock;
  private readonly now: () => number;
  private readonly wait: Sleep;
  private readonly deadline: Sleep;
  private readonly random: () => number;
  private readonly logger: Logger | undefined;
  private readonly expectedChainId: number | undefined;
  private readonly closing = new AbortController();
  private nextId = 1;
  private counters = { requests: 0, http_requests: 0, retries: 0 };

  constructor(opts: RpcClientOptions) {
    if (opts.urls.length === 0) throw new Error(`chain ${opts.label}: no RPC URL configured`);
    this.label = opts.label;
    this.batchSize = opts.batchSize ?? 50;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) throw new Error(`chain ${opts.label}: batch size must be a positive integer, got ${opts.batchSize}`);
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.maxAttempts = opts.maxAttempts ?? 8;
    this.maxAnswerBytes = opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    if (!(this.maxAnswerBytes >= 1)) throw new Error(`chain ${opts.label}: the answer cap must be at least 1 byte, got ${opts.maxAnswerBytes}`);
    this.backoff = opts.backoff ?? DEFAULT_BACKOFF;
    this.badCooldownMs = opts.badCooldownMs ?? 30_000;
    this.clock = opts.clock ?? systemClock;
    this.now = opts.monotonic ?? (() => performance.now());
    this.wait = opts.sleep ?? systemSleep;
    this.deadline = opts.deadline ?? systemSleep;
    this.random = opts.random ?? Math.random;
    this.logger = opts.logger;
    this.expectedChainId = opts.expectedChainId;
    const aimd = opts.concurrency ?? DEFAULT_AIMD;
    this.endpoints = opts.urls.map((entry, i) => {
      const names = endpointNames(opts.label, i, entry);
      return new Endpoint(names.url, names, aimd);
    });
    // Every request in flight listens on it (see linkSignals).
    setMaxListeners(0, this.closing.signal);
  }

  /** One request, retried and failed over like any batch entry. `signal` aborts it (and its retries). */
  async call<T = unknown>(method: string, params: unknown[], validate?: (result: unknown) => T, signal?: AbortSignal): Promise<T> {
    const [out] = await this.batch([{ method, params, validate }], signal);
    return out as T;
  }

  /**
   * Many requests, sent `batchSize` per HTTP request, results in input order. Each chunk is
   * retried on its own; inside a chunk only the entries that failed are asked again.
   * Rejects with the first permanent error (e.g. method not supported) or RpcExhaustedError.
   * An aborted `signal` (or `close()`) cancels the HTTP requests in flight and every retry at
   * once: shutdown must not wait for a node that never answers.
   */
  async batch(calls: readonly RpcCall[], signal?: AbortSignal): Promise<unknown[]> {
    this.counters.requests += calls.length;
    const results = new Array<unknown>(calls.length);
    const chunks: number[][] = [];
    for (let i = 0; i < calls.length; i += this.batchSize) {
      chunks.push(Array.from({ length: Math.min(this.batchSize, calls.length - i) }, (_, k) => i + k));
    }
    const link = linkSignals(this.closing.signal, signal);
    try {
      await settleAll(chunks.map((ix) => this.runChunk(calls, ix, results, link.signal)));
    } finally {
      link.dispose();
    }
    return results;
  }

  /**
   * Check eth_chainId on every URL now (at chain start). A URL serving another chain is
   * disabled and reported; an unreachable one is checked again before its first use.
   */
  async verifyChainIds(signal?: AbortSignal): Promise<Array<{ endpoint: string; error: Error | null }>> {
    const link = linkSignals(this.closing.signal, signal);
    return Promise.all(
      this.endpoints.map(async (ep) => {
        try {
          await this.verify(ep, link.signal);
          return { endpoint: ep.label, error: ep.disabled };
        } catch (err) {
          return { endpoint: ep.label, error: err as Error };
        }
      }),
    ).finally(() => link.dispose());
  }

  /** True when at least one URL is still usable (not serving another chain). */
  hasUsableEndpoint(): boolean {
    return this.endpoints.some((e) => !e.disabled);
  }

  stats(): RpcStats {
    const now = this.now();
    return {
      ...this.counters,
      endpoints: this.endpoints.map((e) => ({
        endpoint: e.label,
        concurrency_limit: Math.floor(e.limiter.limit),
        in_flight: e.limiter.inFlight,
        bad: e.badUntil > now,
        disabled: e.disabled ? publicMessage(e.disabled) : null,
        exchanges: e.exchanges,
        errors: Object.fromEntries(e.errors),
      })),
    };
  }

  async close(): Promise<void> {
    this.closing.abort();
    await Promise.all(this.endpoints.map((e) => e.close()));
  }

  // --- internals -------------------------------------------------------------------------------

  private async runChunk(calls: readonly RpcCall[], indices: number[], results: unknown[], signal: AbortSignal): Promise<void> {
    let pending = indices;
    let avoid: Endpoint | null = null;
    let lastErr: Error | null = null;
    // A 429 is the node pacing us, not failing: it does not use up an attempt, up to a bound.
    let rateLimits = 0;
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw this.aborted();
      let ep: Endpoint | null = null;
      let rateLimited = false;
      try {
        ep = await this.pickEndpoint(avoid, signal);
      } catch (err) {
        if (err instanceof NoEndpointError || signal.aborted) throw err;
        // The eth_chainId check of a fresh endpoint failed in transit: a failed attempt.
        lastErr = err as Error;
      }
      if (ep) {
        const outcomes = await this.attempt(ep, calls, pending, signal);
        if (signal.aborted) throw this.aborted();
        if ((outcomes instanceof RpcBatchRejectedError || (outcomes instanceof RpcAnswerTooLargeError && outcomes.splittable)) && pending.length > 1) {
          // The node refuses batches this large, or their answer is more than one exchange may
          // hold: ask for each half separately.
          const half = Math.ceil(pending.length / 2);
          await Promise.all([this.runChunk(calls, pending.slice(0, half), results, signal), this.runChunk(calls, pending.slice(half), results, signal)]);
          return;
        }
        if (outcomes instanceof Error) {
          // The whole HTTP exchange failed; every entry is asked again.
          lastErr = outcomes;
          rateLimited = outcomes instanceof RpcRateLimitError;
          if (rateLimited && ++rateLimits <= this.maxAttempts * 4) attempt--;
        } else {
          const retry: number[] = [];
          let fatal: Error | null = null;
          outcomes.forEach((o, k) => {
            const idx = pending[k];
            if (o.ok) results[idx] = o.value;
            else if (o.fatal) fatal ??= o.err;
            else {
              retry.push(idx);
              lastErr = o.err;
            }
          });
          if (fatal) throw fatal;
          if (retry.length === 0) return;
          // Some entries succeeded, so the endpoint works: the rest get a fresh budget.
          if (retry.length < pending.length) attempt = 0;
          pending = retry;
        }
      }
      if (attempt >= this.maxAttempts) throw this.exhausted(calls, pending, attempt + Math.min(rateLimits, this.maxAttempts * 4), lastErr!);
      this.counters.retries += pending.length;
      avoid = ep;
      // A 429 paused the endpoint and pickEndpoint waits out its Retry-After; another healthy
      // URL takes a retry at once; otherwise back off before asking the same node again.
      if (!rateLimited && !(ep && this.hasReadyAlternative(ep))) {
        await this.sleep(backoffDelay(Math.max(1, attempt), this.backoff, this.random), signal);
      }
    }
  }

  private aborted(): RpcError {
    return new RpcError(`chain ${this.label}: RPC request aborted${this.closing.signal.aborted ? ' (client closed)' : ''}`, null);
  }

  private exhausted(calls: readonly RpcCall[], pending: number[], attempts: number, last: Error): RpcExhaustedError {
    const first = calls[pending[0]];
    const what = pending.length === 1 ? `${first.method}(${describeParams(first.params)})` : `${pending.length} requests (${first.method}(${describeParams(first.params)}), …)`;
    return new RpcExhaustedError(`chain ${this.label}`, what, attempts, last);
  }

  /** One HTTP exchange. Returns an Error for whole-request failures, else one outcome per entry. */
  private async attempt(ep: Endpoint, calls: readonly RpcCall[], indices: number[], signal: AbortSignal): Promise<Outcome[] | Error> {
    const ids = indices.map(() => this.nextId++);
    const single = indices.length === 1;
    const payload = indices.map((idx, k) => ({ jsonrpc: '2.0', id: ids[k], method: calls[idx].method, params: calls[idx].params }));
    const body = JSON.stringify(single ? payload[0] : payload);
    const cap = answerCap(payload, this.maxAnswerBytes);
    const ticket = await ep.limiter.acquire();
    this.counters.http_requests++;
    ep.exchanges++;
    let parsed: unknown;
    try {
      parsed = await ep.post(body, this.timeoutMs, this.deadline, () => this.clock.now(), cap, signal);
    } catch (err) {
      ep.limiter.release();
      // Cancelled by us: says nothing about the endpoint's health. Nor does an answer too large
      // for a batch that fewer calls at once would fit (runChunk splits it). Past the calls' own
      // budgets it does: the endpoint is avoided and the message names the cap to raise.
      if (!signal.aborted && !(err instanceof RpcAnswerTooLargeError && err.splittable)) this.penalize(ep, err as Error, ticket);
      return err as Error;
    }
    ep.limiter.release();

    const entries = single && !Array.isArray(parsed) ? [parsed] : parsed;
    if (!Array.isArray(entries)) {
      // A batch answered with one error object: the node rejects batches this large (or at all).
      if (indices.length > 1 && parsed && typeof parsed === 'object') {
        return new RpcBatchRejectedError(
          `${ep.logName} rejected a batch of ${indices.length}: ${upstreamText(JSON.stringify(parsed), ep)}`,
          ep.label,
          `${ep.label} rejected a batch of ${indices.length}`,
        );
      }
      const err = new RpcMalformedError(
        `response from ${ep.logName} is not a JSON-RPC response: ${upstreamText(JSON.stringify(parsed), ep)}`,
        ep.label,
        `response from ${ep.label} is not a JSON-RPC response`,
      );
      this.penalize(ep, err, ticket);
      return err;
    }
    const byId = new Map<unknown, ResponseEntry>();
    for (const e of entries) if (e && typeof e === 'object') byId.set((e as ResponseEntry).id, e as ResponseEntry);
    let healthy = true;
    const out = indices.map((idx, k): Outcome => {
      const call = calls[idx];
      const entry = byId.get(ids[k]);
      if (!entry || (!('result' in entry) && !entry.error)) {
        healthy = false;
        return { ok: false, fatal: false, err: new RpcMalformedError(`${call.method}: response from ${ep.logName} lacks id ${ids[k]} or a result`, ep.label, `${call.method}: response from ${ep.label} lacks id ${ids[k]} or a result`) };
      }
      if (entry.error) {
        const e = entry.error;
        const err = new JsonRpcError(ep, call.method, typeof e.code === 'number' ? e.code : 0, typeof e.message === 'string' ? e.message : JSON.stringify(e), e.data);
        if (isPermanentJsonRpcError(err)) return { ok: false, fatal: true, err };
        healthy = false;
        return { ok: false, fatal: false, err };
      }
      if (!call.validate) return { ok: true, value: entry.result };
      try {
        return { ok: true, value: call.validate(entry.result) };
      } catch (verr) {
        healthy = false;
        return { ok: false, fatal: false, err: new RpcValidationError(ep, call.method, (verr as Error).message) };
      }
    });
    if (healthy) {
      ep.limiter.onSuccess();
      ep.badUntil = 0;
    } else {
      const firstErr = out.find((o): o is Extract<Outcome, { ok: false }> => !o.ok && !o.fatal)!.err;
      this.penalize(ep, firstErr, ticket);
    }
    return out;
  }

  /** What a failure does to the endpoint: slow down (overload) and/or avoid it (broken, lying). */
  private penalize(ep: Endpoint, err: Error, ticket: number): void {
    ep.countError(err);
    const now = this.now();
    if (err instanceof RpcRateLimitError) {
      ep.limiter.onCongestion(ticket);
      ep.pausedUntil = Math.max(ep.pausedUntil, now + (err.retryAfterMs ?? backoffDelay(1, this.backoff, this.random)));
      return;
    }
    if (err instanceof JsonRpcError && (err.code === -32005 || /rate|limit|too many/i.test(err.rpcMessage))) {
      ep.limiter.onCongestion(ticket);
      return;
    }
    if (err instanceof RpcTimeoutError) ep.limiter.onCongestion(ticket);
    if (ep.badUntil <= now) {
      this.logger?.warn({ chain: this.label, endpoint: ep.label, err: err.message }, 'RPC endpoint failing; avoided for a while');
    }
    ep.badUntil = now + this.badCooldownMs;
  }

  private hasReadyAlternative(failed: Endpoint): boolean {
    const now = this.now();
    return this.endpoints.some((e) => e !== failed && !e.disabled && e.badUntil <= now && e.pausedUntil <= now);
  }

  /**
   * Ready endpoints first (least loaded, URL order on ties), skipping the one that just failed;
   * then ones marked bad (earliest recovery first) since trying beats giving up; an endpoint
   * paused by Retry-After is waited for, never called early.
   */
  private async pickEndpoint(avoid: Endpoint | null, signal: AbortSignal): Promise<Endpoint> {
    for (;;) {
      const live = this.endpoints.filter((e) => !e.disabled);
      if (live.length === 0) {
        const why = (text: (e: Error) => string): string => `chain ${this.label}: no usable RPC URL: ${this.endpoints.map((e) => text(e.disabled!)).join('; ')}`;
        throw new NoEndpointError(why((e) => e.message), null, why(publicMessage));
      }
      const now = this.now();
      const unpaused = live.filter((e) => e.pausedUntil <= now);
      if (unpaused.length === 0) {
        const wait = Math.min(...live.map((e) => e.pausedUntil)) - now;
        await this.sleep(Math.max(1, Math.ceil(wait)), signal);
        continue;
      }
      const ready = unpaused.filter((e) => e.badUntil <= now);
      const pool = ready.length > 0 ? ready : unpaused;
      const preferred = pool.length > 1 && avoid ? pool.filter((e) => e !== avoid) : pool;
      let best = preferred[0];
      for (const e of preferred) {
        if (ready.length > 0 ? e.limiter.load < best.limiter.load : e.badUntil < best.badUntil) best = e;
      }
      if (this.expectedChainId !== undefined) {
        await this.verify(best, signal);
        if (best.disabled) continue;
      }
      return best;
    }
  }

  /** eth_chainId once per endpoint; a mismatch disables it, a transport failure is retried later. */
  private verify(ep: Endpoint, signal: AbortSignal): Promise<void> {
    if (this.expectedChainId === undefined) return Promise.resolve();
    const expected = this.expectedChainId;
    ep.verified ??= (async () => {
      // Shared by concurrent callers: the first caller's signal cancels it, and a cancelled
      // check is forgotten (below), so the next caller starts a fresh one.
      const outcome = await this.attempt(ep, [{ method: 'eth_chainId', params: [], validate: (r) => hexToNumber(r, 'chain id') }], [0], signal);
      if (outcome instanceof Error) throw outcome;
      const [o] = outcome;
      if (!o.ok) throw o.err;
      const found = o.value as number;
      if (found !== expected) {
        ep.disabled = new ChainIdMismatchError(this.label, ep, expected, found);
        ep.countError(ep.disabled);
        this.logger?.error({ chain: this.label, endpoint: ep.label, expected, found }, ep.disabled.message);
      }
    })().catch((err: unknown) => {
      ep.verified = null;
      throw err;
    });
    return ep.verified;
  }

  private async sleep(ms: number, signal: AbortSignal): Promise<void> {
    if (ms <= 0) return;
    try {
      await this.wait(ms, signal);
    } catch {
      throw this.aborted();
    }
  }
}

/**
 * One signal aborted by either input. Listeners are removed by `dispose`, so a long-lived
 * caller's signal does not collect one per request (AbortSignal.any keeps them until GC).
 */
export function linkSignals(a: AbortSignal, b: AbortSignal | undefined): { signal: AbortSignal; dispose: () => void } {
  if (!b) return { signal: a, dispose: () => undefined };
  const ac = new AbortController();
  const abort = (): void => ac.abort();
  // Every concurrent batch listens for a while; many at once is normal here, not a leak.
  setMaxListeners(0, a, b, ac.signal);
  if (a.aborted || b.aborted) ac.abort();
  a.addEventListener('abort', abort, { once: true });
  b.addEventListener('abort', abort, { once: true });
  return {
    signal: ac.signal,
    dispose: () => {
      a.removeEventListener('abort', abort);
      b.removeEventListener('abort', abort);
    },
  };
}

function describeParams(params: unknown[]): string {
  return params.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(', ');
}
