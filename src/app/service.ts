// The one place that knows every stage. It moves data one way, in rounds:
//   ingest (catch up every chain) → prices → facts (dirty hours only) → documents → swap the
//   served DocumentSet.
// A round that finds nothing new to publish keeps the served set as it is. The HTTP server
// only ever sees the DocumentHolder, never the store.
//
// `round()` runs those steps one after the other (the build command, tests). `run()` (serve)
// lets nothing wait on a slow source: every chain ingests in its own loop, the HTTP price
// source syncs in the background behind a circuit breaker, and the publishing rounds compute
// facts and build documents from whatever is stored, on their own schedule (every
// `roundIntervalMs`, and right after each hour boundary). The first set waits for every
// chain's first pass, but at most `firstSetWaitMs`; a chain still stuck then follows later.
import { performance } from 'node:perf_hooks';
import { HOUR_MS, hourStart, type Clock } from '../clock.js';
import { AppDetailsCache } from '../documents/apps/app-details-cache.js';
import { AppFactsCache } from '../documents/apps/app-facts-cache.js';
import { DailyFactsCache } from '../documents/daily-facts-cache.js';
import { HourlyUnionCache } from '../documents/metric-detail/hourly-union-cache.js';
import { MetricDetailPartsCache } from '../documents/metric-detail/metric-detail-parts-cache.js';
import { ExportBytesCache } from '../documents/flat-exports/export-bytes-cache.js';
import { BlockspaceChainCache } from '../documents/blockspace/blockspace-chain-cache.js';
import { ChainOverviewCache } from '../documents/chain-overview/overview-cache.js';
import { RawWindowMemo } from '../documents/raw-window-memo.js';
import { RoundStats } from './round-stats.js';
import { ChainReadiness } from './chain-readiness.js';
import { buildAllDocuments } from '../documents/build-all.js';
import type { BuildReport } from '../documents/build-report.js';
import { buildDocumentSetAsync, LARGE_BODY, type DocumentInput, type DocumentSet } from '../documents/document-set.js';
import { Ingestor, type ChainProgress, type IngestorOptions } from '../ingest/ingestor.js';
import type { Logger } from '../log.js';
import { scrubSecrets } from '../log/secrets.js';
import { computeFacts, type FactsReport } from '../metrics/compute-facts.js';
import { PriceGapLog } from '../metrics/price-gap-log.js';
import type { AppConfig } from '../registry/app-config.js';
import { publishedBaseUrl } from '../registry/server-settings.js';
import { DocumentHolder } from '../server/document-holder.js';
import type { DataGap, HealthInfo, StoreFault } from '../server/health.js';
import type { PendingChain } from '../server/pending-chain.js';
import type { Chain } from '../registry/types.js';
import { StablecoinSampler } from '../sources/stablecoins/supply-sampler.js';
import { DefiLlamaClient } from '../sources/external/defillama-client.js';
import { ExternalSources } from '../sources/external/external-sync.js';
import { dataGapsByChain } from '../metrics/data-gaps.js';
import { openApiDocument } from '../documents/openapi.js';
import { reconvertChangedPrices } from '../metrics/reconvert-money.js';
import { LabelSources } from '../sources/labels/label-sources.js';
import { MarketUpdater } from '../sources/market/market-updater.js';
import { CoinGeckoClient, type CoinGeckoOptions } from '../sources/prices/coingecko-client.js';
import { ProjectSource } from '../sources/projects/project-source.js';
import { PriceUpdater } from '../sources/prices/price-updater.js';
import { assetsFor } from '../sources/prices/sync.js';
import type { Store } from '../store/store.js';
import { StoreUnreadableError } from '../store/store-unreadable.js';
import { StorageFaultError } from '../store/storage-fault.js';
import { systemSleep, type Sleep } from '../timers.js';
import { MIB } from '../rpc/capped-body.js';
import { backfillOf, syncProgress } from './sync-progress.js';
import { FirstBlockMemo } from '../documents/provenance/first-block-memo.js';
import type { ProvenanceInputs } from '../documents/provenance/provenance-inputs.js';

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
  /** run(): how long the first document set waits for every chain's first pass. Default 30 s. */
  firstSetWaitMs?: number;
  /** Cool-downs of the price source's circuit breaker. Default 30 s doubling up to 30 min. */
  priceBreaker?: { baseCooldownMs?: number; maxCooldownMs?: number };
  /** Price client settings (timeouts, retries; how its retries wait); tests shorten them. */
  priceClient?: Pick<CoinGeckoOptions, 'timeoutMs' | 'retries' | 'backoff' | 'sleep' | 'deadline' | 'random'>;
  /**
   * How run() waits: the first set's deadline and the pause between rounds. Injectable so that
   * tests assert the waits requested and fire them. Default: a timer.
   */
  sleep?: Sleep;
  /** What ingestion measures intervals on (write grouping, progress rates and ETAs); default performance.now. */
  monotonic?: IngestorOptions['monotonic'];
  /**
   * The price feed is the built-in devnet's: its gaps (hours the simulated feed has no price
   * for) are a property of the simulation, logged at debug instead of as warnings.
   */
  simulatedPrices?: boolean;
  /**
   * Default true: keep the application detail documents' serialized daily parts between rounds
   * (documents/apps/app-details-cache.ts), the chains' daily facts (documents/daily-facts-cache.ts),
   * the metric detail documents' daily pieces (metric-detail/metric-detail-parts-cache.ts) and the
   * flat exports' files (documents/flat-exports/export-bytes-cache.ts),
   * and compress documents of LARGE_BODY bytes or more
   * when first requested (documents/lazy-variants.ts). False: every part made and every document
   * compressed in every round, as before (bench:volume measures both, BENCH_DOC_PARTS=0).
   */
  incrementalDocuments?: boolean;
  /** Told of every stored batch and rollback: the live stream's windows (src/live). */
  blocks?: IngestorOptions['blocks'];
  /** Called after each publishing round read new prices (and at the first): the live stream's conversion. */
  onPrices?: () => Promise<void>;
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
  readonly prices: PriceUpdater;
  // Application sources: labels and the project directory are re-read when they change (like
  // the price CSV files), market data syncs in the background behind the price breaker.
  readonly labels: LabelSources;
  readonly projects: ProjectSource | null;
  readonly market: MarketUpdater;
  private appSourcesChanged = false;
  private lastBuild: { at: number; hour: number } | null = null;
  /** Price gaps already logged: each is logged once per change, not every round. */
  private readonly priceGapLog: PriceGapLog;
  /** Each chain's checkpoint and its block time as stored at start (see restore). */
  private readonly stored = new Map<string, { block: number; time_s: number | null }>();
  /** Set when the store file proved damaged; the service stops and /healthz says so. */
  private storeError: StoreUnreadableError | null = null;
  /** Set while publishing rounds fail because the store cannot write; /healthz says so. */
  private storeFault: StoreFault | null = null;
  /** eth_call sampling of the chains' stablecoin supplies (stables_mcap). */
  readonly stablecoins: StablecoinSampler;
  /** tvl and app_revenue from the DefiLlama-shaped API and the operator's CSV files. */
  readonly external: ExternalSources;
  private dataGaps = new Map<string, DataGap[]>();
  /** The application facts of the last build: a round reads only what changed since (documents/apps/app-facts-cache.ts). */
  private readonly appCache = new AppFactsCache();
  /** The application details' serialized daily parts of the last build (documents/apps/app-details-cache.ts); undefined when turned off. */
  private readonly appDetailsCache: AppDetailsCache | undefined;
  /** The chains' daily facts, the metric details' serialized daily pieces, the flat exports' files, the blockspace chain documents and the chain overviews of the last build; undefined when turned off. */
  private readonly factsCache: DailyFactsCache | undefined;
  private readonly metricPartsCache: MetricDetailPartsCache | undefined;
  private readonly exportCache: ExportBytesCache | undefined;
  private readonly blockspaceCache: BlockspaceChainCache | undefined;
  private readonly overviewCache: ChainOverviewCache | undefined;
  private readonly unionCache = new HourlyUnionCache();
  private readonly rawMemo = new RawWindowMemo();
  private readonly firstBlocks = new FirstBlockMemo();
  /** Which chains have a complete day stored, and so are published. */
  private readonly readiness = new ChainReadiness();
  /** How many chains the served set publishes (a chain joining makes a new set). */
  private publishedChains = 0;
  private noneReadyLogged = false;
  /** The live stream has been given the stored prices once (later only when they change). */
  private livePricesRead = false;
  /** What the publishing rounds did (/metrics). */
  readonly roundStats = new RoundStats();

  constructor(private readonly opts: ServiceOptions) {
    const { config, store, clock, logger } = opts;
    this.priceGapLog = new PriceGapLog(opts.simulatedPrices === true ? 'debug' : 'warn');
    const incremental = opts.incrementalDocuments !== false;
    this.appDetailsCache = incremental ? new AppDetailsCache() : undefined;
    this.factsCache = incremental ? new DailyFactsCache() : undefined;
    this.metricPartsCache = incremental ? new MetricDetailPartsCache() : undefined;
    this.exportCache = incremental ? new ExportBytesCache() : undefined;
    this.blockspaceCache = incremental ? new BlockspaceChainCache() : undefined;
    this.overviewCache = incremental ? new ChainOverviewCache() : undefined;
    const caps = config.max_answer_mb;
    // Every RPC client of a chain (ingestion, the stablecoin sampler) reads at most this per request.
    const rpc = { maxAnswerBytes: caps.rpc * MIB, ...opts.rpc };
    this.ingestor = new Ingestor({
      store,
      chains: config.chains,
      clock,
      logger: logger.child({ stage: 'ingest' }),
      retentionDays: config.retention_days,
      // run() polls each chain at the round pace, as the rounds did before chains had loops.
      pollIntervalMs: opts.roundIntervalMs ?? 5_000,
      onProgress: opts.onProgress,
      monotonic: opts.monotonic,
      rpc,
      blocks: opts.blocks,
    });
    const url = config.prices.coingecko_url;
    const client = url ? new CoinGeckoClient({ ...opts.priceClient, baseUrl: url, apiKey: config.prices.coingecko_api_key ?? undefined, maxAnswerBytes: caps.prices * MIB, clock }) : null;
    this.prices = new PriceUpdater({
      store,
      client,
      sourceName: url ? sourceName(url) : 'none',
      csv: config.prices.csv,
      assets: assetsFor(config.chains),
      clock,
      logger: logger.child({ stage: 'prices' }),
      intervalMs: opts.priceIntervalMs,
      breaker: opts.priceBreaker,
    });
    const appLogger = logger.child({ stage: 'app-sources' });
    this.stablecoins = new StablecoinSampler({ clock, logger: logger.child({ stage: 'stablecoins' }), rpc });
    const llama = config.external.defillama_url;
    this.external = new ExternalSources({
      client: llama ? new DefiLlamaClient({ ...opts.priceClient, baseUrl: llama, maxAnswerBytes: caps.external * MIB, clock }) : null,
      csv: { tvl: config.external.tvl_csv, app_revenue: config.external.app_revenue_csv },
      clock,
      logger: logger.child({ stage: 'external' }),
      breaker: opts.priceBreaker,
    });
    this.labels = new LabelSources({ ...config.labels, chains: config.chains, clock, logger: appLogger, maxAnswerBytes: caps.labels * MIB });
    this.projects = config.projects ? new ProjectSource(config.projects, appLogger) : null;
    this.market = new MarketUpdater({
      store,
      client,
      breaker: this.prices.breaker,
      // Chain tokens (market_cap, fdv), extra ids, then the project directory's tokens.
      ids: async () => [
        ...new Set([
          ...config.chains.flatMap((c) => (c.token ? [c.token.market_data_id] : [])),
          ...config.market_data.ids,
          ...(await store.readProjects()).flatMap((p) => (p.market_data_id ? [p.market_data_id] : [])),
        ]),
      ],
      clock,
      logger: appLogger,
      historyDays: config.market_data.history_days,
    });
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

  /**
   * One pass over every stage, each awaited: every chain up to its head, the price sync, then
   * publish. Publishes a new set when facts or prices changed or an hour completed.
   */
  async round(signal?: AbortSignal): Promise<RoundResult> {
    const sync = await this.ingestor.syncOnce(signal);
    return { ingested_ok: sync.ok, ...(await this.roundWithoutChains(signal)) };
  }

  /**
   * A round without chain ingestion: prices and application sources, then facts and documents
   * from the blocks stored. The builder of a distributed deployment (`build --no-ingest`) runs
   * this over a shared store that other processes ingest into (docs/scale.md).
   */
  async roundWithoutChains(signal?: AbortSignal): Promise<Omit<RoundResult, 'ingested_ok'>> {
    await this.prices.start(signal);
    // Labels and projects first: the market data ids come from the project directory.
    await this.labels.fetchUrls(signal);
    await this.importAppSources();
    await this.market.start(signal);
    return this.publish();
  }

  /**
   * Facts from whatever is stored, then documents: waits on no chain and no price API (a
   * store write in progress is the longest wait). CSV files are re-read here when changed.
   */
  private async publish(): Promise<Omit<RoundResult, 'ingested_ok'>> {
    const { config, store, clock, logger } = this.opts;
    const stats = this.roundStats;
    const started = stats.begin();
    const { pricesChanged, appChanged } = await stats.time('sources', async () => {
      const csvChanged = await this.prices.refreshCsv();
      // A corrected CSV price must reach periods already converted with the old one.
      await reconvertChangedPrices(store, config.chains, csvChanged);
      // Read before the facts: prices landing while they are computed count for the next round.
      const pricesChanged = this.prices.changedSinceLastLook();
      if (pricesChanged || !this.livePricesRead) await this.opts.onPrices?.();
      this.livePricesRead = true;
      await this.importAppSources();
      const appChanged = this.market.changedSinceLastLook() || this.appSourcesChanged;
      this.appSourcesChanged = false;
      return { pricesChanged, appChanged };
    });
    // Supplies of the days completed since the last round (a gap is logged by the sampler).
    const sampled = await stats.time('stablecoins', () => this.stablecoins.run(store, config.chains));
    // tvl and app_revenue days (an API fetch at most hourly, behind its breaker; CSVs each round).
    const external = await stats.time('external', () => this.external.run(store, config.chains));
    await this.refreshDataGaps();
    const facts = await stats.time('facts', () => computeFacts(store, config.chains, clock, { logger: logger.child({ stage: 'facts' }), priceGapLog: this.priceGapLog }));
    // Only chains whose first complete day is stored are published (app/chain-readiness.ts).
    const ready = await this.readiness.refresh(store, config.chains);
    const joined = ready.length !== this.publishedChains;
    if (ready.length === 0) {
      if (!this.noneReadyLogged) logger.info({ chains: config.chains.map((c) => c.origin_key) }, 'no chain has a complete day stored yet; the first document set waits for one');
      this.noneReadyLogged = true;
      return { facts, build: null, documents: this.holder.current()?.entries.size ?? 0 };
    }
    const changed =
      joined ||
      pricesChanged || appChanged || external.changed || sampled.some((s) => s.days_sampled > 0 || s.new_gaps > 0) || facts.chains.some((c) => c.hours_computed > 0 || c.days_computed > 0);
    const hour = hourStart(clock.now());
    if (!changed && this.lastBuild && this.lastBuild.hour === hour) {
      return { facts, build: null, documents: this.holder.current()?.entries.size ?? 0 };
    }
    const { set, report } = await this.build(ready);
    this.publishedChains = ready.length;
    this.holder.swap(set);
    stats.recordPublished(started, set.builtAt, set.entries.size, report.degraded.length);
    this.lastBuild = { at: set.builtAt, hour };
    logger.info({ documents: set.entries.size, degraded: report.degraded.length, ms: report.elapsed_ms }, 'document set published');
    return { facts, build: report, documents: set.entries.size };
  }

  /** Labels and the project directory, re-imported when changed; remembered until published. */
  private async importAppSources(): Promise<void> {
    const { store } = this.opts;
    const labels = await this.labels.refresh(store);
    const projects = (await this.projects?.refresh(store)) ?? null;
    if (labels !== null || projects !== null) this.appSourcesChanged = true;
  }

  /**
   * Builds every document from the stored facts (no ingestion). Documents whose bytes equal the
   * served set's keep its compressed variants; the others are compressed off the event loop.
   */
  async build(readyChains?: Chain[]): Promise<{ set: DocumentSet; report: BuildReport }> {
    const { config, store, clock, logger } = this.opts;
    const chains = readyChains ?? (await this.readiness.refresh(store, config.chains));
    if (chains.length === 0) throw new Error('no chain has a complete day stored yet: nothing to publish. Let ingestion run past the end of its first day (chainlytics ingest shows the progress), then build again.');
    const built = await this.roundStats.time('documents', () =>
      buildAllDocuments(store, chains, clock, { logger: logger.child({ stage: 'documents' }), appCache: this.appCache, appDetailsCache: this.appDetailsCache, factsCache: this.factsCache, metricPartsCache: this.metricPartsCache, exportCache: this.exportCache, blockspaceCache: this.blockspaceCache, overviewCache: this.overviewCache, unionCache: this.unionCache, rawMemo: this.rawMemo, provenance: this.provenanceInputs() }),
    );
    const inputs: DocumentInput[] = [...built.inputs, openApiDocument(publishedBaseUrl(config.server))];
    // Large documents get their compressed variants when first requested, not every round: the
    // cost of an hour then follows what changed and what clients read (docs/scale.md).
    const lazy = this.opts.incrementalDocuments === false ? {} : { lazyAbove: LARGE_BODY };
    const set = await this.roundStats.time('compress', () => buildDocumentSetAsync(inputs, clock.now(), { previous: this.holder.current(), ...lazy }));
    return { set, report: built.report };
  }

  /** What provenance (/provenance.json) reads of this process: the nodes' heads, backfills, the sources' last syncs. */
  private provenanceInputs(): ProvenanceInputs {
    const lag = new Map(this.opts.config.chains.map((c) => [c.origin_key, c.finality_lag]));
    return {
      chains: new Map(this.ingestor.progress().map((p) => [p.origin_key, { head: p.head, backfill: backfillOf(p, lag.get(p.origin_key) ?? 0) }])),
      sources: {
        prices: this.prices.record.snapshot().last_success_ms,
        market_data: this.market.record.snapshot().last_success_ms,
        labels: this.labels.record.snapshot().last_success_ms,
        external: this.external.record.snapshot().last_success_ms,
      },
      sampled: this.stablecoins.lastSuccess,
      firstBlocks: this.firstBlocks,
    };
  }

  /**
   * Until aborted: chains ingest in their own loops, prices sync in the background, and a
   * publishing round runs every `roundIntervalMs` and just after each hour boundary. An error
   * in one round is logged and the next round tries again. Aborting cancels the RPC and price
   * requests in flight; this returns once the loops have stopped.
   */
  async run(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.opts;
    const interval = this.opts.roundIntervalMs ?? 5_000;
    const ingesting = this.ingestor.run(signal);
    this.prices.start(signal);
    // The first set: every chain's first pass, or the deadline, whichever comes first.
    const waited = performance.now();
    const passed = new AbortController(); // ends the deadline's wait once every chain has passed
    await Promise.race([this.ingestor.firstPasses(signal), this.sleepUnless(this.opts.firstSetWaitMs ?? 30_000, AbortSignal.any([signal, passed.signal]))]);
    passed.abort();
    const late = this.ingestor.awaitingFirstPass();
    if (!signal.aborted && late.length > 0) {
      logger.warn({ chains: late, waited_ms: Math.round(performance.now() - waited) }, 'first document set built without chains still catching up; their documents follow');
    }
    while (!signal.aborted) {
      try {
        this.prices.start(signal);
        this.market.start(signal);
        await this.publish();
        if (this.storeFault) logger.info({ since: this.storeFault.since }, 'the store takes writes again; publishing resumed');
        this.storeFault = null;
      } catch (err) {
        if (err instanceof StoreUnreadableError) {
          // Retrying cannot help: every round would fail on the same bytes. Stop with the file
          // named and what to do; /healthz says the same until the process is stopped.
          this.storeError = err;
          this.opts.logger.fatal({ file: err.path }, err.message);
          throw err;
        }
        if (signal.aborted) break;
        this.roundStats.failures++;
        if (err instanceof StorageFaultError) this.noteStoreFault(err);
        else logger.error({ err }, 'round failed; retrying');
      }
      // Wake just after the hour turns, so the roll-over is published within moments.
      const toNextHour = hourStart(clock.now()) + HOUR_MS - clock.now() + HOUR_EDGE_MS;
      await this.sleepUnless(Math.min(interval, Math.max(MIN_PAUSE_MS, toNextHour)), signal);
    }
    await ingesting;
    await this.prices.pending;
    await this.market.pending;
    await this.labels.pending;
  }

  /**
   * A round the store could not write: the set served stays (publish swaps only a complete new
   * one) and the next round tries again, since the operator can fix the cause while we run.
   * Logged when it starts or changes kind, not every round.
   */
  private noteStoreFault(err: StorageFaultError): void {
    if (this.storeFault?.kind !== err.kind) {
      this.opts.logger.error({ kind: err.kind, store: err.where }, err.message);
    }
    this.storeFault = { kind: err.kind, message: scrubSecrets(err.message), since: this.storeFault?.kind === err.kind ? this.storeFault.since : this.opts.clock.now() };
  }

  health(): HealthInfo {
    const now = this.opts.clock.now();
    return {
      last_build_at: this.lastBuild?.at ?? null,
      ...(this.storeError ? { store_error: this.storeError.message } : {}),
      ...(this.storeFault ? { store_fault: this.storeFault } : {}),
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
          ...(this.dataGaps.has(p.origin_key) ? { data_gaps: this.dataGaps.get(p.origin_key) } : {}),
          progress: syncProgress(p),
        };
      }),
    };
  }

  /**
   * Chains not published yet because their first complete day is not stored, with their
   * ingestion progress: the server answers their documents 503 not_ready with it.
   */
  pendingChains(): Map<string, PendingChain> {
    return new Map(
      this.ingestor
        .progress()
        .filter((p) => !this.readiness.isReady(p.origin_key))
        .map((p) => [p.origin_key, { blocks_done: p.blocks_done, blocks_total: p.blocks_total, eta_s: p.eta_s }]),
    );
  }

  /** The store's current write fault, if rounds are failing on it (/metrics). */
  get currentStoreFault(): StoreFault | null {
    return this.storeFault;
  }

  /** Closes the RPC connections, cancelling requests still in flight. */
  async close(): Promise<void> {
    await this.ingestor.close();
    await this.stablecoins.close();
  }

  /** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
  private async sleepUnless(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    await (this.opts.sleep ?? systemSleep)(ms, signal).catch(() => undefined);
  }

  /** Reads the stored sample gaps for /healthz (health() itself cannot wait on the store). */
  private async refreshDataGaps(): Promise<void> {
    const { config, store } = this.opts;
    this.dataGaps = dataGapsByChain(await store.readSampleGaps(config.chains.map((c) => c.origin_key)));
  }
}

/** How long after the hour the round wakes: the clock has surely turned by then. */
const HOUR_EDGE_MS = 50;
/** Shortest pause between rounds (a clock standing still just before the hour, in tests). */
const MIN_PAUSE_MS = 200;

/** The price source as logs name it: scheme, host and port only (a path may hold a key). */
function sourceName(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'price source';
  }
}
