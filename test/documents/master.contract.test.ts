// CONTRACT.md section 6: master.json keys, and supported metrics/chains naming exactly the
// metric detail documents of the same build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { CHAIN_METRICS } from '../../src/metrics/catalog.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, makeChain } from '../metrics/chain-fixture.js';
import { DAY } from './scenario.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 5, 3);

type Master = {
  current_version: string;
  chains: Record<string, Record<string, unknown> & { supported_metrics: string[]; url_key: string }>;
  metrics: Record<string, Record<string, unknown> & { supported_chains: string[] }>;
  app_metrics: Record<string, unknown>;
  fee_metrics: Record<string, Record<string, unknown>>;
  blockspace_categories: { main_categories: Record<string, string>; sub_categories: Record<string, string>; mapping: Record<string, string[]> };
  last_updated_utc: string;
};

describe('master.json (CONTRACT.md 6)', () => {
  let store: DuckDbStore;
  let inputs: DocumentInput[];
  let master: Master;
  const alpha = makeChain('op_mainnet', { name: 'OP Mainnet', name_short: 'OP', evm_chain_id: 10 });
  const idle = makeChain('idle_chain');
  // A chain whose only activity is system transactions: daa > 0, txcount always 0.
  const quiet = makeChain('quiet');

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    await new ChainWriter(store, alpha).write([{ time: (D0 + 3_600_000) / 1000, txs: [{ from: addr(1) }, { from: addr(2) }] }, { time: (D0 + DAY) / 1000 }]);
    await new ChainWriter(store, quiet).write([{ time: (D0 + 3_600_000) / 1000, txs: [{ from: addr(3), gasPrice: 0n }] }, { time: (D0 + DAY) / 1000 }]);
    const clock = new FixedClock(D0 + DAY + 7_200_000);
    await computeFacts(store, [alpha, idle, quiet], clock, { logger: silent });
    ({ inputs } = await buildAllDocuments(store, [alpha, idle, quiet], clock, { logger: silent }));
    master = JSON.parse(JSON.stringify(inputs.find((i) => i.path === '/v1/master.json')!.json)) as Master;
  });
  afterAll(async () => {
    await store.close();
  });

  it('has exactly the top-level keys of the contract', () => {
    expect(Object.keys(master).sort()).toEqual(['app_metrics', 'blockspace_categories', 'chains', 'current_version', 'fee_metrics', 'last_updated_utc', 'metrics']);
    expect(master.current_version).toBe('v1');
    expect(master.last_updated_utc).toBe('2024-06-04 02:00:00');
    expect(master.app_metrics).toEqual({});
  });

  it('lists every configured chain with the contract keys; url_key replaces _ with -', () => {
    expect(Object.keys(master.chains)).toEqual(['op_mainnet', 'idle_chain', 'quiet']);
    const c = master.chains.op_mainnet!;
    expect(Object.keys(c).sort()).toEqual(
      ['name', 'name_short', 'url_key', 'chain_type', 'evm_chain_id', 'deployment', 'symbol', 'gas_token', 'bucket', 'colors', 'launch_date', 'website', 'block_explorers', 'supported_metrics'].sort(),
    );
    expect(c).toMatchObject({ name: 'OP Mainnet', name_short: 'OP', url_key: 'op-mainnet', evm_chain_id: 10, deployment: 'PROD', symbol: 'ETH', gas_token: 'ethereum' });
  });

  it('supported_metrics and supported_chains name exactly the metric documents built', () => {
    const built = new Set(inputs.map((i) => i.path).filter((p) => p.startsWith('/v1/metrics/chains/')));
    for (const [ok, c] of Object.entries(master.chains)) {
      for (const m of CHAIN_METRICS) {
        const has = built.has(`/v1/metrics/chains/${ok}/${m.metric_id}.json`);
        expect(c.supported_metrics.includes(m.metric_id)).toBe(has);
        expect(master.metrics[m.metric_id]!.supported_chains.includes(ok)).toBe(has);
      }
    }
    expect(master.chains.op_mainnet!.supported_metrics).toEqual(['txcount', 'daa', 'fees', 'txcosts', 'throughput']);
    expect(master.chains.idle_chain!.supported_metrics).toEqual([]);
    // Only system transactions: active addresses and gas, but no user transactions and no fees.
    expect(master.chains.quiet!.supported_metrics).toEqual(['daa', 'throughput']);
    expect(master.metrics.tvl!.supported_chains).toEqual([]);
  });

  it('describes every catalog metric with the contract keys', () => {
    expect(Object.keys(master.metrics)).toEqual(CHAIN_METRICS.map((m) => m.metric_id));
    for (const m of Object.values(master.metrics)) {
      expect(Object.keys(m).sort()).toEqual(
        ['name', 'metric_keys', 'units', 'avg', 'monthly_agg', 'hourly_available', 'ranking_bubble', 'fundamental', 'category', 'supported_chains'].sort(),
      );
      expect(m.fundamental).toBe(true);
      expect(['sum', 'avg', 'unique']).toContain(m.monthly_agg);
      for (const u of Object.values(m.units as Record<string, Record<string, unknown>>)) {
        expect(Object.keys(u).sort()).toEqual(['agg', 'agg_tooltip', 'currency', 'decimals', 'decimals_tooltip', 'prefix', 'suffix']);
      }
    }
    expect(master.metrics.fees).toMatchObject({ metric_keys: ['fees_paid_usd', 'fees_paid_eth'], monthly_agg: 'sum', hourly_available: true });
    expect(Object.keys(master.metrics.fees!.units as object)).toEqual(['usd', 'eth']);
    expect(master.metrics.daa).toMatchObject({ metric_keys: ['daa'], monthly_agg: 'unique' });
    expect(master.metrics.throughput).toMatchObject({ metric_keys: ['gas_per_second'] });
  });

  it('describes the six fee metrics; only tps and throughput invert normalization', () => {
    expect(Object.keys(master.fee_metrics).sort()).toEqual(['throughput', 'tps', 'txcosts_avg', 'txcosts_median', 'txcosts_native_median', 'txcosts_swap']);
    for (const [k, f] of Object.entries(master.fee_metrics)) {
      expect(Object.keys(f).sort()).toEqual(['category', 'currency', 'invert_normalization', 'name', 'name_short', 'priority', 'units']);
      expect(f.invert_normalization).toBe(k === 'tps' || k === 'throughput');
      expect(f.currency).toBe(k.startsWith('txcosts'));
    }
    expect(Object.values(master.fee_metrics).map((f) => f.priority).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('blockspace categories map every sub category to one main category', () => {
    const b = master.blockspace_categories;
    const mapped = Object.values(b.mapping).flat();
    expect(new Set(mapped).size).toBe(mapped.length);
    expect(mapped.sort()).toEqual(Object.keys(b.sub_categories).sort());
    expect(Object.keys(b.mapping).sort()).toEqual(Object.keys(b.main_categories).sort());
    expect(b.main_categories).toMatchObject({ finance: 'Finance', token_transfers: 'Token Transfers', cross_chain: 'Cross-Chain', unlabeled: 'Unlabeled' });
    expect(b.mapping.token_transfers).toEqual(['native_transfer', 'stablecoin', 'fungible_tokens']);
  });
});
