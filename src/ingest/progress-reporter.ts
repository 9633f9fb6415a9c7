// Shows ChainProgress to a person: one cli-progress bar per chain on a terminal, throttled
// pino log lines otherwise (a service's logs, CI). Pass `update` as the Ingestor's onProgress.
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import type { Logger } from 'pino';
import type { ChainProgress } from './progress.js';

export interface ProgressReporter {
  update(p: ChainProgress): void;
  stop(): void;
}

export interface ProgressReporterOptions {
  logger: Logger;
  /** Where bars are drawn; default process.stderr. Bars only when it is a TTY. */
  stream?: NodeJS.WriteStream;
  /** Minimum ms between two log lines of one chain (state changes are logged at once). Default 10 000. */
  logIntervalMs?: number;
}

export function formatEta(s: number | null): string {
  if (s === null) return '?';
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export function createProgressReporter(opts: ProgressReporterOptions): ProgressReporter {
  const stream = opts.stream ?? process.stderr;
  return stream.isTTY ? barReporter(stream) : logReporter(opts.logger, opts.logIntervalMs ?? 10_000);
}

function barReporter(stream: NodeJS.WriteStream): ProgressReporter {
  const multi = new cliProgress.MultiBar(
    {
      stream,
      format: '{chain} |{bar}| {value}/{total} blocks | {tps} tx/s | ETA {eta_text} | {state}',
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, cliProgress.SingleBar>();
  const width = 12;
  return {
    update(p) {
      const payload = {
        chain: p.origin_key.padEnd(width).slice(0, width),
        tps: Math.round(p.tx_per_s),
        // Not `eta`: cli-progress fills that name with its own estimate.
        eta_text: formatEta(p.eta_s),
        state: p.error ? `error: ${p.error.slice(0, 60)}` : p.state,
      };
      let bar = bars.get(p.origin_key);
      if (!bar) {
        bar = multi.create(Math.max(1, p.blocks_total), p.blocks_done, payload);
        bars.set(p.origin_key, bar);
      }
      bar.setTotal(Math.max(1, p.blocks_total));
      bar.update(p.blocks_done, payload);
    },
    stop() {
      multi.stop();
    },
  };
}

/**
 * A chain that has caught up flips to 'syncing' for a moment whenever its head moves and back to
 * 'following' once the new blocks are stored. Within this many blocks of the head, such a flip is
 * not a change worth a line of its own; a real fall-behind (a stall, a restart far back) is.
 */
export const FOLLOW_LAG_BLOCKS = 64;
export const FOLLOWING_LOG_INTERVAL_MS = 60_000;

function logReporter(logger: Logger, intervalMs: number): ProgressReporter {
  const last = new Map<string, { at: number; phase: string; caughtUp: boolean }>();
  return {
    update(p) {
      const now = performance.now();
      const prev = last.get(p.origin_key);
      const caughtUp = (prev?.caughtUp ?? false) || p.state === 'following';
      const nearHead = p.blocks_total - p.blocks_done <= FOLLOW_LAG_BLOCKS;
      const phase = caughtUp && p.state === 'syncing' && nearHead ? 'following' : p.state;
      // A chain at its head has nothing new to say often: one line a minute at most.
      const every = phase === 'following' ? Math.max(intervalMs, FOLLOWING_LOG_INTERVAL_MS) : intervalMs;
      if (prev && prev.phase === phase && now - prev.at < every) {
        prev.caughtUp = caughtUp;
        return;
      }
      last.set(p.origin_key, { at: now, phase, caughtUp });
      const fields = {
        chain: p.origin_key,
        state: phase,
        blocks_done: p.blocks_done,
        blocks_total: p.blocks_total,
        last_block: p.last_block,
        head: p.head,
        tx_per_s: Math.round(p.tx_per_s),
        blocks_per_s: Math.round(p.blocks_per_s),
        eta: formatEta(p.eta_s),
      };
      if (p.state === 'error') logger.error({ ...fields, err: p.error }, 'ingest progress');
      else logger.info(fields, 'ingest progress');
    },
    stop() {},
  };
}
