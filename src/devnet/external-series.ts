// The devnet's tvl and app revenue per chain and UTC day, in the shapes of DefiLlama's
// per-chain historical TVL and fees overview (served by price-server.ts). Deterministic in
// (seed, chain name, day), so tests read the ground truth from here, never from the service.
// Values are whole cents: a slow cycle plus day-to-day noise, app revenue lower on weekends.
import { DAY_MS } from '../clock.js';
import { hashInts, hashString, unit } from './prng.js';

/** Days of history the feed answers, up to and including today (a provisional point, as DefiLlama's). */
export const EXTERNAL_HISTORY_DAYS = 400;

const cents = (v: number): number => Math.round(v * 100) / 100;

/** The chain's value secured on the UTC day starting at `dayMs`, USD. */
export function devnetTvl(seed: number, chainName: string, dayMs: number): number {
  const h = hashString(`tvl:${chainName}`) ^ seed;
  const scale = 2e8 + unit(hashInts(h, 1)) * 3e9;
  const day = Math.floor(dayMs / DAY_MS);
  const cycle = 1 + 0.25 * Math.sin((2 * Math.PI * day) / 45 + unit(hashInts(h, 2)) * 6);
  return cents(scale * cycle * (0.98 + 0.04 * unit(hashInts(h, 3, day))));
}

/** What the chain's applications earned on the UTC day starting at `dayMs`, USD. */
export function devnetAppRevenue(seed: number, chainName: string, dayMs: number): number {
  const h = hashString(`app_revenue:${chainName}`) ^ seed;
  const scale = 2e4 + unit(hashInts(h, 1)) * 8e5;
  const day = Math.floor(dayMs / DAY_MS);
  const weekday = new Date(dayMs).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1;
  return cents(scale * weekend * (0.8 + 0.4 * unit(hashInts(h, 4, day))));
}

function days(nowMs: number): number[] {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return Array.from({ length: EXTERNAL_HISTORY_DAYS }, (_, i) => today - (EXTERNAL_HISTORY_DAYS - 1 - i) * DAY_MS);
}

/** `/v2/historicalChainTvl/{chain}`: `[{date: unix s, tvl}]`, ascending. */
export function devnetTvlSeries(seed: number, chainName: string, nowMs: number): Array<{ date: number; tvl: number }> {
  return days(nowMs).map((d) => ({ date: d / 1000, tvl: devnetTvl(seed, chainName, d) }));
}

/** `/overview/fees/{chain}`: the fields clients read, `totalDataChart` as `[unix s, usd]`. */
export function devnetFeesOverview(seed: number, chainName: string, nowMs: number): { chain: string; totalDataChart: Array<[number, number]> } {
  return { chain: chainName, totalDataChart: days(nowMs).map((d) => [d / 1000, devnetAppRevenue(seed, chainName, d)]) };
}
