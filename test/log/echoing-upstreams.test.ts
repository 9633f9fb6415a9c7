// Issue 23, item 4: an upstream whose error page echoes the request (a proxy's 401 printing the
// headers) must not carry a credential into an error message, its stack or a log line, in any
// encoding. Real clients (the RPC client, the price-API client and its sync, the ClickHouse
// store) are configured through the config loader and sent to a real HTTP server on an
// ephemeral port that answers 401 with everything it received, in every encoding; then each
// output is searched for every spelling of the credential and of `user:password`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { parseConfig } from '../../src/registry/config.js';
import type { ClickHouseSettings } from '../../src/registry/store-settings.js';
import { RpcClient } from '../../src/rpc/client.js';
import { RpcError } from '../../src/rpc/errors.js';
import { CoinGeckoClient, PriceSourceError } from '../../src/sources/prices/coingecko-client.js';
import { syncPrices } from '../../src/sources/prices/sync.js';
import { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { END_OF_BODY, spellingsOf, startEchoingUpstream, type EchoingUpstream } from '../helpers/echoing-upstream.js';
import { captureLog } from './helpers/capture-log.js';

/** Every spelling of every secret that `texts` still hold, as "<secret> as <spelling>". */
function leaks(texts: readonly string[], secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const secret of secrets) {
    for (const [how, spelling] of Object.entries(spellingsOf(secret))) {
      if (texts.some((t) => t.includes(spelling))) found.push(`${secret} as ${how}`);
    }
  }
  return found;
}

/** The upstream really echoed every spelling: otherwise finding none in the output proves nothing. */
function expectEchoed(upstream: EchoingUpstream, secrets: readonly string[]): void {
  const bodies = upstream.bodies.join('\n');
  for (const secret of secrets) for (const [how, spelling] of Object.entries(spellingsOf(secret))) expect(bodies, `${secret} as ${how}`).toContain(spelling);
}

let upstream: EchoingUpstream;
beforeAll(async () => {
  upstream = await startEchoingUpstream();
});
afterAll(async () => {
  await upstream?.close();
});

describe('a credential echoed by an upstream, in any encoding', () => {
  it('RPC: the user info of an RPC URL (sent as Basic authentication) leaves no trace in the error, its stack or the log', async () => {
    const password = 'Rpc-pa55+word=ok!';
    const host = upstream.url.replace('http://', '');
    const config = parseConfig(`chains:\n  - origin_key: base\n    rpc_urls: [ "http://rpcuser:\${RPC_PW}@${host}/" ]\n`, 'echo.yaml', { env: { RPC_PW: password } });
    const { lines, logger } = captureLog('debug');
    const rpc = new RpcClient({ urls: config.chains[0]!.rpc_urls, label: 'base', maxAttempts: 1, timeoutMs: 10_000, logger });
    const err: unknown = await rpc.call('eth_blockNumber', []).catch((e: unknown) => e);
    await rpc.close();
    expect(err).toBeInstanceOf(RpcError);
    const e = err as RpcError;
    const secrets = [password, `rpcuser:${password}`];
    expectEchoed(upstream, secrets);
    expect(e.message).toMatch(/HTTP 401 from /);
    expect(lines.length).toBeGreaterThan(0);
    expect(leaks([e.message, e.publicMessage, String(e.stack), ...lines], secrets)).toEqual([]);
  });

  it('prices: the API key header leaves no trace; the error quotes a short excerpt of the body, never all of it', async () => {
    const key = 'CG-demo/key+value=9';
    const config = parseConfig(`prices:\n  coingecko_url: ${upstream.url}\n  coingecko_api_key_env: CG_KEY\n`, 'echo.yaml', { env: { CG_KEY: key } });
    const client = new CoinGeckoClient({ baseUrl: config.prices.coingecko_url!, apiKey: config.prices.coingecko_api_key!, retries: 0 });
    const err: unknown = await client.marketChart('ethereum', { days: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PriceSourceError);
    const e = err as PriceSourceError;
    expectEchoed(upstream, [key]);
    expect(e.message).toMatch(/HTTP 401 from .*Unauthorized\. You sent/);
    expect(e.message).not.toContain(END_OF_BODY);
    expect(e.message).toMatch(/more characters\)$/);

    // The sync logs what failed: the same text, through the log's own scrubber.
    const { lines, logger } = captureLog('debug');
    const store = await DuckDbStore.open({ path: ':memory:' });
    try {
      const result = await syncPrices(store, client, ['ethereum'], { clock: new FixedClock(Date.UTC(2025, 0, 10)), logger });
      expect(result.failed.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
    expect(lines.some((l) => l.includes('HTTP 401'))).toBe(true);
    expect(leaks([e.message, String(e.stack), ...lines], [key])).toEqual([]);
  });

  it('ClickHouse: Authorization: Basic <base64 of user:password> echoed by a 401 page leaves no trace in the error, its stack or the log', async () => {
    const password = 'Ch-pass/word+9=';
    const config = parseConfig(`store:\n  engine: clickhouse\n  url: ${upstream.url}\n  cluster: c\n  user: analytics\n  password_env: CH_PW\n`, 'echo.yaml', { env: { CH_PW: password } });
    const err = await ClickHouseStore.open(config.store as ClickHouseSettings).then(
      (store) => store.close().then(() => null),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    const e = err as Error;
    const secrets = [password, `analytics:${password}`];
    expectEchoed(upstream, secrets);
    expect(e.message).toMatch(/^ClickHouse node 127\.0\.0\.1:\d+ \(ping\): Unauthorized\. You sent/);
    expect(e.message).toContain('authorization: Basic [redacted]');
    expect(e.message).not.toContain(END_OF_BODY);
    const { lines, logger } = captureLog('debug');
    logger.error({ err: e }, 'the store did not open');
    expect(lines).toHaveLength(1);
    expect(leaks([e.message, String(e.stack), ...lines], secrets)).toEqual([]);
  });
});
