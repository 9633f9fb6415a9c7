// The devnet's price feed: a deterministic, random-walk-looking price for every asset at any
// millisecond. Log price = log(center) + a sum of sines whose periods span hours to a year
// (amplitude growing with the period, like a random walk's spectrum) + hourly value noise.
// The amplitudes are bounded, so ETH stays within 2000–4000 USD by construction.
import { DEVNET_APP_TOKEN_IDS } from './apps.js';
import { hashInts, hashString, unit } from './prng.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const PERIODS_DAYS = [365, 131, 53, 23, 9.7, 4.1, 1.7, 0.71, 0.29, 0.12];

interface AssetModel {
  /** Geometric center of the price range, USD. */
  center: number;
  /** Bound of |log(price / center)|. */
  amplitude: number;
  /** Circulating supply, for market caps. */
  supply: number;
  /** Unix ms of the first point of `days=max`. */
  listedMs: number | null;
}

const ETH_LISTED_MS = Date.UTC(2015, 7, 7);

/** Asset ids the feed knows: ETH, the custom gas token (the devnet's `mantle`) and the project tokens. */
export const DEVNET_PRICE_ASSETS: readonly string[] = ['ethereum', 'mantle', ...DEVNET_APP_TOKEN_IDS];

function model(assetId: string): AssetModel | null {
  if (assetId === 'ethereum') {
    // ln(4000 / √(2000·4000)) = ln √2: the whole swing stays within [2000, 4000].
    return { center: Math.sqrt(2000 * 4000), amplitude: Math.log(Math.SQRT2), supply: 120_400_000, listedMs: ETH_LISTED_MS };
  }
  if (assetId === 'mantle') return { center: 1.0, amplitude: 0.6, supply: 1_000_000_000, listedMs: null };
  if (!DEVNET_APP_TOKEN_IDS.includes(assetId)) return null;
  const h = hashString(assetId);
  // Math.pow of a fractional exponent may differ in its last bit between Node releases (it did
  // between 20 and 24), and every price and market cap of the token with it: the center is kept
  // to 12 significant digits and the supply to whole tokens, so the feed is the same on every
  // release (toPrecision and Math.round are exact).
  const center = Number((0.05 * Math.pow(1000, unit(h))).toPrecision(12));
  return { center, amplitude: 0.5 + 0.3 * unit(hashInts(h, 1)), supply: Math.round(1e7 * Math.pow(100, unit(hashInts(h, 2)))), listedMs: null };
}

export function isDevnetAsset(assetId: string): boolean {
  return model(assetId) !== null;
}

/** USD price of an asset at unix ms `t`: pure function of (seed, asset, t). Throws for unknown assets. */
export function devnetPrice(seed: number, assetId: string, unixMs: number): number {
  const m = model(assetId);
  if (!m) throw new Error(`devnet price: unknown asset ${JSON.stringify(assetId)} (known: ${DEVNET_PRICE_ASSETS.join(', ')})`);
  const a = hashString(assetId);
  // Weights ∝ √period, normalized so sines use 96 % of the amplitude and noise the rest.
  let norm = 0;
  for (const p of PERIODS_DAYS) norm += Math.sqrt(p);
  let x = 0;
  for (let k = 0; k < PERIODS_DAYS.length; k++) {
    const phase = 2 * Math.PI * unit(hashInts(seed, a, k));
    const w = (0.96 * m.amplitude * Math.sqrt(PERIODS_DAYS[k])) / norm;
    x += w * Math.sin((2 * Math.PI * unixMs) / (PERIODS_DAYS[k] * DAY_MS) + phase);
  }
  // Value noise on an hourly lattice, linearly interpolated: rough on short scales, continuous.
  const hour = Math.floor(unixMs / HOUR_MS);
  const f = (unixMs - hour * HOUR_MS) / HOUR_MS;
  const n0 = unit(hashInts(seed, a, hour, 77)) * 2 - 1;
  const n1 = unit(hashInts(seed, a, hour + 1, 77)) * 2 - 1;
  x += 0.04 * m.amplitude * (n0 + (n1 - n0) * f);
  return m.center * Math.exp(x);
}

