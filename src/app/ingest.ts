// `chainlytics ingest`: the configured chains into the store, once up to their heads, or
// following the heads until the signal aborts.
import type { AppConfig } from '../registry/app-config.js';
import { openRuntime, type RunOptions } from './runtime.js';

export interface IngestOptions {
  follow: boolean;
  signal: AbortSignal;
}

/** ok is false when a chain failed to reach its head (a single pass only). */
export async function ingest(base: AppConfig, run: IngestOptions, opts: RunOptions = {}): Promise<{ ok: boolean }> {
  const rt = await openRuntime(base, opts);
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
