// The whole data path in one process, as `npm start` runs it: devnet JSON-RPC + price feed →
// ingest → facts → documents → HTTP. Checks that what the server answers is what the stages
// computed, and that a later round follows the chains' heads. ethereum's first RPC URL answers
// every request with 503, so /metrics (checked last) has failures to count.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { registerServiceMetrics } from '../../src/app/service-metrics.js';
import { registerLiveMetrics } from '../../src/live/live-metrics.js';
import { StreamRegistry } from '../../src/live/stream-registry.js';
import { DAY_MS, FixedClock, HOUR_MS } from '../../src/clock.js';
import { Service } from '../../src/app/service.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import { loadConfig } from '../../src/registry/config.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { createHttpServer, type ChainlyticsHttpServer } from '../../src/server/http-server.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const START = Date.UTC(2025, 2, 10, 12, 30); // a Monday, mid-hour
const clock = new FixedClock(START);
let devnet: Devnet;
let store: DuckDbStore;
let service: Service;
let http: ChainlyticsHttpServer;
let base: string;
/** ethereum's first RPC URL: answers 503 to everything, counting the requests. */
let flaky: Server;
let flakyRequests = 0;

beforeAll(async () => {
  devnet = await startDevnet({ seed: 7, clock, historyDays: 9, txPerDay: 150, chains: ['ethereum', 'base', 'mantle'] });
  flaky = createServer((req, res) => {
    flakyRequests++;
    req.resume();
    res.writeHead(503, { 'content-type': 'text/plain' }).end('upstream unavailable');
  });
  await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', r));
  const flakyUrl = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
  const defaults = loadConfig(null, {});
  const config: AppConfig = {
    ...defaults,
    chains: devnet.chainConfigs().map((c) => (c.origin_key === 'ethereum' ? { ...c, rpc_urls: [{ url: flakyUrl, name: 'flaky' }, ...c.rpc_urls] } : c)),
    prices: { ...defaults.prices, coingecko_url: devnet.priceUrl, coingecko_api_key: null },
  };
  store = await DuckDbStore.open({ path: ':memory:' });
  service = new Service({ config, store, clock, logger: createLogger('silent') });
  const registry = new Registry();
  registerServiceMetrics(registry, service, clock);
  // serve registers the live stream's metrics on the same registry (src/live/live-service.ts).
  registerLiveMetrics(registry, new StreamRegistry(1000, 16));
  http = createHttpServer({ holder: service.holder, clock, config: { ...config.server, access_log: false }, health: () => service.health(), registry });
  base = await http.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await http?.close();
  await service?.close();
  await store?.close();
  await devnet?.close();
  await new Promise((r) => flaky?.close(r));
});

