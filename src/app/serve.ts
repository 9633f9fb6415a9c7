// `chainlytics serve`: the service's rounds behind the HTTP server, listening on the configured
// port. Returns once listening; the caller runs the rounds until it aborts, then closes.
import { Registry } from 'prom-client';
import { loadDashboard } from '../dashboard/assets.js';
import type { AppConfig } from '../registry/app-config.js';
import type { DocumentHolder } from '../server/document-holder.js';
import { createHttpServer } from '../server/http-server.js';
import type { BlockListener } from '../ingest/ingestor.js';
import { startLive, type LiveService } from '../live/live-service.js';
import type { Store } from '../store/store.js';
import type { Sleep } from '../timers.js';
import { printAbove } from '../log/live-block.js';
import { accessLogWanted } from './logging.js';
import { openRuntime, type RunOptions } from './runtime.js';
import { registerServiceMetrics } from './service-metrics.js';

export interface Serving {
  /** The config served (the devnet's chains in devnet mode). */
  config: AppConfig;
  /** What the server listens on, e.g. http://0.0.0.0:8080. */
  base: string;
  /** The served document set; onSwap tells when the first one is ready. */
  holder: DocumentHolder;
  /** The store the rounds read and write (tests look at it; the server never does). */
  store: Store;
  /** The live stream (/events, /api/, /health; docs/live.md). */
  live: LiveService;
  /** Ingest → facts → documents rounds until `signal` aborts. */
  run(signal: AbortSignal): Promise<void>;
  /** Writes text for the person at the terminal on stdout (above the progress bars while they are shown). */
  print(text: string): void;
  /** Stops the server, then the service, the store and the devnet. */
  close(): Promise<void>;
}

export interface ServeOptions extends RunOptions {
  /** --access-log / --no-access-log; unset: accessLogWanted decides (off on a terminal). */
  accessLog?: boolean;
  /** How the live stream's tick loop waits (tests hold it and tick by hand). */
  liveSleep?: Sleep;
}

export async function serve(base: AppConfig, opts: ServeOptions = {}): Promise<Serving> {
  // Read before anything starts: a checkout without a build fails here, at once.
  const staticFiles = await loadDashboard();
  // Ingestion is told of stored blocks from its first write; the live stream exists a moment later.
  let live: LiveService | undefined;
  const blocks: BlockListener = {
    written: (k, batch) => live?.hub.written(k, batch),
    rolledBack: (k, from) => live?.hub.rolledBack(k, from),
  };
  const rt = await openRuntime(base, { ...opts, live: { blocks, onPrices: async () => live?.refreshPrices() } });
  const { config, service } = rt;
  const server = { ...config.server, access_log: accessLogWanted(opts.accessLog, config.server.access_log) };
  // The server's request metrics and the service's own (chains, RPC, rounds, sources) on one /metrics.
  const registry = new Registry();
  registerServiceMetrics(registry, service, rt.clock);
  try {
    live = await startLive({ config, store: rt.store, holder: service.holder, clock: rt.clock, registry, sleep: opts.liveSleep, logger: rt.logger.child({ stage: 'live' }) });
  } catch (err) {
    await rt.close();
    throw err;
  }
  const liveService = live;
  const http = createHttpServer({
    holder: service.holder,
    clock: rt.clock,
    config: server,
    health: () => service.health(),
    pendingChains: () => service.pendingChains(),
    logger: rt.logger,
    staticFiles,
    registry,
    rootRoutes: liveService.routes,
  });
  let listening: string;
  try {
    listening = await http.listen(config.server.port, config.server.host);
  } catch (err) {
    await http.close().catch(() => {});
    await rt.close();
    throw err;
  }
  const ticking = new AbortController();
  const liveLoop = liveService.run(ticking.signal);
  return {
    config,
    base: listening,
    holder: service.holder,
    store: rt.store,
    live: liveService,
    run: (signal) => service.run(signal),
    print: printAbove,
    async close() {
      ticking.abort();
      await liveLoop;
      await liveService.shutdown();
      await http.close();
      await rt.close();
    },
  };
}
