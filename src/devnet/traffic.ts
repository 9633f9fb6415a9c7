// How busy a chain is at a given time, and what block space costs then. Everything is a
// function of time (plus the seed), never of the previous block, so a block can be generated
// on its own: volume = growth over months × weekly seasonality × daily cycle × noise per day
// and per hour; the base fee follows the same load curve.
import { DEVNET_CHAIN_SPECS, type DevnetChainSpec } from './chains.js';
import { hashInts, hashString, unit } from './prng.js';

const DAY = 86400;
/** growth_120d is defined over this span, independent of the history length a run uses. */
const GROWTH_SPAN_S = 120 * DAY;

export class TrafficModel {
  private readonly chainHash: number;
  private readonly growthPerS: number;
  private readonly perSecond: number;

  constructor(
    private readonly seed: number,
    readonly spec: DevnetChainSpec,
    private readonly txPerDay: number,
    private readonly liveSince: number,
  ) {
    this.chainHash = hashString(spec.origin_key);
    this.growthPerS = Math.log(spec.growth_120d) / GROWTH_SPAN_S;
    this.perSecond = (txPerDay * spec.scale) / DAY;
  }

  /** Long-term trend: 1 at liveSince. */
  growth(t: number): number {
    return Math.exp(this.growthPerS * (t - this.liveSince));
  }

  /** Load factor of the time of day, week and the day's and hour's noise; mean about 1. */
  load(t: number): number {
    const day = Math.floor(t / DAY);
    const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
    const weekly = weekday === 0 || weekday === 6 ? 0.75 : 1.07;
    const phase = (t - day * DAY) / DAY - 15 / 24; // busiest at 15:00 UTC
    const daily = 1 + 0.35 * Math.cos(2 * Math.PI * phase);
    const dayNoise = 0.85 + 0.3 * unit(hashInts(this.seed, this.chainHash, day, 1));
    // A few days a quarter carry a spike (a mint, an airdrop claim).
    const spike = unit(hashInts(this.seed, this.chainHash, day, 2)) < 0.03 ? 1.8 : 1;
    const hourNoise = 0.9 + 0.2 * unit(hashInts(this.seed, this.chainHash, Math.floor(t / 3600), 3));
    return weekly * daily * dayNoise * spike * hourNoise;
  }

  /** Mean user transactions per second at time t. */
  rate(t: number): number {
    return this.perSecond * this.growth(t) * this.load(t);
  }

  /** Base fee (wei of the gas token) at time t; `u` in [0,1) is the block's own noise. */
  baseFee(t: number, u: number): number {
    const l = this.load(t);
    const fee = this.spec.base_fee_wei * l * l * (0.8 + 0.4 * u);
    return Math.max(this.spec.min_base_fee_wei, Math.round(fee));
  }

  /** Size of the sender population active at time t (grows with the chain). */
  population(t: number): number {
    return Math.max(40, Math.round(this.txPerDay * this.spec.scale * this.growth(t)));
  }
}

/** The devnet L1's base fee without per-block noise: what L2s pay for data (l1GasPrice). */
export function l1BaseFeeModel(seed: number, txPerDay: number, liveSince: number): (t: number) => number {
  const l1 = new TrafficModel(seed, DEVNET_CHAIN_SPECS[0], txPerDay, liveSince);
  return (t) => l1.baseFee(t, 0.5);
}