describe('the service, end to end', () => {
  it('answers 503 not_ready before the first round, then serves every document', async () => {
    const before = await fetch(`${base}/v1/fees/table.json`);
    expect(before.status).toBe(503);
    expect(before.headers.get('retry-after')).toBeTruthy();
    expect((await before.json()).error.code).toBe('not_ready');

    const round = await service.round();
    expect(round.ingested_ok).toBe(true);
    expect(round.build).not.toBeNull();

    const master = await (await fetch(`${base}/v1/master.json`)).json();
    expect(Object.keys(master.chains).sort()).toEqual(['all_l2s', 'base', 'ethereum', 'mantle']);
    const fees = await fetch(`${base}/v1/fees/table.json`);
    expect(fees.status).toBe(200);
    const table = await fees.json();
    const flagged = devnet.chainConfigs().filter((c) => c.flags.fee_table).map((c) => c.origin_key);
    expect(flagged.length).toBeGreaterThan(0);
    expect(Object.keys(table.chain_data).sort()).toEqual(flagged.sort());
    const openapi = await fetch(`${base}/v1/openapi.json`);
    expect(openapi.status).toBe(200);
  });

  it('serves daily txcount equal to the devnet ground truth for every complete day', async () => {
    const doc = await (await fetch(`${base}/v1/metrics/chains/base/txcount.json`)).json();
    const rows: Array<[number, number]> = doc.details.timeseries.daily.data;
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const yesterday = Math.floor(START / DAY_MS) * DAY_MS - DAY_MS;
    expect(rows[rows.length - 1][0]).toBe(yesterday);
    for (const [day, value] of rows) {
      expect(value, `day ${new Date(day).toISOString()}`).toBe(devnet.groundTruth('base', day).txcount);
    }
  });

  it('follows the heads: two hours later the hourly series and fee table advance', async () => {
    const first = await (await fetch(`${base}/v1/fees/table.json`)).json();
    const newest = first.chain_data.base.hourly.tps.data[0][0] as number;
    expect(newest).toBe(Math.floor(START / HOUR_MS) * HOUR_MS - HOUR_MS);

    const served = service.holder.current()!;
    clock.advance(2 * HOUR_MS);
    const round = await service.round();
    expect(round.build).not.toBeNull();
    // The rebuild starts from the served set: an unchanged body keeps its ETag and compressed
    // bytes, a changed one is compressed again. (openapi.json is large enough to be compressed on
    // first request, so its variant is equal, not necessarily the same Buffer: none was asked for.)
    const next = service.holder.current()!;
    const openapi = '/v1/openapi.json';
    expect(next.entries.get(openapi)!.br).toEqual(served.entries.get(openapi)!.br);
    expect(next.entries.get(openapi)!.etag).toBe(served.entries.get(openapi)!.etag);
    expect(next.entries.get('/v1/fees/table.json')!.etag).not.toBe(served.entries.get('/v1/fees/table.json')!.etag);
    const later = await (await fetch(`${base}/v1/fees/table.json`)).json();
    expect(later.chain_data.base.hourly.tps.data[0][0]).toBe(newest + 2 * HOUR_MS);
    const health = await (await fetch(`${base}/healthz`)).json();
    expect(health.status).toBe('ok');
    expect(health.chains.map((c: { origin_key: string }) => c.origin_key).sort()).toEqual(['base', 'ethereum', 'mantle']);
  });

  it('publishes nothing new when a round finds nothing new within the same hour', async () => {
    const etag = (await fetch(`${base}/v1/fees/table.json`)).headers.get('etag');
    const round = await service.round();
    expect(round.build).toBeNull();
    expect((await fetch(`${base}/v1/fees/table.json`)).headers.get('etag')).toBe(etag);
  });

  it('stablecoin days the node has no state for are gaps on /healthz and null in stables_mcap, never 0', async () => {
    const url = `${base}/v1/metrics/chains/mantle/stables_mcap.json`;
    const before = (await (await fetch(url)).json()).details.timeseries.daily.data as Array<Array<number | null>>;
    expect(before.every((r) => r[1]! > 0)).toBe(true);
    // Two old days lost their samples while the node pruned their state (it keeps 100 blocks).
    const lost = [before[2]![0]!, before[3]![0]!];
    await store.exec(`DELETE FROM supply_samples WHERE origin_key = 'mantle' AND day_ms IN (${lost.join(', ')})`);
    devnet.setStateHistory('mantle', 100);
    const round = await service.round();
    expect(round.build).not.toBeNull();
    const health = await (await fetch(`${base}/healthz`)).json();
    const mantle = health.chains.find((c: { origin_key: string }) => c.origin_key === 'mantle');
    expect(mantle.data_gaps).toEqual([
      { metric: 'stables_mcap', days: 2, first_day: new Date(lost[0]!).toISOString().slice(0, 10), last_day: new Date(lost[1]!).toISOString().slice(0, 10), reason: expect.stringMatching(/missing trie node/) },
    ]);
    expect(health.chains.find((c: { origin_key: string }) => c.origin_key === 'base').data_gaps).toBeUndefined();
    const after = (await (await fetch(url)).json()).details.timeseries.daily.data as Array<Array<number | null>>;
    expect(after.map((r) => r[0])).toEqual(before.map((r) => r[0]));
    after.forEach((r, i) => expect(r.slice(1)).toEqual(lost.includes(r[0]!) ? [null, null] : before[i]!.slice(1)));
  });
});

