// How progress reaches a person: bars on a terminal, throttled log lines elsewhere.
import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { ChainProgress } from '../../src/ingest/progress.js';
import { createProgressReporter, FOLLOW_LAG_BLOCKS, formatEta } from '../../src/ingest/progress-reporter.js';
import { liveBlock } from '../../src/log/live-block.js';

function progress(over: Partial<ChainProgress>): ChainProgress {
  return {
    origin_key: 'base',
    state: 'syncing',
    start_block: 0,
    head: 999,
    last_block: 249,
    last_block_time: 1_700_000_000,
    blocks_done: 250,
    blocks_total: 1000,
    blocks_per_s: 50,
    tx_per_s: 1234.4,
    eta_s: 15,
    blocks_written: 250,
    txs_written: 6000,
    reorgs: 0,
    receipts_mode: 'block',
    error: null,
    updated_ms: 0,
    ...over,
  };
}

/** A log reporter (not a terminal) writing into `lines`, parsed; `done()` resolves once pino has flushed. */
function logReporter(logIntervalMs: number) {
  const out = new PassThrough();
  const lines: Array<Record<string, unknown>> = [];
  out.on('data', (d: Buffer) => d.toString().trim().split('\n').forEach((l) => lines.push(JSON.parse(l))));
  const notTty = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
  const reporter = createProgressReporter({ logger: pino({ level: 'info' }, out), stream: notTty, logIntervalMs });
  const done = (): Promise<Array<Record<string, unknown>>> => {
    reporter.stop();
    return new Promise((resolve) => setImmediate(() => resolve(lines)));
  };
  return { r: reporter, done };
}

describe('progress reporter', () => {
  it('writes one log line per chain, throttled, and at once on a state change', async () => {
    const { r, done } = logReporter(60_000);
    r.update(progress({}));
    r.update(progress({ blocks_done: 260 })); // same state, within the interval: dropped
    r.update(progress({ origin_key: 'optimism' })); // another chain: its own line
    r.update(progress({ state: 'error', error: 'boom' })); // state change: logged
    const lines = await done();
    expect(lines.map((l) => [l.chain, l.state, l.blocks_done])).toEqual([
      ['base', 'syncing', 250],
      ['optimism', 'syncing', 250],
      ['base', 'error', 250],
    ]);
    expect(lines[0]).toMatchObject({ msg: 'ingest progress', blocks_total: 1000, tx_per_s: 1234, eta: '15s', head: 999 });
    expect(lines[2]).toMatchObject({ level: 50, err: 'boom' });
  });

  it('once caught up, the head moving by a few blocks is not a state change; falling far behind is', async () => {
    const { r, done } = logReporter(60_000);
    r.update(progress({ blocks_done: 990, blocks_total: 1000 })); // initial sync near the end: logged (first line)
    r.update(progress({ state: 'following', blocks_done: 1000, blocks_total: 1000 })); // caught up: logged
    for (let i = 1; i <= 5; i++) {
      r.update(progress({ state: 'syncing', blocks_done: 1000 + i - 1, blocks_total: 1000 + i })); // head moved: dropped
      r.update(progress({ state: 'following', blocks_done: 1000 + i, blocks_total: 1000 + i })); // dropped
    }
    r.update(progress({ state: 'syncing', blocks_done: 1005, blocks_total: 1005 + FOLLOW_LAG_BLOCKS + 1 })); // far behind: logged
    const lines = await done();
    expect(lines.map((l) => [l.state, l.blocks_done])).toEqual([
      ['syncing', 990],
      ['following', 1000],
      ['syncing', 1005],
    ]);
  });

  it('a chain at its head logs at most once a minute, however short the syncing interval', async () => {
    const { r, done } = logReporter(0);
    r.update(progress({ blocks_done: 100 }));
    r.update(progress({ blocks_done: 200 })); // syncing, interval 0: logged
    for (let i = 0; i < 5; i++) r.update(progress({ state: 'following', blocks_done: 1000, blocks_total: 1000 })); // first only
    const lines = await done();
    expect(lines.map((l) => [l.state, l.blocks_done])).toEqual([
      ['syncing', 100],
      ['syncing', 200],
      ['following', 1000],
    ]);
  });

  it('draws a bar per chain with blocks, tx/s and ETA on a terminal', () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true, columns: 160, rows: 40 });
    let drawn = '';
    tty.on('data', (d: Buffer) => (drawn += d.toString()));
    const r = createProgressReporter({ logger: pino({ level: 'silent' }), stream: tty as unknown as NodeJS.WriteStream });
    r.update(progress({}));
    r.update(progress({ origin_key: 'arbitrum', blocks_done: 10, blocks_total: 40, tx_per_s: 99, eta_s: 3700 }));
    r.stop();
    expect(drawn).toMatch(/base\s+[█░]{24} 25% 250\/1000 blocks \| 1234 tx\/s \| ETA 15s \| syncing/);
    expect(drawn).toMatch(/arbitrum\s+[█░]{24} 25% 10\/40 blocks \| 99 tx\/s \| ETA 1h01m \| syncing/);
  });

  it('formats ETAs for people', () => {
    expect([formatEta(null), formatEta(0), formatEta(59), formatEta(61), formatEta(3_600 * 25 + 60)]).toEqual(['?', '0s', '59s', '1m01s', '25h01m']);
  });

  it('on a terminal, text written above the live block goes out with the next redraw, ahead of the bars, and the block is released on stop', () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true, columns: 160, rows: 40 });
    let drawn = '';
    tty.on('data', (d: Buffer) => (drawn += d.toString()));
    const r = createProgressReporter({ logger: pino({ level: 'silent' }), stream: tty as unknown as NodeJS.WriteStream });
    expect(liveBlock()).toBeNull(); // no bar yet: log lines go straight to stdout
    r.update(progress({}));
    liveBlock()!.writeAbove('12:00:00 INFO  a log line\n');
    expect(drawn).not.toContain('a log line'); // buffered until the block is redrawn
    r.stop();
    expect(liveBlock()).toBeNull();
    // The line is written on an erased line, with wrapping on, before the bar is drawn again.
    const at = drawn.indexOf('\x1b[?7h\x1b[2K12:00:00 INFO  a log line\n\x1b[?7l');
    expect(at).toBeGreaterThan(-1);
    expect(drawn.slice(at)).toMatch(/a log line\n\x1b\[\?7l[^]*base\s+[█░]{24} 25%/);
  });

  it('on a terminal, the bars are in the configured chains\' order, whichever chain reports first', () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true, columns: 160, rows: 40 });
    let drawn = '';
    tty.on('data', (d: Buffer) => (drawn += d.toString()));
    const r = createProgressReporter({ logger: pino({ level: 'silent' }), stream: tty as unknown as NodeJS.WriteStream, chains: ['ethereum', 'optimism', 'base'] });
    r.update(progress({ origin_key: 'base' }));
    r.update(progress({ origin_key: 'ethereum', blocks_done: 5, blocks_total: 10 }));
    r.stop();
    // The last redraw: one line per chain, in config order; optimism, not heard from yet, is starting.
    const last = drawn.slice(drawn.lastIndexOf('ethereum'));
    const order = ['ethereum', 'optimism', 'base'].map((c) => last.indexOf(c));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(last).toMatch(/optimism\s+[█░]{24} 0% 0\/1 blocks \| 0 tx\/s \| ETA \? \| starting/);
  });
});
