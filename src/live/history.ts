// One tps history (CONTRACT.md 12.5, 12.6): points kept 24 h in typed arrays (one tick a second is
// 86,400 points a day, a few bytes each). The interior points of a strictly monotonic run are
// dropped (a point between a lower and a higher one, by more than ε): the chart draws the same
// line through its neighbours. A point that set an ATH is always kept.
import { DAY_MS } from '../clock.js';

export interface HistoryPoint {
  tps: number;
  timestamp_ms: number;
  is_ath: boolean;
}

const EPSILON = 0.001;

export class TpsHistory {
  private tps: Float64Array;
  private at: Float64Array;
  private ath: Uint8Array;
  /** Index of the oldest point, and how many are held. */
  private start = 0;
  private count = 0;

  constructor(capacity = 1024) {
    this.tps = new Float64Array(capacity);
    this.at = new Float64Array(capacity);
    this.ath = new Uint8Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  add(tps: number, atMs: number, isAth: boolean): void {
    this.expire(atMs);
    if (this.count >= 2) {
      const b = this.slot(this.count - 1);
      const a = this.slot(this.count - 2);
      const up = this.tps[b] - this.tps[a] > EPSILON && tps - this.tps[b] > EPSILON;
      const down = this.tps[a] - this.tps[b] > EPSILON && this.tps[b] - tps > EPSILON;
      if ((up || down) && this.ath[b] === 0) this.count--;
    }
    if (this.count === this.tps.length) this.grow();
    const i = this.slot(this.count);
    this.tps[i] = tps;
    this.at[i] = atMs;
    this.ath[i] = isAth ? 1 : 0;
    this.count++;
  }

  /** Points with timestamp in [fromMs, untilMs], newest first, at most `limit`. */
  newestFirst(fromMs: number, untilMs: number, limit: number): HistoryPoint[] {
    const out: HistoryPoint[] = [];
    for (let k = this.count - 1; k >= 0 && out.length < limit; k--) {
      const i = this.slot(k);
      if (this.at[i] > untilMs) continue;
      if (this.at[i] < fromMs) break;
      out.push({ tps: this.tps[i], timestamp_ms: this.at[i], is_ath: this.ath[i] === 1 });
    }
    return out;
  }

  /** Forgets points older than 24 h before `nowMs`. */
  expire(nowMs: number): void {
    while (this.count > 0 && this.at[this.start] < nowMs - DAY_MS) {
      this.start = (this.start + 1) % this.tps.length;
      this.count--;
    }
  }

  private slot(k: number): number {
    return (this.start + k) % this.tps.length;
  }

  private grow(): void {
    const cap = this.tps.length * 2;
    const tps = new Float64Array(cap);
    const at = new Float64Array(cap);
    const ath = new Uint8Array(cap);
    for (let k = 0; k < this.count; k++) {
      const i = this.slot(k);
      tps[k] = this.tps[i];
      at[k] = this.at[i];
      ath[k] = this.ath[i];
    }
    this.tps = tps;
    this.at = at;
    this.ath = ath;
    this.start = 0;
  }
}