/** The samples of one metric in a Prometheus text exposition, as `{labels}` → value. */
function samples(text: string, name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (m && m[1] === name) out.set(m[2] ?? '', Number(m[3]));
  }
  return out;
}

describe('/metrics: what an operator alerts on', () => {
  it('per chain: head and stored block, lag, counters; per RPC endpoint: exchanges and failures by kind; per round: stages and the set; per source: sync age', async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    const health = (await (await fetch(`${base}/healthz`)).json()) as { chains: Array<{ origin_key: string; head_block: number; last_ingested_block: number; lag_seconds: number; status: string }> };
    for (const c of health.chains) {
      const l = `{chain="${c.origin_key}"}`;
      // The node's head, from the devnet's own clock-driven chain, and the stored block /healthz reports.
      expect(samples(text, 'chainlytics_chain_head_block').get(l), c.origin_key).toBe(devnet.head(c.origin_key));
      expect(samples(text, 'chainlytics_chain_ingested_block').get(l)).toBe(c.last_ingested_block);
      expect(samples(text, 'chainlytics_chain_lag_blocks').get(l)).toBe(devnet.head(c.origin_key) - c.last_ingested_block);
      expect(samples(text, 'chainlytics_chain_lag_seconds').get(l)).toBe(c.lag_seconds);
      expect(samples(text, 'chainlytics_chain_up').get(l)).toBe(c.status === 'ok' ? 1 : 0);
      expect(samples(text, 'chainlytics_chain_reorgs_total').get(l)).toBe(0);
      expect(samples(text, 'chainlytics_chain_backfill_remaining_blocks').get(l)).toBe(devnet.head(c.origin_key) - c.last_ingested_block);
      // One process wrote every stored block, from genesis (block 0) to the head; the
      // transactions counted as written are the ones the store holds.
      expect(samples(text, 'chainlytics_chain_blocks_ingested_total').get(l)).toBe(devnet.head(c.origin_key) + 1);
      const [stored] = await store.query<{ t: number }>('SELECT sum(tx_count)::INTEGER AS t FROM blocks WHERE origin_key = ?', [c.origin_key]);
      expect(samples(text, 'chainlytics_chain_transactions_ingested_total').get(l)).toBe(stored!.t);
    }
    // The flaky URL: every request it received is an exchange counted, and a 503 failure; split
    // between ingestion's client and the stablecoin sampler's, named by the operator's name.
    const requests = samples(text, 'chainlytics_rpc_requests_total');
    const errors = samples(text, 'chainlytics_rpc_errors_total');
    const flakyIngest = requests.get('{chain="ethereum",endpoint="flaky",client="ingest"}') ?? 0;
    const flakySampler = requests.get('{chain="ethereum",endpoint="flaky",client="stablecoins"}') ?? 0;
    expect(flakyRequests).toBeGreaterThan(0);
    expect(flakyIngest + flakySampler).toBe(flakyRequests);
    expect((errors.get('{chain="ethereum",endpoint="flaky",client="ingest",kind="http_status"}') ?? 0) + (errors.get('{chain="ethereum",endpoint="flaky",client="stablecoins",kind="http_status"}') ?? 0)).toBe(flakyRequests);
    expect(requests.get('{chain="ethereum",endpoint="rpc#2",client="ingest"}')).toBeGreaterThan(0);
    expect(requests.get('{chain="base",endpoint="rpc#1",client="ingest"}')).toBeGreaterThan(0);
    // The only other failures: the state mantle's node had pruned (the stablecoin test above).
    expect([...errors.keys()].filter((k) => !k.includes('endpoint="flaky"'))).toEqual(['{chain="mantle",endpoint="rpc#1",client="stablecoins",kind="jsonrpc_error"}']);
    expect(text).not.toContain('127.0.0.1'); // endpoints by name, never by URL
    // Rounds: every set swapped in was counted, the latest one described, each stage timed.
    const set = service.holder.current()!;
    expect(samples(text, 'chainlytics_document_sets_published_total').get('')).toBe(service.holder.swaps);
    expect(samples(text, 'chainlytics_rounds_total').get('')).toBeGreaterThanOrEqual(service.holder.swaps + 1); // + the round that published nothing
    expect(samples(text, 'chainlytics_round_failures_total').get('')).toBe(0);
    expect(samples(text, 'chainlytics_last_publish_documents').get('')).toBe(set.entries.size);
    expect(samples(text, 'chainlytics_last_publish_timestamp_seconds').get('')).toBe(set.builtAt / 1000);
    expect([...samples(text, 'chainlytics_round_stage_duration_seconds').keys()]).toEqual(
      ['sources', 'stablecoins', 'external', 'facts', 'documents', 'compress'].map((s) => `{stage="${s}"}`),
    );
    expect(samples(text, 'chainlytics_store_fault').size).toBe(0);
    // Sources: the devnet's price feed synced (no failure); labels and the external API are not
    // configured, so they have no samples at all.
    expect(samples(text, 'chainlytics_source_failures_total').get('{source="prices"}')).toBe(0);
    expect(samples(text, 'chainlytics_source_failing').get('{source="prices"}')).toBe(0);
    const age = samples(text, 'chainlytics_source_sync_age_seconds').get('{source="prices"}');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThanOrEqual((clock.now() - START) / 1000);
    expect(samples(text, 'chainlytics_source_sync_age_seconds').has('{source="labels"}')).toBe(false);
  });
});

