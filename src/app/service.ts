// The one place that knows every stage. It moves data one way, in rounds:
//   ingest (catch up every chain) → prices → facts (dirty hours only) → documents → swap the
//   served DocumentSet.
// A round that finds nothing new to publish keeps the served set as it is. The HTTP server
// only ever sees the DocumentHolder, never the store.
import { hourStart, type Clock } from '../clock.js';
import { buildAllDocuments } from '../documents/build-all.js';
import type { BuildReport } from '../documents/build-report.js';
import { buildDocumentSet, type DocumentInput, type DocumentSet } from '../documents/document-set.js';
import { Ingestor, type ChainProgress, type IngestorOptions } from '../ingest/ingestor.js';
import type { Logger } from '../log.js';
import { scrubSecrets } from '../log/secrets.js';
import { computeFacts, type FactsReport } from '../metrics/compute-facts.js';
import { PriceGapLog } from '../metrics/price-gap-log.js';
import type { AppConfig } from '../registry/app-config.js';
import { DocumentHolder } from '../server/document-holder.js';
import type { HealthInfo } from '../server/health.js';
import { openApiDocument } from '../documents/openapi.js';
import { CoinGeckoClient } from '../sources/prices/coingecko-client.js';
import { importPriceCsvFile } from '../sources/prices/csv-import.js';
import { assetsFor, syncPrices } from '../sources/prices/sync.js';
import type { Store } from '../store/store.js';
import { StoreUnreadableError } from '../store/store-unreadable.js';

export interface ServiceOptions {
  config: AppConfig;
  store: Store;
  clock: Clock;
  logger: Logger;
  /** Called with every progress snapshot (the terminal bars / log lines). */
  onProgress?: (p: ChainProgress) => void;
  /** Pause between rounds once caught up. Default 5 s. */
  roundIntervalMs?: number;
  /** Minimum time between two price syncs. Default 10 min. */
  priceIntervalMs?: number;
  /** RPC client settings (timeouts, attempts, backoff); tests shorten them. */
  rpc?: IngestorOptions['rpc'];
}

export interface RoundResult {
  ingested_ok: boolean;
  facts: FactsReport;
  /** Set when this round published a new document set. */
  build: BuildReport | null;
  documents: number;
}

export class Service {
  readonly holder = new DocumentHolder();
  readonly ingestor: Ingestor;
  private readonly prices: CoinGeckoClient | null;
  private lastPriceSync = -Infinity;
  private lastBuild: { at: number; hour: number } | null = null;
  private csvImported = false;
  /** Price gaps already logged: each is logged once per change, not every round. */
  private readonly priceGapLog = new PriceGapLog();
  /** Each chain's checkpoint and its block time as stored at start (see restore). */
  private readonly stored = new Map<string, { block: number; time_s: number | null }>();
  /** Set when the store file proved damaged; the service stops and /healthz says so. */
  private storeError: StoreUnreadableError | null = null;

  constructor(private readonly opts: ServiceOptions) {
    const { config, store, clock, logger } = opts;
    this.ingestor = new Ingestor({
      store,
      chains: config.chains,
      clock,
      logger: logger.child({ stage: 'ingest' }),
      retentionDays: config.retention_days,
      onProgress: opts.onProgress,
      rpc: opts.rpc,
    });
    this.prices = config.prices.coingecko_url
      ? new CoinGeckoClient({ baseUrl: config.prices.coingecko_url, apiKey: config.prices.coingecko_api_key ?? undefined, clock })
      : null;
  }

  /**
   * Reads what the store already holds (each chain's checkpoint and its block time), so that
   * /healthz reports the stored state after a restart before, or without, anything new being
   * ingested. Reading it at start also finds a damaged file before the server says anything.
   */
  async restore(): Promise<void> {
    const { config, store } = this.opts;
    for (const chain of config.chains) {
      const cp = await store.getCheckpoint(chain.origin_key);
      if (!cp) continue;
      this.stored.set(chain.origin_key, { block: cp.block_number, time_s: await store.blockTimeAtOrBelow(chain.origin_key, cp.block_number) });
    }
  }

