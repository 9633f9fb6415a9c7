// Shows ChainProgress to a person: one live block of cli-progress bars (one per chain, redrawn in
// place, log lines written above it) on a terminal, throttled pino log lines otherwise (a
// service's logs, CI). Pass `update` as the Ingestor's onProgress.
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import type { Logger } from 'pino';
import { showLiveBlock } from '../log/live-block.js';
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
  /** Bars (true) or log lines (false); default: bars when `stream` is a TTY. */
  bars?: boolean;
  /**
   * The chains in config order: the block then has one bar per chain in this order, all drawn
   * at the first update, instead of in the order the chains first report (which varies run to run).
   */
  chains?: readonly string[];
}

export function formatEta(s: number | null): string {
  if (s === null) return '?';
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export function createProgressReporter(opts: ProgressReporterOptions): ProgressReporter {
  const stream = opts.stream ?? process.stderr;
  return (opts.bars ?? stream.isTTY === true) ? barReporter(stream, opts.chains ?? []) : logReporter(opts.logger, opts.logIntervalMs ?? 10_000);
}

/** cli-progress turns line wrapping off while its bars are shown; a log line gets it back, so a long one wraps instead of being cut. */
const WRAP_ON = '\x1b[?7h';
const WRAP_OFF = '\x1b[?7l';
/** Erases the line the cursor is on: a log line may be drawn where a longer bar was. */
const ERASE_LINE = '\x1b[2K';

function barReporter(stream: NodeJS.WriteStream, order: readonly string[]): ProgressReporter {
  const multi = new cliProgress.MultiBar(
    {
      stream,
      format: '{chain} {bar} {percentage}% {value}/{total} blocks | {tps} tx/s | ETA {eta_text} | {state}',
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
      barsize: 24,
    },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, cliProgress.SingleBar>();
  const width = 12;
  // Log lines reach the terminal through the bars' own redraw (MultiBar#log: clear the block,
  // write the lines, draw the block below them), so the block stays one block, updated in place.
  let hide: (() => void) | null = null;
  const show = (): void => {
    hide ??= showLiveBlock({
      writeAbove(text) {
        const lines = text.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1);
        multi.log(`${WRAP_ON}${lines.map((l) => `${ERASE_LINE}${l}\n`).join('')}${WRAP_OFF}`);
      },
    });
  };
  const label = (chain: string): string => chain.padEnd(width).slice(0, width);
  return {
    update(p) {
      if (bars.size === 0) {
        for (const chain of order) bars.set(chain, multi.create(1, 0, { chain: label(chain), tps: 0, eta_text: '?', state: 'starting' }));
        if (bars.size > 0) show();
      }
      const payload = {
        chain: label(p.origin_key),
        tps: Math.round(p.tx_per_s),
        // Not `eta`: cli-progress fills that name with its own estimate.
        eta_text: formatEta(p.eta_s),
        state: p.error ? `error: ${p.error.slice(0, 60)}` : p.state,
      };
      let bar = bars.get(p.origin_key);
      if (!bar) {
        bar = multi.create(Math.max(1, p.blocks_total), p.blocks_done, payload);
        bars.set(p.origin_key, bar);
        show();
      }
      bar.setTotal(Math.max(1, p.blocks_total));
      bar.update(p.blocks_done, payload);
    },
    stop() {
      hide?.();
      hide = null;
      // Lines logged since the last redraw are written by that redraw; stop() does not redraw.
      if (bars.size > 0) multi.update();
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
