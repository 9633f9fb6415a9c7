// A client for the two per-chain series of DefiLlama-shaped APIs: historical TVL
// (`GET {base}/v2/historicalChainTvl/{chain}` → `[{date: unix s, tvl: usd}]`) and the fees
// overview (`GET {base}/overview/fees/{chain}` → `{totalDataChart: [[unix s, usd], ...]}`).
// Both become one USD value per UTC day. The base URL may carry a key in its path (DefiLlama's
// Pro host does), so errors name the request by the base's origin and the endpoint path only.
import { z } from 'zod';
import { DAY_MS, type Clock } from '../../clock.js';
import type { BackoffOptions } from '../../rpc/backoff.js';
import { getJson, PriceSourceError, type HttpJsonOptions } from '../http-json.js';

export type ExternalSeriesName = 'tvl' | 'app_revenue';

export interface DefiLlamaOptions {
  /** e.g. `https://api.llama.fi`. */
  baseUrl: string;
  retries?: number;
  backoff?: BackoffOptions;
  timeoutMs?: number;
  /** Largest answer read, bytes (default 16 MiB; the service passes max_answer_mb.external). */
  maxAnswerBytes?: number;
  clock?: Clock;
  /** How the waits between retries wait, and their jitter (tests). */
  sleep?: HttpJsonOptions['sleep'];
  random?: HttpJsonOptions['random'];
}

const tvlSchema = z.array(z.object({ date: z.number(), tvl: z.number().nullable() }));
const feesSchema = z.object({ totalDataChart: z.array(z.tuple([z.number(), z.number().nullable()])) });

/** One day's value of a series: day start (ms) and USD. */
export interface DayValue {
  day_ms: number;
  usd: number;
}

export class DefiLlamaClient {
  private readonly base: string;
  /** How logs and errors name the source: scheme, host and port (the path may hold a key). */
  readonly name: string;

  constructor(private readonly opts: DefiLlamaOptions) {
    let base: URL;
    try {
      base = new URL(opts.baseUrl);
    } catch {
      throw new Error(`external source: defillama_url is not a URL: ${JSON.stringify(opts.baseUrl)} (expected e.g. https://api.llama.fi)`);
    }
    this.base = base.toString().replace(/\/+$/, '');
    this.name = base.origin;
  }

  /** The chain's series, one value per day, ascending; points without a usable value are left out. */
  async series(series: ExternalSeriesName, chain: string, signal?: AbortSignal): Promise<DayValue[]> {
    const path = series === 'tvl' ? `/v2/historicalChainTvl/${encodeURIComponent(chain)}` : `/overview/fees/${encodeURIComponent(chain)}`;
    const shown = `${this.name}/…${path}`;
    let json: unknown;
    try {
      ({ json } = await getJson(`${this.base}${path}`, {
          label: 'external source',
          retries: this.opts.retries ?? 2,
          backoff: this.opts.backoff,
          timeoutMs: this.opts.timeoutMs,
          maxAnswerBytes: this.opts.maxAnswerBytes,
          maxAnswerKey: 'max_answer_mb.external',
          clock: this.opts.clock,
          sleep: this.opts.sleep,
          random: this.opts.random,
        }, signal));
    } catch (err) {
      if (!(err instanceof PriceSourceError)) throw err;
      // The full URL may hold a key: only its origin and the endpoint reach messages.
      throw new PriceSourceError(err.message.split(err.url).join(shown), shown, err.status);
    }
    const points = series === 'tvl' ? parse(tvlSchema, json, shown)?.map((p) => [p.date, p.tvl] as const) : parse(feesSchema, json, shown)?.totalDataChart;
    const days = new Map<number, number>();
    for (const [s, usd] of points ?? []) {
      // A null, negative or non-finite value is the feed's gap, not a value.
      if (!Number.isFinite(s) || usd === null || !Number.isFinite(usd) || usd < 0) continue;
      days.set(Math.floor((s * 1000) / DAY_MS) * DAY_MS, usd);
    }
    return [...days].sort((a, b) => a[0] - b[0]).map(([day_ms, usd]) => ({ day_ms, usd }));
  }
}

function parse<T>(schema: z.ZodType<T>, json: unknown, shown: string): T {
  const r = schema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new PriceSourceError(`external source: unexpected body from ${shown}: ${issue ? `${issue.path.join('.')}: ${issue.message}` : ''}`, shown, null);
  }
  return r.data;
}
