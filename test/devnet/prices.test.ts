import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { DEVNET_APPS, DEVNET_PRICE_ASSETS, devnetMarketChart, devnetMarketPoint, devnetPrice, startDevnet, type Devnet } from '../../src/devnet/index.js';
import { TEST_NOW_MS } from './helpers.js';

describe('devnet price feed', () => {
  let dev: Devnet;
  const seed = 5;
  const get = async (path: string): Promise<{ status: number; json: any }> => {
    const r = await fetch(`${dev.priceUrl}${path}`);
    return { status: r.status, json: await r.json() };
  };

  beforeAll(async () => {
    dev = await startDevnet({ seed, clock: new FixedClock(TEST_NOW_MS), historyDays: 1, txPerDay: 10, chains: ['mantle'] });
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('answers /simple/price with the current price in usd and eth', async () => {
    const { status, json } = await get('/api/v3/simple/price?ids=ethereum,mantle,nope&vs_currencies=usd,eth');
    expect(status).toBe(200);
    const eth = devnetPrice(seed, 'ethereum', TEST_NOW_MS);
    const dev_ = devnetPrice(seed, 'mantle', TEST_NOW_MS);
    expect(json).toEqual({ ethereum: { usd: eth, eth: 1 }, 'mantle': { usd: dev_, eth: dev_ / eth } });
    const extra = await get('/api/v3/simple/price?ids=ethereum&vs_currencies=usd&include_market_cap=true&include_last_updated_at=true');
    expect(extra.json.ethereum.usd_market_cap).toBeGreaterThan(eth * 1e8);
    expect(extra.json.ethereum.last_updated_at).toBe(TEST_NOW_MS / 1000);
    expect((await get('/api/v3/simple/price?ids=ethereum')).status).toBe(400);
  });

  it('answers market_chart with hourly points up to 90 days, daily beyond or on request', async () => {
    const hourly = await get('/api/v3/coins/ethereum/market_chart?vs_currency=usd&days=2');
    expect(hourly.status).toBe(200);
    const pts: Array<[number, number]> = hourly.json.prices;
    expect(pts.length).toBe(49); // 48 whole hours after now-2d, plus "now"
    expect(pts[pts.length - 1][0]).toBe(TEST_NOW_MS);
    for (let i = 1; i < pts.length - 1; i++) expect(pts[i][0] - pts[i - 1][0]).toBe(HOUR_MS);
    for (const [t, p] of pts) expect(p).toBe(devnetPrice(seed, 'ethereum', t));
    expect(hourly.json.market_caps).toHaveLength(pts.length);
    expect(hourly.json.total_volumes).toHaveLength(pts.length);

    const long = await get('/api/v3/coins/ethereum/market_chart?vs_currency=usd&days=120');
    const daily: Array<[number, number]> = long.json.prices;
    expect(daily.length).toBe(121);
    for (const [t] of daily.slice(0, -1)) expect(t % DAY_MS).toBe(0);
    const asked = await get('/api/v3/coins/mantle/market_chart?vs_currency=usd&days=30&interval=daily');
    expect(asked.json.prices.length).toBe(31);
    expect(asked.json.prices[0][0] % DAY_MS).toBe(0);
  });

  it('quotes in eth as usd / eth-usd, and keeps ETH within 2000–4000 USD', async () => {
    const r = await get('/api/v3/coins/mantle/market_chart?vs_currency=eth&days=10');
    for (const [t, p] of r.json.prices as Array<[number, number]>) expect(p).toBeCloseTo(devnetPrice(seed, 'mantle', t) / devnetPrice(seed, 'ethereum', t), 12);
    const max = await get('/api/v3/coins/ethereum/market_chart?vs_currency=usd&days=max');
    expect(max.json.prices.length).toBeGreaterThan(3000);
    let lo = Infinity;
    let hi = -Infinity;
    for (let t = TEST_NOW_MS - 3 * 365 * DAY_MS; t < TEST_NOW_MS; t += 3 * HOUR_MS + 17) {
      const p = devnetPrice(seed, 'ethereum', t);
      lo = Math.min(lo, p);
      hi = Math.max(hi, p);
    }
    expect(lo).toBeGreaterThanOrEqual(2000);
    expect(hi).toBeLessThanOrEqual(4000);
    expect(hi / lo).toBeGreaterThan(1.3); // it moves
    // Different seeds walk differently; the same seed is a pure function.
    expect(devnetPrice(seed + 1, 'ethereum', TEST_NOW_MS)).not.toBe(devnetPrice(seed, 'ethereum', TEST_NOW_MS));
    expect(devnetPrice(seed, 'ethereum', TEST_NOW_MS)).toBe(devnetPrice(seed, 'ethereum', TEST_NOW_MS));
  });

  it('serves project tokens and answers 404 for unknown coins and paths', async () => {
    const token = DEVNET_APPS.find((a) => a.token)!.token!.coingecko_id;
    expect(DEVNET_PRICE_ASSETS).toContain(token);
    expect((await get(`/api/v3/coins/${token}/market_chart?vs_currency=usd&days=1`)).json.prices.length).toBeGreaterThan(20);
    const missing = await get('/api/v3/coins/not-a-coin/market_chart?vs_currency=usd&days=1');
    expect(missing).toEqual({ status: 404, json: { error: 'coin not found' } });
    expect((await get('/api/v3/coins/ethereum/market_chart?vs_currency=usd&days=-1')).status).toBe(400);
    expect((await get('/api/v3/coins/ethereum/market_chart?vs_currency=gbp&days=1')).status).toBe(400);
    expect((await get('/api/v3/nothing')).status).toBe(404);
    expect(() => devnetPrice(seed, 'not-a-coin', TEST_NOW_MS)).toThrow(/unknown asset/);
  });

  it('serves the market chart of every project token with the values devnetMarketChart and devnetMarketPoint give', async () => {
    const tokens = DEVNET_APPS.flatMap((a) => (a.token ? [a.token.coingecko_id] : []));
    expect(tokens.length).toBeGreaterThan(5);
    for (const id of tokens) {
      const r = await get(`/api/v3/coins/${id}/market_chart?vs_currency=usd&days=30&interval=daily`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual(devnetMarketChart(seed, id, 'usd', { days: 30, interval: 'daily' }, TEST_NOW_MS));
      // Daily points at 00:00 UTC: one per day, each the market point of that instant.
      const days = r.json.prices.slice(0, -1) as Array<[number, number]>;
      expect(days).toHaveLength(30);
      days.forEach(([t, price], i) => {
        expect(t % DAY_MS).toBe(0);
        const p = devnetMarketPoint(seed, id, t);
        expect([price, r.json.market_caps[i][1], r.json.total_volumes[i][1]]).toEqual([p.price, p.market_cap, p.volume]);
        expect(p.volume / p.market_cap).toBeGreaterThanOrEqual(0.02);
        expect(p.volume / p.market_cap).toBeLessThan(0.1);
      });
    }
    const eth = await get(`/api/v3/coins/${tokens[0]}/market_chart?vs_currency=eth&days=2`);
    expect(eth.json).toEqual(devnetMarketChart(seed, tokens[0], 'eth', { days: 2, interval: null }, TEST_NOW_MS));
    expect(() => devnetMarketPoint(seed, tokens[0], TEST_NOW_MS, 'gbp')).toThrow(/unknown currency/);
  });
});