/** Price in `vs` ('usd' or 'eth'); null for currencies the feed does not quote. */
export function devnetQuote(seed: number, assetId: string, vs: string, unixMs: number): number | null {
  const usd = devnetPrice(seed, assetId, unixMs);
  if (vs === 'usd') return usd;
  if (vs === 'eth') return assetId === 'ethereum' ? 1 : usd / devnetPrice(seed, 'ethereum', unixMs);
  return null;
}

export function devnetMarketCap(seed: number, assetId: string, vs: string, unixMs: number): number | null {
  const m = model(assetId);
  const p = m ? devnetQuote(seed, assetId, vs, unixMs) : null;
  return m && p !== null ? p * m.supply : null;
}

/** 24h volume: 2–10 % of the market cap, varying per day. */
export function devnetVolume(seed: number, assetId: string, vs: string, unixMs: number): number | null {
  const cap = devnetMarketCap(seed, assetId, vs, unixMs);
  if (cap === null) return null;
  return cap * (0.02 + 0.08 * unit(hashInts(seed, hashString(assetId), Math.floor(unixMs / DAY_MS), 5)));
}

export interface ChartQuery {
  days: number | 'max';
  interval: 'daily' | 'hourly' | null;
}

/**
 * Timestamps of a market_chart answer, like CoinGecko: hourly points for days <= 90, daily
 * points at 00:00 UTC when interval=daily or days > 90; always ending with "now".
 */
export function chartTimes(assetId: string, q: ChartQuery, nowMs: number): number[] {
  const m = model(assetId);
  const start = q.days === 'max' ? (m?.listedMs ?? nowMs - 365 * DAY_MS) : nowMs - q.days * DAY_MS;
  const daily = q.interval === 'daily' || q.days === 'max' || (q.interval !== 'hourly' && q.days > 90);
  const step = daily ? DAY_MS : HOUR_MS;
  const out: number[] = [];
  for (let t = Math.ceil(start / step) * step; t < nowMs; t += step) out.push(t);
  out.push(nowMs);
  return out;
}

/** One market point of an asset in USD, as every feed answer computes it. */
export interface MarketPoint {
  price: number;
  market_cap: number;
  volume: number;
}

/**
 * Price, market cap and 24h volume of an asset at unix ms `t` in `vs` (default usd): the
 * values of the feed's answers at that timestamp, for tests (e.g. `t` = a day start, the
 * daily points of market_chart). Throws for unknown assets or currencies.
 */
export function devnetMarketPoint(seed: number, assetId: string, unixMs: number, vs = 'usd'): MarketPoint {
  const price = devnetQuote(seed, assetId, vs, unixMs);
  if (price === null) throw new Error(`devnet market point: unknown currency ${JSON.stringify(vs)} (usd, eth)`);
  return { price, market_cap: devnetMarketCap(seed, assetId, vs, unixMs) as number, volume: devnetVolume(seed, assetId, vs, unixMs) as number };
}

/** The body of `/coins/{id}/market_chart` at `nowMs`, as the feed serves it. */
export function devnetMarketChart(
  seed: number,
  assetId: string,
  vs: string,
  q: ChartQuery,
  nowMs: number,
): { prices: Array<[number, number]>; market_caps: Array<[number, number]>; total_volumes: Array<[number, number]> } {
  const out = { prices: [] as Array<[number, number]>, market_caps: [] as Array<[number, number]>, total_volumes: [] as Array<[number, number]> };
  for (const t of chartTimes(assetId, q, nowMs)) {
    const p = devnetMarketPoint(seed, assetId, t, vs);
    out.prices.push([t, p.price]);
    out.market_caps.push([t, p.market_cap]);
    out.total_volumes.push([t, p.volume]);
  }
  return out;
}
