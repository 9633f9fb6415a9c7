// `chainlytics ingest`: the configured chains into the store, once up to their heads, or
// following the heads until the signal aborts.
import type { AppConfig } from '../registry/app-config.js';
import { openRuntime, type RunOptions } from './runtime.js';

export interface IngestOptions {
  follow: boolean;
  signal: AbortSignal;
  /**
   * Only these configured chains (origin_keys): several ingest processes, on one machine or
   * many, share the chains of one shared store (ClickHouse) between them (docs/scale.md).
   */
  chains?: readonly string[];
}

/** The configuration narrowed to `keys`; an unknown key is an error that lists the configured ones. */
export function onlyChains(config: AppConfig, keys: readonly string[] | undefined): AppConfig {
  if (keys === undefined) return config;
  const known = new Set(config.chains.map((c) => c.origin_key));
  const unknown = keys.filter((k) => !known.has(k));
  if (unknown.length > 0) throw new Error(`--chains: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not configured (configured: ${[...known].join(', ')})`);
  if (keys.length === 0) throw new Error('--chains: name at least one configured chain');
  const wanted = new Set(keys);
  return { ...config, chains: config.chains.filter((c) => wanted.has(c.origin_key)) };
}

/** ok is false when a chain failed to reach its head (a single pass only). */
export async function ingest(base: AppConfig, run: IngestOptions, opts: RunOptions = {}): Promise<{ ok: boolean }> {
  const rt = await openRuntime(onlyChains(base, run.chains), opts);
  try {
    if (run.follow) {
      await rt.service.ingestor.run(run.signal);
      return { ok: true };
    }
    const r = await rt.service.ingestor.syncOnce(run.signal);
    return { ok: r.ok };
  } finally {
    await rt.close();
  }
}
