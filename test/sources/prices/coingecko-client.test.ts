import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { CoinGeckoClient, PriceSourceError } from '../../../src/sources/prices/coingecko-client.js';
import { startFakeCoinGecko, type FakeCoinGecko } from './fake-coingecko.js';

const NOW = Date.UTC(2024, 3, 10, 15, 30);

describe('CoinGeckoClient against a real HTTP server', () => {
  let fake: FakeCoinGecko;
  const sleeps: number[] = [];
  const client = (over: Partial<ConstructorParameters<typeof CoinGeckoClient>[0]> = {}) =>
    new CoinGeckoClient({ baseUrl: fake.url, clock: new FixedClock(NOW), backoff: { baseMs: 1, maxMs: 4 }, sleep: async (ms) => void sleeps.push(ms), ...over });

  beforeAll(async () => {
    fake = await startFakeCoinGecko(NOW);
    fake.prices = { ethereum: (ms) => 3000 + ms / 1e10, mantle: () => 0.75 };
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.seen.length = 0;
    fake.failures.length = 0;
    sleeps.length = 0;
  });

  it('reads /simple/price; ids the API does not know are absent', async () => {
    const p = await client().simplePrice(['ethereum', 'mantle', 'nope']);
    expect(p).toEqual({ ethereum: 3000 + NOW / 1e10, mantle: 0.75 });
    expect(fake.seen[0]!.path).toBe('/api/v3/simple/price');
    expect(fake.seen[0]!.query.get('ids')).toBe('ethereum,mantle,nope');
    expect(fake.seen[0]!.query.get('vs_currencies')).toBe('usd');
  });

  it('reads /coins/{id}/market_chart with days and interval', async () => {
    const pts = await client().marketChart('ethereum', { days: 3, interval: 'daily' });
    expect(pts.length).toBeGreaterThan(0);
    for (const [t, v] of pts) expect(v).toBe(3000 + t / 1e10);
    const q = fake.seen[0]!.query;
    expect(fake.seen[0]!.path).toBe('/api/v3/coins/ethereum/market_chart');
    expect([q.get('vs_currency'), q.get('days'), q.get('interval')]).toEqual(['usd', '3', 'daily']);
  });

  it('sends the API key in the configured header, and accepts a base URL ending in /api/v3', async () => {
    await client({ apiKey: 'k-123' }).simplePrice(['ethereum']);
    expect(fake.seen[0]!.headers['x-cg-demo-api-key']).toBe('k-123');
    await new CoinGeckoClient({ baseUrl: `${fake.url}/api/v3/`, apiKey: 'p-9', apiKeyHeader: 'x-cg-pro-api-key' }).simplePrice(['ethereum']);
    expect(fake.seen[1]!.path).toBe('/api/v3/simple/price');
    expect(fake.seen[1]!.headers['x-cg-pro-api-key']).toBe('p-9');
    expect(fake.seen[1]!.headers['x-cg-demo-api-key']).toBeUndefined();
  });

  it('picks the Pro key header for the Pro host', () => {
    expect(new CoinGeckoClient({ baseUrl: 'https://pro-api.coingecko.com/api/v3' }).keyHeader).toBe('x-cg-pro-api-key');
    expect(new CoinGeckoClient({ baseUrl: 'https://api.coingecko.com' }).keyHeader).toBe('x-cg-demo-api-key');
  });

  it('retries 5xx, 429 (waiting Retry-After) and malformed bodies, then answers', async () => {
    fake.failures.push(503, { status: 429, retryAfter: '2' }, 'garbage');
    const p = await client().simplePrice(['ethereum']);
    expect(p.ethereum).toBeGreaterThan(0);
    expect(fake.seen).toHaveLength(4);
    expect(sleeps[1]).toBe(2000); // the server's Retry-After, not the backoff
  });

  it('gives up after the configured retries with a message naming the URL and the last failure', async () => {
    fake.failures.push(500, 500, 500);
    const err = await client({ retries: 2 }).simplePrice(['ethereum']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PriceSourceError);
    expect((err as Error).message).toMatch(/HTTP 500 from http:\/\/127\.0\.0\.1:\d+\/api\/v3\/simple\/price.*gave up after 3 attempts/s);
    expect(fake.seen).toHaveLength(3);
  });

  it('does not retry a 4xx: an unknown coin fails at once', async () => {
    const err = await client().marketChart('no-such-coin', { days: 2 }).catch((e: unknown) => e);
    expect((err as PriceSourceError).status).toBe(404);
    expect(fake.seen).toHaveLength(1);
  });

  it('fails on a Retry-After longer than it is willing to wait', async () => {
    fake.failures.push({ status: 429, retryAfter: '3600' });
    await expect(client().simplePrice(['ethereum'])).rejects.toThrow(/Retry-After 3600000 ms exceeds/);
  });

  it('reports an unreachable source as such', async () => {
    const err = await new CoinGeckoClient({ baseUrl: 'http://127.0.0.1:9', retries: 1, backoff: { baseMs: 1, maxMs: 1 } }).simplePrice(['ethereum']).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/127\.0\.0\.1:9.*gave up after 2 attempts/s);
  });

  it('rejects a base URL that is not http(s)', () => {
    expect(() => new CoinGeckoClient({ baseUrl: 'coingecko.com' })).toThrow(/not a URL/);
    expect(() => new CoinGeckoClient({ baseUrl: 'ftp://x.org' })).toThrow(/must be http/);
  });
});
