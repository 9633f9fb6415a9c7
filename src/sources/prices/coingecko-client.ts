// A client for price APIs in the shape of CoinGecko's v3 API: `/api/v3/simple/price` and
// `/api/v3/coins/{id}/market_chart`. The base URL is configurable (CoinGecko, its Pro host, a
// compatible proxy, or the devnet's feed), the API key travels in a header, and transient
// failures (network errors, timeouts, 429, 5xx) are retried with backoff. Every call takes an
// optional AbortSignal that cancels the request in flight and the waits between retries.
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import { registerSecret } from '../../log/secrets.js';
import type { BackoffOptions } from '../../rpc/backoff.js';
import type { Sleep } from '../../timers.js';
import { getJson, PriceSourceError, type HttpJsonOptions } from '../http-json.js';

export { PriceSourceError };

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
  /** Largest answer read, bytes (default 16 MiB: max_answer_mb.prices). */
  maxAnswerBytes?: number;
  clock?: Clock;
  /** How the waits between retries wait. Default: a timer. */
  sleep?: Sleep;
  /** How a request's deadline waits (http-json.ts). Default: a timer. */
  deadline?: Sleep;
  /** Backoff jitter in [0, 1). Default Math.random. */
  random?: () => number;
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
  private readonly http: HttpJsonOptions;

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
    // Also when the client is made without the config loader (which registers it too): a 401
    // page echoing the key header then shows it nowhere.
    registerSecret(opts.apiKey);
    this.http = {
      label: 'price source',
      retries: opts.retries,
      backoff: opts.backoff,
      timeoutMs: opts.timeoutMs,
      maxRetryAfterMs: opts.maxRetryAfterMs,
      maxAnswerBytes: opts.maxAnswerBytes,
      maxAnswerKey: 'max_answer_mb.prices',
      clock: opts.clock,
      sleep: opts.sleep,
      deadline: opts.deadline,
      random: opts.random,
    };
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

  private get(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<{ json: unknown; url: string }> {
    const url = `${this.base}${path}?${new URLSearchParams(params).toString()}`;
    const headers: Record<string, string> = {};
    if (this.opts.apiKey) headers[this.keyHeader] = this.opts.apiKey;
    return getJson(url, this.http, signal, headers);
  }
}