  /** One pass over every stage. Publishes a new set when facts changed or an hour completed. */
  async round(signal?: AbortSignal): Promise<RoundResult> {
    const { config, store, clock, logger } = this.opts;
    const sync = await this.ingestor.syncOnce(signal);
    await this.syncPrices();
    const facts = await computeFacts(store, config.chains, clock, { logger: logger.child({ stage: 'facts' }), priceGapLog: this.priceGapLog });
    const changed = facts.chains.some((c) => c.hours_computed > 0 || c.days_computed > 0);
    const hour = hourStart(clock.now());
    if (!changed && this.lastBuild && this.lastBuild.hour === hour) {
      return { ingested_ok: sync.ok, facts, build: null, documents: this.holder.current()?.entries.size ?? 0 };
    }
    const { set, report } = await this.build();
    this.holder.swap(set);
    this.lastBuild = { at: set.builtAt, hour };
    logger.info({ documents: set.entries.size, degraded: report.degraded.length, ms: report.elapsed_ms }, 'document set published');
    return { ingested_ok: sync.ok, facts, build: report, documents: set.entries.size };
  }

  /** Builds every document from the stored facts (no ingestion). */
  async build(): Promise<{ set: DocumentSet; report: BuildReport }> {
    const { config, store, clock, logger } = this.opts;
    const built = await buildAllDocuments(store, config.chains, clock, { logger: logger.child({ stage: 'documents' }) });
    const inputs: DocumentInput[] = [...built.inputs, openApiDocument(config.server.public_base_url)];
    return { set: buildDocumentSet(inputs, clock.now()), report: built.report };
  }

  /** Rounds until aborted; an error in one round is logged and the next round tries again. */
  async run(signal: AbortSignal): Promise<void> {
    const interval = this.opts.roundIntervalMs ?? 5_000;
    while (!signal.aborted) {
      try {
        await this.round(signal);
      } catch (err) {
        if (err instanceof StoreUnreadableError) {
          // Retrying cannot help: every round would fail on the same bytes. Stop with the file
          // named and what to do; /healthz says the same until the process is stopped.
          this.storeError = err;
          this.opts.logger.fatal({ file: err.path }, err.message);
          throw err;
        }
        if (signal.aborted) break;
        this.opts.logger.error({ err }, 'round failed; retrying');
      }
      await sleepUnless(interval, signal);
    }
  }

  health(): HealthInfo {
    const now = this.opts.clock.now();
    return {
      last_build_at: this.lastBuild?.at ?? null,
      ...(this.storeError ? { store_error: this.storeError.message } : {}),
      chains: this.ingestor.progress().map((p) => {
        // Until this process writes a block, the stored checkpoint is the chain's state: a
        // restart with nothing new to ingest is caught up, not "nothing ingested yet".
        const stored = this.stored.get(p.origin_key);
        const lastBlock = p.last_block ?? stored?.block ?? null;
        const lastTime = p.last_block_time ?? (stored && stored.block === lastBlock ? stored.time_s : null);
        const lag = lastTime === null ? null : Math.max(0, Math.round(now / 1000 - lastTime));
        const degraded = p.state === 'error' || lag === null || lag > 3 * 3600;
        return {
          origin_key: p.origin_key,
          head_block: p.head,
          last_ingested_block: lastBlock,
          last_ingested_block_time: lastTime === null ? null : lastTime * 1000,
          lag_seconds: lag,
          status: degraded ? 'degraded' : 'ok',
          // progress errors are public texts already (labels, no upstream bytes); scrubbing again
          // keeps a future message that forgets it from putting a ${NAME} value on /healthz.
          ...(p.error ? { message: scrubSecrets(p.error) } : lag === null ? { message: 'nothing ingested yet' } : {}),
        };
      }),
    };
  }

  async close(): Promise<void> {
    await this.ingestor.close();
  }

  private async syncPrices(): Promise<void> {
    const { config, store, clock, logger } = this.opts;
    if (!this.csvImported) {
      for (const file of config.prices.csv) {
        const n = await importPriceCsvFile(store, file);
        logger.info({ file, rows: n }, 'price CSV imported');
      }
      this.csvImported = true;
    }
    if (!this.prices || clock.now() - this.lastPriceSync < (this.opts.priceIntervalMs ?? 10 * 60_000)) return;
    const result = await syncPrices(store, this.prices, assetsFor(config.chains), { clock, logger: logger.child({ stage: 'prices' }) });
    // Failed assets are retried next round, not after the full interval.
    if (result.failed.length === 0) this.lastPriceSync = clock.now();
  }
}

function sleepUnless(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
