// Keeps the store's tvl and app_revenue days (METRICS.md section 2) filled from their sources:
// a DefiLlama-shaped API (fetched at most every `intervalMs`, behind a circuit breaker) and the
// operator's CSV files (re-read every run; a CSV row wins over the API's value of its day).
// A complete day of a chain with a source that has no value for it (feed down, a CSV missing
// the day, a hole in the feed's series) is stored as a gap with its reason: logged once when
// it appears, shown by /healthz and the build report, published as null, never as 0. The gap
// is cleared when a value arrives.
import { SyncRecord } from '../sync-record.js';
import { DAY_MS, type Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { Chain } from '../../registry/types.js';
import type { Store } from '../../store/store.js';
import { PriceSourceError } from '../http-json.js';
import { CircuitBreaker } from '../prices/circuit-breaker.js';
import type { DayValue, DefiLlamaClient, ExternalSeriesName } from './defillama-client.js';
import { readExternalCsv, type ExternalCsvRow } from './external-csv.js';

export const EXTERNAL_SERIES: readonly ExternalSeriesName[] = ['tvl', 'app_revenue'];

export interface ExternalSourcesOptions {
  client: DefiLlamaClient | null;
  csv: Record<ExternalSeriesName, readonly string[]>;
  clock: Clock;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** Minimum time between two API fetches. Default 1 hour (the data is daily). */
  intervalMs?: number;
  breaker?: { baseCooldownMs?: number; maxCooldownMs?: number };
}

export interface ExternalRunReport {
  /** Stored values or gaps changed: documents must be rebuilt. */
  changed: boolean;
  /** Days that became gaps in this run. */
  new_gaps: number;
}

type SeriesChain = Pick<Chain, 'origin_key' | 'defillama'>;

export class ExternalSources {
  private lastFetch = -Infinity;
  /** The API's answer of the last fetch per `series|origin_key`: its days, or why it failed. */
  private readonly fetched = new Map<string, DayValue[] | { error: string }>();
  /** The last problem logged per CSV file, so an unchanged bad file is logged once. */
  private readonly csvLogged = new Map<string, string>();
  readonly breaker: CircuitBreaker;
  /** The API fetches' outcomes, for /metrics. */
  readonly record = new SyncRecord();

  constructor(private readonly opts: ExternalSourcesOptions) {
    this.breaker = new CircuitBreaker({ name: opts.client?.name ?? 'external source', ...opts.breaker });
  }

  async run(store: Store, chains: readonly SeriesChain[], signal?: AbortSignal): Promise<ExternalRunReport> {
    const report: ExternalRunReport = { changed: false, new_gaps: 0 };
    const today = Math.floor(this.opts.clock.now() / DAY_MS) * DAY_MS;
    await this.fetchApi(chains, signal);
    for (const series of EXTERNAL_SERIES) {
      const csv = await this.readCsv(series);
      for (const chain of chains) {
        const r = await this.storeChain(store, series, chain, csv, today);
        report.changed ||= r.changed;
        report.new_gaps += r.new_gaps;
      }
    }
    return report;
  }

  private async fetchApi(chains: readonly SeriesChain[], signal: AbortSignal | undefined): Promise<void> {
    const { client, clock } = this.opts;
    if (!client || signal?.aborted || !this.breaker.ready()) return;
    if (clock.now() - this.lastFetch < (this.opts.intervalMs ?? 3_600_000)) return;
    let outage: string | null = null;
    for (const series of EXTERNAL_SERIES) {
      for (const chain of chains) {
        if (chain.defillama === null) continue;
        const key = `${series}|${chain.origin_key}`;
        // Once the source as a whole failed, the chains not asked yet share its reason.
        if (outage !== null) {
          this.fetched.set(key, { error: outage });
          continue;
        }
        try {
          this.fetched.set(key, await client.series(series, chain.defillama, signal));
          this.breaker.succeeded();
        } catch (err) {
          if (signal?.aborted) return;
          const message = (err as Error).message;
          this.fetched.set(key, { error: message });
          // A chain the API does not know (4xx) is that chain's problem; anything else the source's.
          if (err instanceof PriceSourceError && (err.status === null || err.status === 429 || err.status >= 500)) {
            this.breaker.failed(err);
            outage = message;
          }
        }
      }
    }
    if (outage === null) {
      this.lastFetch = clock.now();
      this.record.succeeded(clock.now());
    } else this.record.failed();
  }

  /** The series' CSV rows by chain; a file with errors is logged (once per problem) and skipped. */
  private async readCsv(series: ExternalSeriesName): Promise<Map<string, ExternalCsvRow[]>> {
    const out = new Map<string, ExternalCsvRow[]>();
    for (const file of this.opts.csv[series]) {
      let rows: ExternalCsvRow[];
      try {
        rows = await readExternalCsv(file);
        this.csvLogged.delete(file);
      } catch (err) {
        const message = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        if (this.csvLogged.get(file) !== message) this.opts.logger.error({ file, series, err: message }, `${series} CSV not used: nothing is taken from it until it is fixed`);
        this.csvLogged.set(file, message);
        continue;
      }
      for (const r of rows) out.set(r.origin_key, [...(out.get(r.origin_key) ?? []), r]);
    }
    return out;
  }

  private async storeChain(store: Store, series: ExternalSeriesName, chain: SeriesChain, csv: Map<string, ExternalCsvRow[]>, today: number): Promise<ExternalRunReport> {
    const ok = chain.origin_key;
    const api = this.opts.client && chain.defillama !== null ? this.fetched.get(`${series}|${ok}`) : undefined;
    const fromCsv = csv.get(ok);
    // A chain no source covers has no such metric: no values, no gaps.
    if (!(this.opts.client && chain.defillama !== null) && !fromCsv) return { changed: false, new_gaps: 0 };
    const chainDays = await store.blockPeriods(ok, 'daily', today);
    const firstChainDay = chainDays[0];
    if (firstChainDay === undefined) return { changed: false, new_gaps: 0 };
    const incoming = new Map<number, number>();
    for (const v of Array.isArray(api) ? api : []) incoming.set(v.day_ms, v.usd);
    for (const r of fromCsv ?? []) incoming.set(r.day_ms, r.usd);
    const stored = new Map((await store.readExternalValues(ok, series)).map((v) => [v.day_ms, v.usd]));
    const writes = [...incoming].filter(([day, usd]) => day >= firstChainDay && day < today && stored.get(day) !== usd).map(([day_ms, usd]) => ({ origin_key: ok, series, day_ms, usd }));
    if (writes.length > 0) await store.writeExternalValues(writes);
    for (const w of writes) stored.set(w.day_ms, w.usd);

    // Gaps: the chain's complete days from the series' first value (or the chain's first day,
    // when there is none yet) on, without a value.
    const have = [...stored.keys()].filter((d) => d >= firstChainDay);
    const from = have.length > 0 ? Math.min(...have) : firstChainDay;
    const reason =
      api && !Array.isArray(api) ? `the ${series} source failed: ${api.error}` : fromCsv && !api ? `no row for the day in the ${series} CSV files` : `the ${series} source has no value for the day`;
    const missing = chainDays.filter((d) => d >= from && !stored.has(d));
    const known = new Map((await store.readSampleGaps([ok])).filter((g) => g.source === series).map((g) => [g.day_ms, g.reason]));
    const missingSet = new Set(missing);
    const cleared = [...known.keys()].filter((d) => !missingSet.has(d));
    const fresh = missing.filter((d) => !known.has(d));
    // A known gap keeps its first reason: rewriting it each run would be a change every run.
    if (fresh.length > 0 || cleared.length > 0) {
      await store.writeSampleGaps(ok, series, fresh.map((day_ms) => ({ day_ms, reason })), cleared);
    }
    if (fresh.length > 0) {
      this.opts.logger.warn(
        { origin_key: ok, metric: series, days: fresh.length, first: isoDay(fresh[0]!), last: isoDay(fresh.at(-1)!), reason },
        `${series}: no value for these days; the metric shows them empty (never 0) until a value arrives`,
      );
    }
    return { changed: writes.length > 0 || fresh.length > 0 || cleared.length > 0, new_gaps: fresh.length };
  }
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
