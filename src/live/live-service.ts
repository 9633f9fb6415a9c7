// The live stream as `serve` runs it: the stored highs read, the last minutes of stored blocks
// replayed, the newest prices loaded, document swaps followed, a tick every second, and at
// shutdown every stream told to come back and the highs saved.
import { join } from 'node:path';
import type { Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { AppConfig } from '../registry/app-config.js';
import type { DocumentHolder } from '../server/document-holder.js';
import type { RootRoutes } from '../server/root-routes.js';
import type { Store } from '../store/store.js';
import { systemSleep, type Sleep } from '../timers.js';
import { ATH_FILE, readStoredHighs } from './ath-file.js';
import { replayStoredBlocks } from './cold-start.js';
import { LiveHub } from './live-hub.js';
import { registerLiveMetrics } from './live-metrics.js';
import { liveRoutes } from './live-routes.js';
import { loadLatestPrices } from './prices.js';

export interface LiveServiceOptions {
  config: Pick<AppConfig, 'chains' | 'live' | 'server' | 'data_dir'>;
  store: Store;
  holder: DocumentHolder;
  clock: Clock;
  registry: Registry;
  /** How the tick loop waits; default a timer. */
  sleep?: Sleep;
  random?: () => number;
  logger?: Logger;
}

export interface LiveService {
  hub: LiveHub;
  routes: RootRoutes;
  /** Reads the newest stored prices (after a price sync). */
  refreshPrices(): Promise<void>;
  /** Ticks until `signal` aborts. */
  run(signal: AbortSignal): Promise<void>;
  /** Tells every stream to come back later, closes them and saves the highs. */
  shutdown(): Promise<void>;
}

export async function startLive(o: LiveServiceOptions): Promise<LiveService> {
  const { config, store, clock } = o;
  const highsFile = join(config.data_dir, ATH_FILE);
  const stallMs = config.server.connections.write_stall_seconds * 1000;
  const hub = new LiveHub({
    chains: config.chains.map((c) => ({ origin_key: c.origin_key, name: c.name, gas_token: c.gas_token })),
    settings: config.live,
    stallMs,
    clock,
    highs: await readStoredHighs(highsFile),
    highsFile,
    random: o.random,
    onHighsError: (err) => o.logger?.warn({ file: highsFile, err: err.message }, 'the live all-time highs could not be written; kept in memory, tried again'),
  });
  const assets = config.chains.map((c) => c.gas_token);
  const refreshPrices = (): Promise<void> => loadLatestPrices(store, assets, hub.state.prices);
  // The stream starts without what the store cannot give now (a ClickHouse node down at start):
  // serve still answers the documents, the windows fill as blocks are ingested, prices follow the next sync.
  try {
    await refreshPrices();
    await replayStoredBlocks(store, hub.state, clock.now(), config.live.replay_ms);
  } catch (err) {
    o.logger?.warn({ err: (err as Error).message }, 'the live stream starts without the stored blocks of the last minutes: the store could not be read');
  }
  hub.tick();
  const unsubscribe = o.holder.onSwap(hub.swapped);
  registerLiveMetrics(o.registry, hub.streams);
  return {
    hub,
    routes: liveRoutes({ hub, settings: config.live, clock, trustProxy: config.server.trust_proxy, stallMs }),
    refreshPrices,
    run: (signal) => hub.run(signal, o.sleep ?? systemSleep),
    async shutdown() {
      unsubscribe();
      await hub.shutdown();
    },
  };
}
