// Every chain's live state and the ecosystem's (CONTRACT.md 12.6): ingestion feeds blocks in,
// each tick turns them into one snapshot. Nothing here reads the store or the clock: the caller
// passes the time, so a test (and the cold-start replay) drives ticks at any instants it likes.
import type { NormalizedBatch } from '../store/rows.js';
import type { StoredHighs } from './ath-file.js';
import { globalMetrics, totalTps, type GlobalMetrics } from './global-metrics.js';
import { TpsHighs } from './highs.js';
import { TpsHistory } from './history.js';
import { LiveChainState, type LiveChain, type LiveChainInfo } from './live-chain.js';
import { LivePrices } from './prices.js';
import { windowBlocks } from './window-blocks.js';

/** What one tick published. */
export interface LiveSnapshot {
  /** The tick, unix ms. */
  at_ms: number;
  /** The fresh chains, ascending by origin_key. */
  data: LiveChain[];
  global: GlobalMetrics;
}

export class LiveState {
  readonly prices = new LivePrices();
  readonly chains = new Map<string, LiveChainState>();
  readonly totalHighs: TpsHighs;
  readonly history = new TpsHistory();
  /** A high moved since the highs were last handed out for saving. */
  highsMoved = false;

  constructor(chains: readonly LiveChainInfo[], stored: StoredHighs = { total: null, chains: {} }) {
    for (const c of [...chains].sort((a, b) => (a.origin_key < b.origin_key ? -1 : a.origin_key > b.origin_key ? 1 : 0))) {
      this.chains.set(c.origin_key, new LiveChainState(c, stored.chains[c.origin_key] ?? null));
    }
    this.totalHighs = new TpsHighs(stored.total);
  }

  /** A stored batch of `originKey`, written at `atMs`; blocks older than `sinceS` are left out. */
  written(originKey: string, batch: NormalizedBatch, atMs: number, sinceS: number): void {
    const chain = this.chains.get(originKey);
    if (chain !== undefined) chain.window.add(windowBlocks(batch, atMs, sinceS));
  }

  rolledBack(originKey: string, fromBlock: number): void {
    this.chains.get(originKey)?.window.rollback(fromBlock);
  }

  tick(nowMs: number): LiveSnapshot {
    const data: LiveChain[] = [];
    // The total is a sample only when every chain in it has a complete W (window.ts).
    let complete = true;
    for (const c of this.chains.values()) {
      const athBefore = c.highs.ath;
      const live = c.tick(nowMs, this.prices);
      if (c.highs.ath !== athBefore) this.highsMoved = true;
      if (live !== null) data.push(live);
      if (live !== null && !c.complete) complete = false;
    }
    const total = totalTps(data);
    if (complete) {
      const isAth = this.totalHighs.add(total, nowMs);
      if (isAth) this.highsMoved = true;
      if (total > 0) this.history.add(total, nowMs, isAth);
    }
    this.history.expire(nowMs);
    const ath = this.totalHighs.ath ?? { value: 0, at_ms: nowMs };
    return { at_ms: nowMs, data, global: globalMetrics(data, total, ath, this.totalHighs.high24h(nowMs) ?? ath, nowMs) };
  }

  /** The all-time highs as the file keeps them. */
  storedHighs(): StoredHighs {
    const chains: StoredHighs['chains'] = {};
    for (const [k, c] of this.chains) if (c.highs.ath !== null) chains[k] = c.highs.ath;
    return { total: this.totalHighs.ath, chains };
  }
}
