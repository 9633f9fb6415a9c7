// `chainlytics serve`: the service's rounds behind the HTTP server, listening on the configured
// port. Returns once listening; the caller runs the rounds until it aborts, then closes.
import { Registry } from 'prom-client';
import { loadDashboard } from '../dashboard/assets.js';
import type { AppConfig } from '../registry/app-config.js';
import type { DocumentHolder } from '../server/document-holder.js';
import { createHttpServer } from '../server/http-server.js';
import type { Store } from '../store/store.js';
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
}

export async function serve(base: AppConfig, opts: ServeOptions = {}): Promise<Serving> {
  // Read before anything starts: a checkout without a build fails here, at once.
  const staticFiles = await loadDashboard();
  const rt = await openRuntime(base, opts);
  const { config, service } = rt;
  const server = { ...config.server, access_log: accessLogWanted(opts.accessLog, config.server.access_log) };
  // The server's request metrics and the service's own (chains, RPC, rounds, sources) on one /metrics.
  const registry = new Registry();
  registerServiceMetrics(registry, service, rt.clock);
  const http = createHttpServer({ holder: service.holder, clock: rt.clock, config: server, health: () => service.health(), pendingChains: () => service.pendingChains(), logger: rt.logger, staticFiles, registry });
  let listening: string;
  try {
    listening = await http.listen(config.server.port, config.server.host);
  } catch (err) {
    await http.close().catch(() => {});
    await rt.close();
    throw err;
  }
  return {
    config,
    base: listening,
    holder: service.holder,
    store: rt.store,
    run: (signal) => service.run(signal),
    print: printAbove,
    async close() {
      await http.close();
      await rt.close();
    },
  };
}
