// The HTTP data sources read an answer only up to their cap (issue 23, item 2), against a real
// server that never stops sending: the price API (announcing 4 GiB) fails at once, without
// retries, as an outage of its circuit breaker, with a message naming the key to raise; a label
// URL (chunked, endless) is cut off just past its cap and logged; nothing is imported. The bytes the
// server got out before the client closed are counted by the server; RSS stays flat.
import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import type { Logger } from '../../src/log.js';
import { MIB } from '../../src/rpc/capped-body.js';
import { LabelSources } from '../../src/sources/labels/label-sources.js';
import { CircuitBreaker } from '../../src/sources/prices/circuit-breaker.js';
import { CoinGeckoClient } from '../../src/sources/prices/coingecko-client.js';
import { syncPrices } from '../../src/sources/prices/sync.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { startEndlessAnswer, type EndlessAnswer } from '../helpers/endless-answer.js';

const NOW = Date.UTC(2024, 3, 10, 15, 30);
/** Loopback socket buffers hold a few MiB whatever the client does; 4 GiB is what reading on would take. */
const SOCKET_SLACK = 32 * MIB;
const RSS_SLACK = 100 * MIB;

const servers: EndlessAnswer[] = [];
const stores: DuckDbStore[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

function capture() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, obj, msg });
  // Only the (fields, message) form is used by the sources; pino's other overloads are not needed.
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } as unknown as Logger };
}

describe('an HTTP source answering without end', () => {
  it('the price API announcing 4 GiB: refused unread, not retried, an outage of the breaker; little sent, RSS flat', async () => {
    const api = await startEndlessAnswer();
    servers.push(api);
    const store = await DuckDbStore.open({ path: ':memory:' });
    stores.push(store);
    const log = capture();
    const breaker = new CircuitBreaker({ name: 'price source', logger: log.logger, monotonic: () => 0 });
    const baseline = process.memoryUsage.rss();
    // Retries allowed and a deadline far away: only the cap ends the call.
    const client = new CoinGeckoClient({ baseUrl: api.url, retries: 3, timeoutMs: 600_000, sleep: async () => undefined, clock: new FixedClock(NOW) });
    const result = await syncPrices(store, client, ['ethereum'], { clock: new FixedClock(NOW), breaker, logger: log.logger });

    expect(result.outage).toBe(true);
    expect(breaker.isOpen).toBe(true);
    expect(api.written).toHaveLength(1); // the same URL would send the same: asked once
    expect(result.failed[0]!.error).toBe(
      `price source: answer from ${api.url}/api/v3/coins/ethereum/market_chart?vs_currency=usd&days=365&interval=daily larger than 16 MiB (Content-Length 4294967296); the server is faulty, or its answers need more than max_answer_mb.prices allows: raise it (docs/configuration.md)`,
    );
    expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.obj.err)).toEqual([result.failed[0]!.error]);
    expect(await api.closed(0)).toBeLessThan(SOCKET_SLACK);
    expect(api.peakRss() - baseline).toBeLessThan(RSS_SLACK);
    expect(process.memoryUsage.rss() - baseline).toBeLessThan(RSS_SLACK);
  });

  it('a label URL streaming without Content-Length: cut off just past its cap, logged once, nothing imported', async () => {
    const host = await startEndlessAnswer({ announce: null });
    servers.push(host);
    const store = await DuckDbStore.open({ path: ':memory:' });
    stores.push(store);
    const log = capture();
    const baseline = process.memoryUsage.rss();
    const sources = new LabelSources({
      files: [],
      urls: [`${host.url}/oli.json?key=k-secret`],
      chains: [{ origin_key: 'base', evm_chain_id: 8453 }],
      clock: new FixedClock(NOW),
      logger: log.logger,
      urlTimeoutMs: 600_000,
      maxAnswerBytes: 2 * MIB,
    });
    expect(await sources.refresh(store)).toBeNull();
    await sources.pending;
    expect(await sources.refresh(store)).toBeNull();

    const [line] = log.lines;
    expect(log.lines).toHaveLength(1);
    expect(line!.msg).toBe('label URL cannot be read; using its last import until it can');
    const err = String(line!.obj.err);
    expect(err).toMatch(new RegExp(`^answer from ${host.url}/oli\\.json larger than 2 MiB \\((\\d+) bytes read\\); .*max_answer_mb\\.labels allows: raise it`));
    expect(err).not.toContain('k-secret');
    const read = Number(/\((\d+) bytes read\)/.exec(err)![1]);
    expect(read).toBeGreaterThan(2 * MIB);
    expect(read).toBeLessThan(2 * MIB + 256 * 1024);
    expect(await host.closed(0)).toBeLessThan(2 * MIB + SOCKET_SLACK);
    expect(host.peakRss() - baseline).toBeLessThan(RSS_SLACK);
  });
});
