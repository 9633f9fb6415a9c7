// A client for price APIs in the shape of CoinGecko's v3 API: `/api/v3/simple/price` and
// `/api/v3/coins/{id}/market_chart`. The base URL is configurable (CoinGecko, its Pro host, a
// compatible proxy, or the devnet's feed), the API key travels in a header, and transient
// failures (network errors, timeouts, 429, 5xx) are retried with backoff. Every call takes an
// optional AbortSignal that cancels the request in flight and the waits between retries.
import { z } from 'zod';
import { systemClock, type Clock } from '../../clock.js';
import { backoffDelay, parseRetryAfter, type BackoffOptions } from '../../rpc/backoff.js';

export interface CoinGeckoOptions {
  /** e.g. `https://api.coingecko.com`; a trailing `/api/v3` is accepted and ignored. */
  baseUrl: string;
  apiKey?: string;
  /**
   * Header carrying the key. Default: `x-cg-pro-api-key` for CoinGecko's Pro host
   * (pro-api.coingecko.com), `x-cg-demo-api-key` for any other.
   */
  apiKeyHeader?: string;
  /** Retries after the first attempt (default 4). */
  retries?: number;
  backoff?: BackoffOptions;
  /** Per-request deadline, ms (default 15 000). */
  timeoutMs?: number;
  /** Longest `Retry-After` honoured, ms (default 60 000): a server asking for more fails the call. */
  maxRetryAfterMs?: number;
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
}

export class PriceSourceError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PriceSourceError';
  }
}

const simplePriceSchema = z.record(z.string(), z.record(z.string(), z.number().nullable()));
const point = z.tuple([z.number(), z.number().nullable()]);
const marketChartSchema = z.object({ prices: z.array(point) });
// Market data reads all three series; a feed that leaves one out has no values for it.
const marketSeriesSchema = z.object({
  prices: z.array(point),
  market_caps: z.array(point).optional().default([]),
  total_volumes: z.array(point).optional().default([]),
});

/** The three series of `/coins/{id}/market_chart`, as `[unix ms, value | null]` points. */
export type MarketSeries = z.output<typeof marketSeriesSchema>;

export interface MarketChartQuery {
  /** Days back from now, or 'max'. CoinGecko answers hourly points for 2..90 days, daily beyond. */
  days: number | 'max';
  /** Ask for a fixed interval ('daily'); omitted = the API's automatic granularity. */
  interval?: 'daily' | 'hourly';
  vsCurrency?: string;
}

