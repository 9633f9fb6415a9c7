// GET a JSON body from an HTTP data source (the price API, the external chain series): transient
// failures (network errors, timeouts, 429, 5xx, a body that is not JSON) are retried with
// backoff, a 4xx is final, and the optional AbortSignal cancels the request in flight and the
// waits between retries. The body is read up to `maxAnswerBytes` (rpc/capped-body.ts); a larger
// answer is final too (the same URL would send it again) and, like no answer at all, counts as
// the source failing. Error messages name the source by `label` and carry the URL as given:
// callers pass URLs without secrets (keys travel in headers). They quote a short excerpt of the
// answer (an error page can echo the key header) and pass the secret scrubber like RPC errors.
import { systemClock, type Clock } from '../clock.js';
import { scrubSecrets } from '../log/secrets.js';
import { upstreamExcerpt } from '../log/upstream-excerpt.js';
import { backoffDelay, parseRetryAfter, type BackoffOptions } from '../rpc/backoff.js';
import { announcedLength, AnswerTooLargeError, ERROR_PAGE_BYTES, MIB, readCappedBody } from '../rpc/capped-body.js';
import { systemSleep, type Sleep } from '../timers.js';

export interface HttpJsonOptions {
  /** Names the source in error messages, e.g. 'price source'. */
  label: string;
  /** Retries after the first attempt (default 4). */
  retries?: number;
  backoff?: BackoffOptions;
  /** Per-request deadline, ms (default 15 000). */
  timeoutMs?: number;
  /** Longest `Retry-After` honoured, ms (default 60 000): a server asking for more fails the call. */
  maxRetryAfterMs?: number;
  /** Largest answer read, bytes (default 16 MiB). */
  maxAnswerBytes?: number;
  /** The setting that raises it, named in the error (default `max_answer_mb`). */
  maxAnswerKey?: string;
  clock?: Clock;
  /** How the waits between retries wait. Default: a timer. */
  sleep?: Sleep;
  /** How a request's deadline (`timeoutMs`) waits; injectable so that tests fire or hold it. Default: a timer. */
  deadline?: Sleep;
  /** Backoff jitter in [0, 1). Default Math.random. */
  random?: () => number;
}

/** An HTTP data source's failure (named for the first source that used it); `status` null = no HTTP answer. */
export class PriceSourceError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status: number | null,
  ) {
    super(scrubSecrets(message));
    this.name = 'PriceSourceError';
  }
}

export async function getJson(url: string, opts: HttpJsonOptions, signal?: AbortSignal, extraHeaders: Record<string, string> = {}): Promise<{ json: unknown; url: string }> {
  const { label } = opts;
  const retries = opts.retries ?? 4;
  const backoff = opts.backoff ?? { baseMs: 500, maxMs: 15_000 };
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? 60_000;
  const maxAnswerBytes = opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const clock = opts.clock ?? systemClock;
  const sleep = opts.sleep ?? systemSleep;
  const wait = opts.deadline ?? systemSleep;
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  let lastError: PriceSourceError | null = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) {
      const asked = lastError instanceof RetryAfter ? lastError.retryAfterMs : null;
      await abortable(sleep(asked ?? backoffDelay(attempt, backoff, opts.random), signal), signal);
    }
    signal?.throwIfAborted();
    let res: Response;
    // Aborted when the body passes its cap: fetch then closes the connection.
    const request = new AbortController();
    // The deadline covers the answer's headers and body; `ended` stops its wait once both are in.
    const deadline = new AbortController();
    const ended = new AbortController();
    wait(timeoutMs, ended.signal).then(
      () => deadline.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')),
      () => undefined,
    );
    try {
      res = await fetch(url, { headers, signal: AbortSignal.any([deadline.signal, request.signal, ...(signal ? [signal] : [])]) });
    } catch (err) {
      ended.abort();
      if (signal?.aborted) throw signal.reason;
      const why = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String((err as Error)?.cause ?? err);
      lastError = new PriceSourceError(`${label}: ${url}: ${why}`, url, null);
      continue;
    }
    let text = '';
    try {
      // An error page is quoted (200 characters), not parsed: its start is enough.
      const cap = res.ok ? maxAnswerBytes : Math.min(maxAnswerBytes, ERROR_PAGE_BYTES);
      if (res.body) text = (await readCappedBody(res.body, { cap, announced: announcedLength(res.headers.get('content-length')), abort: () => request.abort() })).toString('utf8');
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (err instanceof AnswerTooLargeError && res.ok) {
        throw new PriceSourceError(`${label}: ${err.explain(url, opts.maxAnswerKey ?? 'max_answer_mb')}`, url, null);
      }
      // A body cut short (deadline, reset) or a huge error page: handled by its status below.
    } finally {
      ended.abort();
    }
    if (res.status === 429) {
      const wait = parseRetryAfter(res.headers.get('retry-after') ?? undefined, clock.now());
      if (wait !== null && wait > maxRetryAfterMs) {
        throw new PriceSourceError(`${label}: HTTP 429 from ${url}, Retry-After ${wait} ms exceeds ${maxRetryAfterMs} ms`, url, 429);
      }
      lastError = new RetryAfter(`${label}: HTTP 429 from ${url}`, url, wait);
      continue;
    }
    if (res.status >= 500) {
      lastError = new PriceSourceError(`${label}: HTTP ${res.status} from ${url}: ${upstreamExcerpt(text)}`, url, res.status);
      continue;
    }
    if (!res.ok) {
      // 4xx other than 429: a wrong id, key or parameter; retrying cannot help.
      const hint = res.status === 401 || res.status === 403 ? ' (check the API key and its header)' : '';
      throw new PriceSourceError(`${label}: HTTP ${res.status} from ${url}${hint}: ${upstreamExcerpt(text)}`, url, res.status);
    }
    try {
      return { json: JSON.parse(text), url };
    } catch {
      lastError = new PriceSourceError(`${label}: body from ${url} is not JSON: ${upstreamExcerpt(text, 120)}`, url, res.status);
    }
  }
  throw new PriceSourceError(`${lastError?.message ?? `${label} failed`} (gave up after ${retries + 1} attempts)`, url, lastError?.status ?? null);
}

const DEFAULT_MAX_ANSWER_BYTES = 16 * MIB;

/** Waits for `p` unless `signal` aborts first (then rejects with its reason). */
function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

class RetryAfter extends PriceSourceError {
  constructor(
    message: string,
    url: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message, url, 429);
  }
}
