// `npm start` without a config file: the built-in devnet chains in a child process (so the devnet
// and the ingester each get a core), the service pointed at them, its own DuckDB file.
// The devnet's anchor (seed, liveSince) is kept beside the data so a restart serves the same
// chains and the stored data stays valid; an anchor older than MAX_ANCHOR_AGE starts afresh,
// because the live part since then (real block times) would be days of blocks to catch up.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAY_MS, HOUR_MS, type Clock } from '../clock.js';
import { writeDevnetAppFiles, type DevnetAppFiles } from '../devnet/app-files.js';
import { SIMULATED_NOTE } from '../devnet/chains.js';
import { startDevnetProcess, type DevnetProcess } from '../devnet/process.js';
import type { Logger } from '../log.js';
import type { AppConfig } from '../registry/app-config.js';

/** The start banner of `serve` without a config repeats it (src/cli/commands.ts). */
export { SIMULATED_NOTE };

export const MAX_ANCHOR_AGE_MS = 2 * DAY_MS;

// The default history of `npm start`: long enough for every series, change and summary up to
// 90 days, small enough that the first complete document set is served within 90 s of start on
// a 2-core machine (measured: 52 s with these values, 69 s with 1000 tx/day; the catch-up is
// bound by blocks per second, about 35 000 blocks per chain, more than by transactions).
// `chainlytics devnet` (the simulated chains alone) uses the same three defaults, so the history
// it prints a config for is the one `npm start` ingests.
export const DEFAULT_HISTORY_DAYS = 120;
export const DEFAULT_TX_PER_DAY = 600;
export const DEFAULT_SEED = 1;

export interface DevnetModeOptions {
  dataDir: string;
  clock: Clock;
  logger: Logger;
  seed?: number;
  historyDays?: number;
  txPerDay?: number;
}

interface Anchor {
  seed: number;
  liveSince: number;
  historyDays: number;
  txPerDay: number;
}

/**
 * The config sections of the application sources (labels, project directory) pointing at the
 * devnet's files: exactly the `labels` and `projects` keys of the config, so configure() can
 * merge them in as they are.
 */
export type DevnetAppSources = Pick<AppConfig, 'labels' | 'projects'>;

export interface DevnetMode {
  devnet: DevnetProcess;
  duckdbPath: string;
  /** Where the devnet's label CSV, project YAML folder and overlay were written. */
  appFiles: DevnetAppFiles;
  /** The same paths as config sections (also merged into configure()'s result). */
  appSources: DevnetAppSources;
  /** The base config with the devnet's chains, price feed and tvl/app revenue feed in it. */
  configure(base: AppConfig): AppConfig;
}

export async function startDevnetMode(opts: DevnetModeOptions): Promise<DevnetMode> {
  mkdirSync(opts.dataDir, { recursive: true });
  const anchorPath = join(opts.dataDir, 'devnet.json');
  const duckdbPath = join(opts.dataDir, 'devnet.duckdb');
  const wanted = { seed: opts.seed ?? DEFAULT_SEED, historyDays: opts.historyDays ?? DEFAULT_HISTORY_DAYS, txPerDay: opts.txPerDay ?? DEFAULT_TX_PER_DAY };
  const now = opts.clock.now();
  let anchor = readAnchor(anchorPath);
  const stale =
    !anchor ||
    now - anchor.liveSince * 1000 > MAX_ANCHOR_AGE_MS ||
    anchor.seed !== wanted.seed ||
    anchor.historyDays !== wanted.historyDays ||
    anchor.txPerDay !== wanted.txPerDay;
  if (stale) {
    if (anchor) opts.logger.info({ anchorPath }, 'devnet anchor is stale or settings changed: starting a fresh devnet history');
    for (const f of [duckdbPath, `${duckdbPath}.wal`]) rmSync(f, { force: true });
    anchor = { ...wanted, liveSince: Math.floor(Math.floor(now / HOUR_MS) * HOUR_MS) / 1000 };
    writeFileSync(anchorPath, JSON.stringify(anchor, null, 2) + '\n');
  }
  const a = anchor as Anchor;
  // Labels and a project directory for the simulated applications, rewritten on every start
  // (they do not depend on the seed) so a newer devnet's files replace an older one's.
  const appFiles = writeDevnetAppFiles(join(opts.dataDir, 'devnet-apps'));
  const appSources: DevnetAppSources = { labels: { files: [appFiles.labelsCsv], urls: [] }, projects: { dir: appFiles.projectsDir, overlay: appFiles.overlay } };
  const devnet = await startDevnetProcess({ seed: a.seed, liveSince: a.liveSince, historyDays: a.historyDays, txPerDay: a.txPerDay });
  // The chains carry the reference's keys (ethereum, base…) so its clients work unchanged; say
  // plainly, where the operator looks first, that nothing served is real chain data. A notice,
  // not a warning: nothing is wrong, and `serve`'s banner says the same.
  const keys = devnet.info.chains.map((c) => c.origin_key);
  opts.logger.info({ chains: keys }, `${SIMULATED_NOTE} Serving simulated devnet chains under the keys ${keys.join(', ')}; pass --config for real chains.`);
  return {
    devnet,
    duckdbPath,
    appFiles,
    appSources,
    configure: (base) => ({
      ...base,
      // The devnet's own label CSV and project directory (market data ids come from the overlay).
      ...appSources,
      source: `${base.source} + devnet`,
      data_dir: opts.dataDir,
      duckdb_path: duckdbPath,
      chains: devnet.chainConfigs(),
      prices: { ...base.prices, coingecko_url: devnet.info.priceUrl, coingecko_api_key: null, coingecko_api_key_env: null },
      // The same feed answers the DefiLlama-shaped tvl and app revenue of the chains' names.
      external: { ...base.external, defillama_url: devnet.info.priceUrl },
    }),
  };
}

function readAnchor(path: string): Anchor | null {
  if (!existsSync(path)) return null;
  try {
    const a = JSON.parse(readFileSync(path, 'utf8')) as Partial<Anchor>;
    if (typeof a.seed === 'number' && typeof a.liveSince === 'number' && typeof a.historyDays === 'number' && typeof a.txPerDay === 'number') {
      return a as Anchor;
    }
  } catch {
    // A corrupt anchor file is treated as none: the devnet history is rebuilt.
  }
  return null;
}
