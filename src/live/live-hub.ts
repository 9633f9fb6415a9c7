// The live stream's heart (CONTRACT.md 12): ingestion feeds the windows (as a BlockListener),
// a tick a second turns them into one snapshot that is serialized once and written to every
// stream, and each swap of the served document set becomes one `document` event. The clock,
// the sleep between ticks and the jitter's randomness are injected: tests call `tick()` at the
// instants they choose.
import type { Clock } from '../clock.js';
import type { DocumentSet } from '../documents/document-set.js';
import type { LiveSettings } from '../registry/live-settings.js';
import type { NormalizedBatch } from '../store/rows.js';
import type { Sleep } from '../timers.js';
import { AthFile, type StoredHighs } from './ath-file.js';
import { globalMetrics } from './global-metrics.js';
import { documentChanges, filtered, ResumeWindow, resyncEvent, type DocumentEvent } from './document-events.js';
import { EventIds, type EventPosition } from './event-ids.js';
import { isoTime } from './iso-time.js';
import type { LiveChain, LiveChainInfo } from './live-chain.js';
import { LiveState, type LiveSnapshot } from './live-state.js';
import type { LiveStream } from './live-stream.js';
import { jittered, messageFrame, namedFrame, RETRY_MS } from './sse-frames.js';
import { StreamRegistry } from './stream-registry.js';

/** A stream's heartbeat after this long without a write. */
export const HEARTBEAT_MS = 15_000;
/** Blocks written with a timestamp older than this (a chain catching up) stay out of the windows. */
const MIN_FEED_HORIZON_MS = 15 * 60_000;
/** The highs file is written at most this often while highs move. */
const HIGHS_SAVE_MS = 10_000;

export interface LiveHubOptions {
  chains: readonly LiveChainInfo[];
  settings: LiveSettings;
  /** server.connections.write_stall_seconds, ms: a stream whose writes stall this long is closed. */
  stallMs: number;
  clock: Clock;
  /** Stored all-time highs, and where to keep them (none: not kept, as in tests). */
  highs?: StoredHighs;
  highsFile?: string;
  /** For the jitter of retry times and lifetimes; default Math.random. */
  random?: () => number;
  /** Told when the highs file cannot be written. */
  onHighsError?: (err: Error) => void;
}

export class LiveHub {
  readonly state: LiveState;
  readonly ids: EventIds;
  readonly streams: StreamRegistry;
  readonly resume: ResumeWindow;
  private snapshot: LiveSnapshot;
  /** The /events message after its type (`,"data":…}`), and the tick's time as ISO text. */
  private tail = '';
  private lastTick: number;
  private readonly athFile: AthFile | null;
  private lastHighsSave = -Infinity;
  readonly random: () => number;

  constructor(readonly opts: LiveHubOptions) {
    const now = opts.clock.now();
    this.ids = new EventIds(now);
    this.state = new LiveState(opts.chains, opts.highs);
    this.streams = new StreamRegistry(opts.settings.max_streams, opts.settings.max_streams_per_address);
    this.resume = new ResumeWindow(this.ids, opts.settings.resume_events, opts.settings.resume_ms);
    this.athFile = opts.highsFile ? new AthFile(opts.highsFile, opts.onHighsError) : null;
    this.random = opts.random ?? Math.random;
    // Until the first tick (after the cold start's replay, whose samples must come first in
    // time), an empty snapshot: no chain, totals 0.
    const none = { value: 0, at_ms: now };
    this.snapshot = this.publish({ at_ms: now, data: [], global: globalMetrics([], 0, none, none, now) });
    this.lastTick = now;
  }

  // ---- fed by ingestion (ingest's BlockListener) ----

  written(originKey: string, batch: NormalizedBatch): void {
    const now = this.opts.clock.now();
    const horizon = Math.max(this.opts.settings.replay_ms, MIN_FEED_HORIZON_MS);
    this.state.written(originKey, batch, now, Math.floor((now - horizon) / 1000));
  }

  rolledBack(originKey: string, fromBlock: number): void {
    this.state.rolledBack(originKey, fromBlock);
  }

  // ---- the tick ----

  /** One tick: a new snapshot, one update to every stream, then each stream's checks. */
  tick(): void {
    const now = this.opts.clock.now();
    this.snapshot = this.take(now);
    const { id } = this.ids.next();
    const update = messageFrame(id, this.eventsMessage('update'));
    const chainFrames = new Map<string, Buffer | null>();
    for (const s of [...this.streams.streams]) {
      let frame: Buffer | null = null;
      if (s.kind === 'events') frame = update;
      else if (s.kind === 'chain') {
        if (!chainFrames.has(s.chain)) chainFrames.set(s.chain, this.chainUpdate(s.chain));
        frame = chainFrames.get(s.chain)!;
      }
      if (frame !== null && !s.update(frame, now)) this.streams.updatesSkipped++;
      s.check(now, RETRY_MS.lifetime);
    }
    this.saveHighs(now, false);
  }