export class CoinGeckoClient {
  private readonly base: string;
  /** The header the API key is sent in. */
  readonly keyHeader: string;
  private readonly retries: number;
  private readonly backoff: BackoffOptions;
  private readonly timeoutMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly clock: Clock;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: CoinGeckoOptions) {
    let base: URL;
    try {
      base = new URL(opts.baseUrl);
    } catch {
      throw new Error(`price source: base URL is not a URL: ${JSON.stringify(opts.baseUrl)} (expected e.g. https://api.coingecko.com)`);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new Error(`price source: base URL must be http(s): ${opts.baseUrl}`);
    }
    this.base = base.toString().replace(/\/+$/, '').replace(/\/api\/v3$/, '');
    this.keyHeader = opts.apiKeyHeader ?? (base.hostname.startsWith('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key');
    this.retries = opts.retries ?? 4;
    this.backoff = opts.backoff ?? { baseMs: 500, maxMs: 15_000 };
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.maxRetryAfterMs = opts.maxRetryAfterMs ?? 60_000;
    this.clock = opts.clock ?? systemClock;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Current prices: `{ [id]: usd }`; ids the API does not know are absent from the answer. */
  async simplePrice(ids: readonly string[], vsCurrency = 'usd', signal?: AbortSignal): Promise<Record<string, number>> {
    if (ids.length === 0) return {};
    const body = await this.get('/api/v3/simple/price', { ids: ids.join(','), vs_currencies: vsCurrency }, signal);
    const parsed = simplePriceSchema.safeParse(body.json);
    if (!parsed.success) throw new PriceSourceError(`price source: unexpected /simple/price body from ${body.url}`, body.url, null);
    const out: Record<string, number> = {};
    for (const id of ids) {
      const v = parsed.data[id]?.[vsCurrency];
      if (typeof v === 'number' && Number.isFinite(v)) out[id] = v;
    }
    return out;
  }

  /** `[unix ms, price]` points of one coin; null prices (feed gaps) are dropped. */
  async marketChart(id: string, q: MarketChartQuery, signal?: AbortSignal): Promise<Array<[number, number]>> {
    const params: Record<string, string> = { vs_currency: q.vsCurrency ?? 'usd', days: String(q.days) };
    if (q.interval) params.interval = q.interval;
    const body = await this.get(`/api/v3/coins/${encodeURIComponent(id)}/market_chart`, params, signal);
    const parsed = marketChartSchema.safeParse(body.json);
    if (!parsed.success) {
      throw new PriceSourceError(`price source: unexpected /coins/${id}/market_chart body from ${body.url}: ${parsed.error.issues[0]?.message ?? ''}`, body.url, null);
    }
    return parsed.data.prices.filter((p): p is [number, number] => p[1] !== null);
  }

  /** All three series of one coin (price, market cap, volume), nulls kept as the feed's gaps. */
  async marketSeries(id: string, q: MarketChartQuery, signal?: AbortSignal): Promise<MarketSeries> {
    const params: Record<string, string> = { vs_currency: q.vsCurrency ?? 'usd', days: String(q.days) };
    if (q.interval) params.interval = q.interval;
    const body = await this.get(`/api/v3/coins/${encodeURIComponent(id)}/market_chart`, params, signal);
    const parsed = marketSeriesSchema.safeParse(body.json);
    if (!parsed.success) {
      throw new PriceSourceError(`price source: unexpected /coins/${id}/market_chart body from ${body.url}: ${parsed.error.issues[0]?.message ?? ''}`, body.url, null);
    }
    return parsed.data;
  }

  private async get(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<{ json: unknown; url: string }> {
    const url = `${this.base}${path}?${new URLSearchParams(params).toString()}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.opts.apiKey) headers[this.keyHeader] = this.opts.apiKey;
    let lastError: PriceSourceError | null = null;
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) {
        const asked = lastError instanceof RetryAfter ? lastError.retryAfterMs : null;
        await abortable(this.sleep(asked ?? backoffDelay(attempt, this.backoff)), signal);
      }
      signal?.throwIfAborted();
      let res: Response;
      try {
        const deadline = AbortSignal.timeout(this.timeoutMs);
        res = await fetch(url, { headers, signal: signal ? AbortSignal.any([deadline, signal]) : deadline });
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        const why = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : String((err as Error)?.cause ?? err);
        lastError = new PriceSourceError(`price source: ${url}: ${why}`, url, null);
        continue;
      }
      const text = await res.text().catch(() => '');
      if (res.status === 429) {
        const wait = parseRetryAfter(res.headers.get('retry-after') ?? undefined, this.clock.now());
        if (wait !== null && wait > this.maxRetryAfterMs) {
          throw new PriceSourceError(`price source: HTTP 429 from ${url}, Retry-After ${wait} ms exceeds ${this.maxRetryAfterMs} ms`, url, 429);
        }
        lastError = new RetryAfter(`price source: HTTP 429 from ${url}`, url, wait);
        continue;
      }
      if (res.status >= 500) {
        lastError = new PriceSourceError(`price source: HTTP ${res.status} from ${url}: ${text.slice(0, 200)}`, url, res.status);
        continue;
      }
      if (!res.ok) {
        // 4xx other than 429: a wrong id, key or parameter; retrying cannot help.
        const hint = res.status === 401 || res.status === 403 ? ' (check the API key and its header)' : '';
        throw new PriceSourceError(`price source: HTTP ${res.status} from ${url}${hint}: ${text.slice(0, 200)}`, url, res.status);
      }
      try {
        return { json: JSON.parse(text), url };
      } catch {
        lastError = new PriceSourceError(`price source: body from ${url} is not JSON: ${text.slice(0, 120)}`, url, res.status);
      }
    }
    throw new PriceSourceError(`${lastError?.message ?? 'price source failed'} (gave up after ${this.retries + 1} attempts)`, url, lastError?.status ?? null);
  }
}

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
