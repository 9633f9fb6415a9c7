// Keeps the store's prices current from every configured source, each on its own terms: the
// CSV files are looked at every round (cheap, re-imported only when changed), the HTTP source
// at most every `intervalMs` and never while its circuit breaker is open. The HTTP sync can
// run in the background (`start`), so a slow or unreachable price API never lengthens a round;
// `changedSinceLastLook` tells the round that prices arrived and documents should be rebuilt.
import { SyncRecord } from '../sync-record.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { PriceRow } from '../../store/prices.js';
import type { Store } from '../../store/store.js';
import { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.js';
import type { CoinGeckoClient } from './coingecko-client.js';
import { PriceCsvFiles } from './csv-files.js';
import { syncPrices } from './sync.js';

export interface PriceUpdaterOptions {
  store: Store;
  /** null: no HTTP source configured. */
  client: CoinGeckoClient | null;
  /** Names the HTTP source in logs (no key: the key travels in a header, not the URL). */
  sourceName: string;
  csv: readonly string[];
  assets: readonly string[];
  clock: Clock;
  logger: Logger;
  /** Minimum time between two successful HTTP syncs. Default 10 min. */
  intervalMs?: number;
  /** Circuit breaker cool-downs of the HTTP source, and the monotonic clock they are timed on (tests). */
  breaker?: Pick<CircuitBreakerOptions, 'baseCooldownMs' | 'maxCooldownMs' | 'monotonic'>;
}

export class PriceUpdater {
  readonly breaker: CircuitBreaker;
  /** The HTTP syncs' outcomes, for /metrics. */
  readonly record = new SyncRecord();
  private readonly csv: PriceCsvFiles;
  private lastSync = -Infinity;
  private inFlight: Promise<void> | null = null;
  private arrived = false;

  constructor(private readonly opts: PriceUpdaterOptions) {
    this.breaker = new CircuitBreaker({ name: opts.sourceName, logger: opts.logger, ...opts.breaker });
    this.csv = new PriceCsvFiles(opts.csv, opts.logger);
  }

  /** Imports the CSV files that changed; returns their new or changed rows. */
  async refreshCsv(): Promise<PriceRow[]> {
    const r = await this.csv.refresh(this.opts.store);
    if (r.changed.length > 0) this.arrived = true;
    return r.changed;
  }

  /** True once after prices were written (by either source) since the previous call. */
  changedSinceLastLook(): boolean {
    const a = this.arrived;
    this.arrived = false;
    return a;
  }

  /** The HTTP sync in flight, if any (shutdown waits for it after aborting it). */
  get pending(): Promise<void> | null {
    return this.inFlight;
  }

  /**
   * Starts an HTTP sync if one is due and none is running; returns the running one (or a
   * resolved promise). Never rejects: failures are the breaker's and the log's business.
   */
  start(signal?: AbortSignal): Promise<void> {
    if (this.inFlight) return this.inFlight;
    const { client, clock } = this.opts;
    if (!client || signal?.aborted || !this.breaker.ready()) return Promise.resolve();
    if (clock.now() - this.lastSync < (this.opts.intervalMs ?? 10 * 60_000)) return Promise.resolve();
    this.inFlight = this.sync(client, signal).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async sync(client: CoinGeckoClient, signal: AbortSignal | undefined): Promise<void> {
    const { store, assets, clock, logger } = this.opts;
    try {
      const result = await syncPrices(store, client, assets, { clock, logger, breaker: this.breaker, signal });
      if (result.written.some((w) => w.rows > 0)) this.arrived = true;
      // Failed assets are retried next round, not after the full interval; an outage waits for
      // the breaker instead.
      if (!result.skipped && result.failed.length === 0) {
        this.lastSync = clock.now();
        this.record.succeeded(clock.now());
      } else if (result.failed.length > 0) this.record.failed();
    } catch (err) {
      if (signal?.aborted) return;
      this.record.failed();
      logger.error({ err: (err as Error).message }, 'price sync failed');
    }
  }
}
