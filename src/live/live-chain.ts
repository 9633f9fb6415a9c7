// One chain in the live stream: its window, its figures, highs and history, and the JSON shapes
// it is published in (CONTRACT.md 12.3 "Chain", 12.4 "ChainLive").
import { costFields, type CostFields, type WindowFigures, windowFigures } from './chain-figures.js';
import { TpsHighs, type High } from './highs.js';
import { TpsHistory } from './history.js';
import { isoTime } from './iso-time.js';
import type { LivePrices } from './prices.js';
import { ChainWindow } from './window.js';

/** A chain is fresh while its newest block of W was written at most this long ago. */
export const FRESH_MS = 60_000;

/** The Chain object of /events and /api/chain/{k}, keys in the contract's order. */
export interface LiveChain extends CostFields {
  chain_name: string;
  display_name: string;
  tps: number;
  block_time: number;
  timestamp: number;
  last_updated: string;
}

/** The chain stream's object: Chain plus its highs. */
export interface LiveChainDetail extends LiveChain {
  ath: number;
  ath_timestamp: string;
  '24h_high': number;
  '24h_high_timestamp': string;
  is_active: boolean;
}

export interface LiveChainInfo {
  origin_key: string;
  /** The chain's name in master.json. */
  name: string;
  /** The price source's id of its gas token. */
  gas_token: string;
}

export class LiveChainState {
  readonly window = new ChainWindow();
  readonly history = new TpsHistory();
  readonly highs: TpsHighs;
  private seenVersion = -1;
  private figures: WindowFigures | null = null;
  /** The current figures come from a complete W (window.ts); a chain is published only after its first one. */
  complete = false;
  private sampled = false;
  /** When the newest block of W was written, ms. */
  private writtenAt = 0;

  constructor(
    readonly info: LiveChainInfo,
    ath: High | null,
  ) {
    this.highs = new TpsHighs(ath);
  }

  /**
   * The tick's work for this chain: figures again when W moved, and then one sample (highs,
   * history). Returns the Chain object while the chain is fresh, else null.
   */
  tick(nowMs: number, prices: LivePrices): LiveChain | null {
    if (this.window.version !== this.seenVersion) {
      this.seenVersion = this.window.version;
      const view = this.window.view();
      this.figures = view === null ? null : windowFigures(view);
      this.complete = view !== null && view.complete;
      if (view !== null && this.figures !== null) {
        this.writtenAt = view.blocks[view.blocks.length - 1].ingested_ms;
        if (view.complete) {
          this.sampled = true;
          const isAth = this.highs.add(this.figures.tps, nowMs);
          if (this.figures.tps > 0) this.history.add(this.figures.tps, nowMs, isAth);
        }
      }
    }
    this.history.expire(nowMs);
    const f = this.figures;
    if (f === null || !this.sampled || nowMs - this.writtenAt > FRESH_MS) return null;
    return {
      chain_name: this.info.origin_key,
      display_name: this.info.name,
      tps: f.tps,
      block_time: f.block_time,
      timestamp: this.writtenAt,
      last_updated: isoTime(this.writtenAt),
      ...costFields(f.fees, prices.conversion(this.info.gas_token, nowMs)),
    };
  }

  /** The chain stream's object for a fresh chain (highs exist from its first sample). */
  detail(chain: LiveChain, nowMs: number): LiveChainDetail {
    const ath = this.highs.ath!;
    const high = this.highs.high24h(nowMs) ?? ath;
    return {
      ...chain,
      ath: ath.value,
      ath_timestamp: isoTime(ath.at_ms),
      '24h_high': high.value,
      '24h_high_timestamp': isoTime(high.at_ms),
      is_active: chain.tps > 0,
    };
  }
}
