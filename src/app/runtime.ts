// What every long-running entry point (serve, build, ingest) opens and closes in the same order:
// the devnet chains when no config file gave chains, the store, the progress output and the
// Service over them. Kept in one place so that a new entry point cannot forget a close.
import { systemClock, type Clock } from '../clock.js';
import { createProgressReporter } from '../ingest/progress-reporter.js';
import { createLogger, logFormat, type Logger } from '../log.js';
import type { AppConfig } from '../registry/app-config.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { startDevnetMode } from './devnet-mode.js';
import { Service, type ServiceOptions } from './service.js';

/** Thrown by every entry point when the store file is damaged; the CLI prints its message. */
export { StoreUnreadableError } from '../store/store-unreadable.js';
/** Thrown by every entry point when the store cannot write (full disk, read-only, permission, I/O); the CLI prints its message. */
export { StorageFaultError } from '../store/storage-fault.js';
/** Thrown by serve and build when the dashboard's files were never built (dist/web/); the CLI prints its message. */
export { DashboardNotBuiltError } from '../dashboard/assets.js';

/** The built-in devnet chains instead of config.chains (`chainlytics` without --config). */
export interface DevnetChoice {
  seed?: number;
  historyDays?: number;
  txPerDay?: number;
}

export interface RunOptions {
  /** Set: start the devnet in a child process and run against its chains and price feed. */
  devnet?: DevnetChoice | null;
  clock?: Clock;
  /** Default: the process's logger (src/log.ts: the format and level the command chose). */
  logger?: Logger;
  /**
   * Round pace, first-set wait, RPC and price-source timings (tests shorten them), and how the
   * rounds and the clients wait (tests hold the waits and fire them).
   */
  timing?: Pick<ServiceOptions, 'roundIntervalMs' | 'priceIntervalMs' | 'firstSetWaitMs' | 'priceBreaker' | 'priceClient' | 'rpc' | 'sleep' | 'monotonic'>;
  /** Who hears of stored blocks and new prices besides the rounds: the live stream of `serve`. */
  live?: Pick<ServiceOptions, 'blocks' | 'onPrices'>;
}

export interface Runtime {
  /** The config the service runs with (the devnet's chains and store file in devnet mode). */
  config: AppConfig;
  store: Store;
  service: Service;
  clock: Clock;
  logger: Logger;
  close(): Promise<void>;
}

export async function openRuntime(base: AppConfig, opts: RunOptions = {}): Promise<Runtime> {
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? createLogger();
  let config = base;
  let closeDevnet = async (): Promise<void> => {};
  if (opts.devnet) {
    logger.info('no --config given: starting the built-in devnet chains');
    const mode = await startDevnetMode({ dataDir: base.data_dir, clock, logger, ...opts.devnet });
    config = mode.configure(base);
    closeDevnet = () => mode.devnet.close();
  }
  let store: Store;
  try {
    store = await openStore(config.store.engine === 'duckdb' ? { engine: 'duckdb', path: config.duckdb_path } : config.store);
  } catch (err) {
    await closeDevnet();
    throw err;
  }
  // Bars on stderr when it is a terminal, unless JSON log lines go to that same terminal: they
  // would be written across the bars, so progress is then logged as lines too.
  const bars = process.stderr.isTTY === true && !(logFormat() === 'json' && process.stdout.isTTY === true);
  const reporter = createProgressReporter({ logger, bars, chains: config.chains.map((c) => c.origin_key) });
  // In devnet mode the price feed is the simulated one: its gaps are not an operator's problem.
  const simulatedPrices = Boolean(opts.devnet);
  const service = new Service({ ...opts.timing, ...opts.live, config, store, clock, logger, simulatedPrices, onProgress: (p) => reporter.update(p) });
  try {
    await service.restore();
  } catch (err) {
    // A store that cannot be read stops the entry point here, with the file named.
    reporter.stop();
    await service.close();
    await store.close();
    await closeDevnet();
    throw err;
  }
  return {
    config,
    store,
    service,
    clock,
    logger,
    async close() {
      reporter.stop();
      await service.close();
      await store.close();
      await closeDevnet();
    },
  };
}
