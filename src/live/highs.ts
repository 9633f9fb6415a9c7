// The highs of one series of tps samples (CONTRACT.md 12.6, "Samples"): the all-time high (first
// reached, kept across restarts by ath-file.ts) and the exact high of the last 24 h. The 24 h
// high is a monotonic queue: samples that can never again be the maximum are dropped as they are
// outdone, so the head is always the highest sample still inside the window.
import { DAY_MS } from '../clock.js';

export interface High {
  value: number;
  at_ms: number;
}

export class TpsHighs {
  ath: High | null;
  private readonly queue: High[] = [];
  private head = 0;

  constructor(ath: High | null = null) {
    this.ath = ath;
  }

  /** Records a sample; true when it set a new all-time high. */
  add(value: number, atMs: number): boolean {
    // Equal values stay: the earliest of them is the high until it leaves the window.
    while (this.queue.length > this.head && this.queue[this.queue.length - 1].value < value) this.queue.pop();
    this.queue.push({ value, at_ms: atMs });
    if (this.ath === null || value > this.ath.value) {
      this.ath = { value, at_ms: atMs };
      return true;
    }
    return false;
  }

  /** The highest sample of (now − 24 h, now], or null without one. */
  high24h(nowMs: number): High | null {
    while (this.head < this.queue.length && this.queue[this.head].at_ms <= nowMs - DAY_MS) this.head++;
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    return this.queue[this.head] ?? null;
  }
}