  /** Ticks every second, on the second, until `signal` aborts. */
  async run(signal: AbortSignal, sleep: Sleep): Promise<void> {
    while (!signal.aborted) {
      try {
        await sleep(1000 - (this.opts.clock.now() % 1000), signal);
      } catch {
        return;
      }
      this.tick();
    }
  }

  get latest(): LiveSnapshot {
    return this.snapshot;
  }

  get lastTickAt(): number {
    return this.lastTick;
  }

  /** The fresh chain `key` of the latest tick, if any. */
  freshChain(key: string): LiveChain | undefined {
    return this.snapshot.data.find((c) => c.chain_name === key);
  }

  /** The /events message of the latest tick. */
  eventsMessage(type: 'initial' | 'update'): string {
    return `{"type":"${type}"${this.tail}`;
  }

  /** `{"data","global_metrics","timestamp"}` of the latest tick (/api/data). */
  apiData(): string {
    return `{${this.tail.slice(1)}`;
  }

  /** The chain stream's message of the latest tick. */
  chainMessage(key: string, type: 'initial' | 'update'): string {
    const chain = this.freshChain(key);
    const timestamp = isoTime(this.snapshot.at_ms);
    if (chain === undefined) return JSON.stringify({ type, chain_name: key, data: null, timestamp, error: 'no fresh data' });
    const detail = this.state.chains.get(key)!.detail(chain, this.snapshot.at_ms);
    return JSON.stringify({ type, chain_name: key, data: detail, timestamp });
  }

  private chainUpdate(key: string): Buffer | null {
    // While the chain is not fresh, no update (12.4): the chain page hides its live block.
    if (this.freshChain(key) === undefined) return null;
    return messageFrame(this.ids.next().id, this.chainMessage(key, 'update'));
  }

  private take(now: number): LiveSnapshot {
    const snap = this.publish(this.state.tick(now));
    this.lastTick = now;
    return snap;
  }

  /** Serializes a snapshot's shared part once: every stream and /api/data take these bytes. */
  private publish(snap: LiveSnapshot): LiveSnapshot {
    const data: Record<string, LiveChain> = {};
    for (const c of snap.data) data[c.chain_name] = c;
    this.tail = `,"data":${JSON.stringify(data)},"global_metrics":${JSON.stringify(snap.global)},"timestamp":"${isoTime(snap.at_ms)}"}`;
    return snap;
  }

  private saveHighs(now: number, force: boolean): Promise<void> {
    if (this.athFile === null) return Promise.resolve();
    if (!this.state.highsMoved) return force ? this.athFile.settled() : Promise.resolve();
    if (!force && now - this.lastHighsSave < HIGHS_SAVE_MS) return Promise.resolve();
    this.state.highsMoved = false;
    this.lastHighsSave = now;
    return this.athFile.write(this.state.storedHighs());
  }

  // ---- documents ----

  /** A swap of the served set (DocumentHolder.onSwap): one `document` event when a path changed. */
  readonly swapped = (next: DocumentSet, previous: DocumentSet | null): void => {
    const event = documentChanges(next, previous);
    if (event === null) return;
    const now = this.opts.clock.now();
    const kept = this.resume.add(event, now);
    for (const s of [...this.streams.streams]) {
      if (s.kind === 'chain') continue;
      const frame = this.documentFrame(kept.id, event, s.prefixes);
      if (frame !== null) s.write(frame, now);
    }
  };

  documentFrame(id: string, event: DocumentEvent, prefixes: readonly string[]): Buffer | null {
    const seen = filtered(event, prefixes);
    return seen === null ? null : namedFrame('document', id, JSON.stringify(seen));
  }

  /** What a stream resuming from `from` is sent before anything else. */
  resumeFrames(from: EventPosition, prefixes: readonly string[]): Buffer[] {
    const now = this.opts.clock.now();
    const missed = this.resume.after(from, now);
    if (missed === null) return [namedFrame('document', this.ids.next().id, JSON.stringify(resyncEvent(now)))];
    return missed.flatMap((k) => this.documentFrame(k.id, k.event, prefixes) ?? []);
  }

  // ---- shutdown ----

  /** Every stream is asked to come back in 2 s (± jitter) and closed; the highs are saved. */
  async shutdown(): Promise<void> {
    for (const s of [...this.streams.streams]) s.close('shutdown', jittered(RETRY_MS.shutdown, 0.5, this.random));
    await this.saveHighs(this.opts.clock.now(), true);
  }

  /** Registers a stream the routes opened. */
  opened(s: LiveStream): void {
    this.streams.add(s);
  }
}