describe('deploy/: the alert rules, the Grafana dashboard and docs/operations.md name only metrics /metrics exports', () => {
  const repo = (p: string): string => readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8');
  const named = (text: string): string[] => [...new Set(text.match(/\bchainlytics_[a-z0-9_]+/g) ?? [])];

  it('every query of the rules and the dashboard, and every name in the operations guide, is a metric the service exports; every exported metric is documented', async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    // Declared metrics (a metric without samples yet, such as chainlytics_store_fault, is still declared).
    const exported = new Set<string>();
    for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(m[1]!);
      if (m[2] === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exported.add(m[1]! + suffix);
    }
    expect(exported.has('chainlytics_store_fault')).toBe(true);

    const rules = parseYaml(repo('deploy/prometheus/chainlytics-rules.yml')) as { groups: Array<{ name: string; rules: Array<Record<string, unknown>> }> };
    const exprs: string[] = [];
    for (const rule of rules.groups.flatMap((g) => g.rules)) {
      expect(typeof rule.alert, JSON.stringify(rule)).toBe('string');
      expect(['critical', 'warning', 'info']).toContain((rule.labels as { severity: string }).severity);
      expect((rule.annotations as { summary: string }).summary.length).toBeGreaterThan(10);
      exprs.push(String(rule.expr));
    }
    const dashboard = JSON.parse(repo('deploy/grafana/chainlytics-dashboard.json')) as {
      panels: Array<{ type: string; targets?: Array<{ expr: string }> }>;
      templating: { list: Array<{ definition?: string }> };
    };
    const queries = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(queries.length).toBeGreaterThan(10);
    queries.push(...dashboard.templating.list.flatMap((v) => (v.definition ? [v.definition] : [])));
    for (const q of [...exprs, ...queries]) {
      const names = named(q);
      // Prometheus's own `up` series is the one query about no chainlytics metric (the process is gone).
      if (!/^up\{job="chainlytics"\} == 0$/.test(q)) expect(names.length, q).toBeGreaterThan(0);
      for (const n of names) expect(exported.has(n), `${n} in ${q}`).toBe(true);
    }
    const guide = repo('docs/operations.md');
    for (const n of named(guide)) expect(exported.has(n), `docs/operations.md names ${n}`).toBe(true);
    const declared = [...text.matchAll(/^# TYPE (chainlytics_\S+) /gm)].map((m) => m[1]!);
    for (const n of declared) expect(guide, `docs/operations.md does not describe ${n}`).toContain(`\`${n}\``);
  });
});
