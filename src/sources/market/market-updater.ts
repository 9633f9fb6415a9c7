// Runs the market-data sync in the background, at most every `intervalMs`, never while the
// (shared) circuit breaker is open, so a slow API never lengthens a publishing round. The ids
// are asked for at each sync: the project directory may have gained a token since the last.
import { SyncRecord } from '../sync-record.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { LabelStore } from '../../store/labels.js';
import type { CircuitBreaker } from '../prices/circuit-breaker.js';
import type { CoinGeckoClient } from '../prices/coingecko-client.js';
import { syncMarketData } from './sync-market.js';

export interface MarketUpdaterOptions {
  store: LabelStore;
  client: CoinGeckoClient | null;
  breaker: CircuitBreaker;
  /** The configured ids plus the project directory's (read from the store). */
  ids: () => Promise<string[]>;
  clock: Clock;
  logger: Pick<Logger, 'warn' | 'error'>;
  historyDays?: number;
  /** Minimum time between two complete syncs. Default 1 hour (the data is daily). */
  intervalMs?: number;
}

export class MarketUpdater {
  private lastSync = -Infinity;
  /** The syncs' outcomes, for /metrics. */
  readonly record = new SyncRecord();
  private inFlight: Promise<void> | null = null;
  private arrived = false;

  constructor(private readonly opts: MarketUpdaterOptions) {}

  get pending(): Promise<void> | null {
    return this.inFlight;
  }

  /** True once after market data was written since the previous call. */
  changedSinceLastLook(): boolean {
    const a = this.arrived;
    this.arrived = false;
    return a;
  }

  /** Starts a sync if one is due; never rejects. */
  start(signal?: AbortSignal): Promise<void> {
    if (this.inFlight) return this.inFlight;
    const { client, clock, breaker } = this.opts;
    if (!client || signal?.aborted || !breaker.ready()) return Promise.resolve();
    if (clock.now() - this.lastSync < (this.opts.intervalMs ?? 3_600_000)) return Promise.resolve();
    this.inFlight = this.sync(client, signal).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async sync(client: CoinGeckoClient, signal: AbortSignal | undefined): Promise<void> {
    const { store, breaker, clock, logger } = this.opts;
    try {
      const ids = await this.opts.ids();
      if (ids.length === 0) return;
      const r = await syncMarketData(store, client, ids, { clock, logger, breaker, signal, historyDays: this.opts.historyDays });
      if (r.written.some((w) => w.days > 0)) this.arrived = true;
      // An id the API does not know (4xx) waits for the interval like the others: retrying it
      // every round would rewrite every other id's days, and rebuild documents, each round.
      if (!r.skipped && !r.outage) {
        this.lastSync = clock.now();
        this.record.succeeded(clock.now());
      } else if (r.outage) this.record.failed();
    } catch (err) {
      if (signal?.aborted) return;
      this.record.failed();
      logger.error({ err: (err as Error).message }, 'market data sync failed');
    }
  }
}
