// CONTRACT.md 11.6 (amending sections 6 and 8): master.json `chains[*].chain_type` is l1, rollup or
// others ("-" for all_l2s), all_l2s covers every PROD chain that is rollup or others, `maturity`
// is a key of `maturity_levels` or "NA" (never null) and `maturity_levels` holds the reference's
// six levels. The chains come from a config file through the real loader (built-in chains, an
// override, chains that are not built in), their transactions go into a real DuckDB store, and the
// documents come from the real builders. Expected values are written out here from the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { ConfigError, parseConfig } from '../../src/registry/config.js';
import type { Chain } from '../../src/registry/types.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter } from '../metrics/chain-fixture.js';
import { DAY, HOUR } from './scenario.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 5, 3);

const CONFIG = [
  'chains:',
  '  - { origin_key: ethereum, rpc_urls: [ "http://127.0.0.1:1" ] }',
  '  - { origin_key: base, rpc_urls: [ "http://127.0.0.1:2" ] }',
  '  - { origin_key: mantle, rpc_urls: [ "http://127.0.0.1:3" ] }',
  // Marked DEV: a rollup, but out of the L2 universe.
  '  - { origin_key: arbitrum, rpc_urls: [ "http://127.0.0.1:4" ], deployment: DEV }',
  // The operator's own value wins over the built-in rollup.
  '  - { origin_key: scroll, rpc_urls: [ "http://127.0.0.1:5" ], chain_type: others, maturity: 2_developing }',
  '  - origin_key: my_rollup',
  '    name: My Rollup',
  '    evm_chain_id: 90001',
  '    family: op',
  '    gas_token: ethereum',
  '    rpc_urls: [ "http://127.0.0.1:6" ]',
  '    da_layer: Ethereum (calldata)',
  '    maturity: 3_maturing',
  '  - origin_key: my_sidechain',
  '    name: My Sidechain',
  '    evm_chain_id: 90002',
  '    family: default',
  '    gas_token: ethereum',
  '    rpc_urls: [ "http://127.0.0.1:7" ]',
  '    maturity: null',
  '',
].join('\n');

// The contract's values for these chains (11.6: ethereum l1; an L2 posting its data to Ethereum
// rollup; EigenDA, no known DA layer, or the operator's word: others).
const WANT_TYPE: Record<string, string> = {
  all_l2s: '-',
  arbitrum: 'rollup',
  base: 'rollup',
  ethereum: 'l1',
  mantle: 'others',
  my_rollup: 'rollup',
  my_sidechain: 'others',
  scroll: 'others',
};
const WANT_MATURITY: Record<string, string> = {
  all_l2s: 'NA',
  arbitrum: 'NA',
  base: 'NA',
  ethereum: '10_foundational',
  mantle: 'NA',
  my_rollup: '3_maturing',
  my_sidechain: 'NA',
  scroll: '2_developing',
};
// Each chain sends a different number of transactions on D0, so a sum names the chains in it.
const TXS: Record<string, number> = { ethereum: 1, base: 2, mantle: 4, arbitrum: 8, scroll: 16, my_rollup: 32, my_sidechain: 64 };
// The reference's ladder (gtp-backend src/config.py l2_maturity_levels), highest first.
const LEVELS: Array<[string, string]> = [
  ['10_foundational', 'Foundational'],
  ['4_robust', 'Robust'],
  ['3_maturing', 'Maturing'],
  ['2_developing', 'Developing'],
  ['1_emerging', 'Emerging'],
  ['0_early_phase', 'Not Categorized'],
];

type ChainEntry = { chain_type: string; maturity: string; deployment: string };
type Master = { chains: Record<string, ChainEntry>; maturity_levels: Record<string, { name: string; description: string; conditions: Record<string, unknown> }> };
type Detail = { details: { timeseries: { daily: { types: string[]; data: number[][] } } } };

describe('master.json chain_type and maturity (CONTRACT.md 11.6)', () => {
  let store: DuckDbStore;
  let inputs: DocumentInput[];
  let master: Master;
  let chains: Chain[];
  const json = <T>(path: string): T => JSON.parse(JSON.stringify(inputs.find((i) => i.path === path)!.json)) as T;

  beforeAll(async () => {
    chains = parseConfig(CONFIG, 'chainlytics.yaml', { env: {} }).chains;
    store = await DuckDbStore.open({ path: ':memory:' });
    for (const chain of chains) {
      const txs = Array.from({ length: TXS[chain.origin_key]! }, (_, i) => ({ from: addr(1 + i) }));
      await new ChainWriter(store, chain).write([{ time: (D0 + HOUR) / 1000, txs }, { time: (D0 + DAY + HOUR) / 1000 }]);
    }
    const clock = new FixedClock(D0 + DAY + 2 * HOUR);
    await computeFacts(store, chains, clock, { logger: silent });
    ({ inputs } = await buildAllDocuments(store, chains, clock, { logger: silent }));
    master = json<Master>('/v1/master.json');
  });
  afterAll(async () => {
    await store.close();
  });

  it('chain_type is l1, rollup or others for every chain and "-" for all_l2s, by the DA rule or the operator', () => {
    expect(Object.fromEntries(Object.entries(master.chains).map(([k, c]) => [k, c.chain_type]))).toEqual(WANT_TYPE);
  });

  it("the reference home table's filter keeps every chain (it drops a chain_type outside l1, rollup, others)", () => {
    // F:components/home/LandingUserBaseChart.tsx: chainType from chain_type ('-' → null), kept
    // when in the default selection.
    const selection = ['l1', 'rollup', 'others'];
    const kept = Object.entries(master.chains)
      .map(([k, c]) => [k, c.chain_type === '-' ? null : c.chain_type] as const)
      .filter(([, t]) => t !== null && selection.includes(t));
    expect(kept.map(([k]) => k).sort()).toEqual(chains.map((c) => c.origin_key).sort());
  });

  it('all_l2s covers every PROD chain whose chain_type is rollup or others: not ethereum (l1), not the DEV rollup', () => {
    const members = Object.entries(master.chains).filter(([k, c]) => k !== 'all_l2s' && c.deployment === 'PROD' && ['rollup', 'others'].includes(c.chain_type));
    expect(members.map(([k]) => k).sort()).toEqual(['base', 'mantle', 'my_rollup', 'my_sidechain', 'scroll']);
    const daily = json<Detail>('/v1/metrics/chains/all_l2s/txcount.json').details.timeseries.daily;
    // base + mantle + scroll + my_rollup + my_sidechain on D0.
    expect(daily.data).toEqual([[D0, 2 + 4 + 16 + 32 + 64]]);
  });

  it('maturity: 10_foundational for ethereum, the operator value where set, NA otherwise and for all_l2s; never null', () => {
    expect(Object.fromEntries(Object.entries(master.chains).map(([k, c]) => [k, c.maturity]))).toEqual(WANT_MATURITY);
    // F:components/layout/Landing/LandingMetricsTable.tsx sorts on it as written: no null may reach .split.
    const sortKeys = Object.values(master.chains).map((c) => (c.maturity !== 'NA' && c.maturity !== undefined ? parseInt(c.maturity.split('_')[0]!, 10) : undefined));
    expect(sortKeys.filter((k) => k !== undefined).sort((a, b) => a! - b!)).toEqual([2, 3, 10]);
  });

  it("maturity_levels: the reference's six levels, highest first, each {name, description, conditions}; every maturity names one or is NA", () => {
    expect(Object.entries(master.maturity_levels).map(([k, l]) => [k, l.name])).toEqual(LEVELS);
    for (const [k, l] of Object.entries(master.maturity_levels)) {
      expect(Object.keys(l), k).toEqual(['name', 'description', 'conditions']);
      expect(l.description.length, k).toBeGreaterThan(20);
      expect(typeof l.conditions === 'object' && l.conditions !== null && !Array.isArray(l.conditions), k).toBe(true);
    }
    // The reference gives prose ("Be Ethereum") or nothing for these two: {} here.
    expect(master.maturity_levels['10_foundational']!.conditions).toEqual({});
    expect(master.maturity_levels['0_early_phase']!.conditions).toEqual({});
    expect(master.maturity_levels['3_maturing']!.conditions).toEqual({ and: { tvs: 150_000_000, stage: 'Stage 1', age: 180, risks: 0 } });
    for (const [k, c] of Object.entries(master.chains)) expect(c.maturity === 'NA' || c.maturity in master.maturity_levels, k).toBe(true);
  });
});

describe('chain_type and maturity in the configuration (CONTRACT.md 11.6: the operator may override per chain)', () => {
  const chain = (entry: string) => parseConfig(`chains:\n  - ${entry}\n`, 'c.yaml', { env: {} }).chains[0]!;
  const custom = (extra: string) => chain(`{ origin_key: x, name: X, evm_chain_id: 77, family: default, gas_token: ethereum, rpc_urls: [ "http://h" ]${extra} }`);
  const refusal = (entry: string): string => {
    try {
      chain(entry);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as ConfigError).message;
    }
    throw new Error(`accepted: ${entry}`);
  };

  it('a chain that is not built in follows its da_layer unless it names a type; an l1 settles nowhere', () => {
    expect(custom(', da_layer: "Ethereum (blobs)"').chain_type).toBe('rollup');
    expect(custom(', da_layer: Celestia').chain_type).toBe('others');
    expect(custom('').chain_type).toBe('others');
    const l1 = custom(', chain_type: l1');
    expect([l1.chain_type, l1.settlement_chain]).toEqual(['l1', null]);
    expect(custom(', chain_type: rollup').settlement_chain).toBe('ethereum');
  });

  it('a built-in chain keeps its type, follows a da_layer its entry moves, and keeps l1 whatever the DA', () => {
    expect(chain('{ origin_key: zora, rpc_urls: [ "http://h" ] }').chain_type).toBe('rollup');
    expect(chain('{ origin_key: zora, rpc_urls: [ "http://h" ], da_layer: Celestia }').chain_type).toBe('others');
    expect(chain('{ origin_key: mantle, rpc_urls: [ "http://h" ], da_layer: "Ethereum (blobs)" }').chain_type).toBe('rollup');
    expect(chain('{ origin_key: ethereum, rpc_urls: [ "http://h" ], da_layer: Celestia }').chain_type).toBe('l1');
  });

  it('refuses the old values and unknown levels, naming the value to write', () => {
    expect(refusal('{ origin_key: base, rpc_urls: [ "http://h" ], chain_type: L2 }')).toContain(
      'chains[0].chain_type: expected one of l1, rollup, others; found "L2". Fix: write chain_type: rollup if the chain posts its data to Ethereum, others if not',
    );
    expect(refusal('{ origin_key: ethereum, rpc_urls: [ "http://h" ], chain_type: L1 }')).toContain('Fix: write chain_type: l1');
    expect(refusal('{ origin_key: base, rpc_urls: [ "http://h" ], maturity: robust }')).toContain(
      'chains[0].maturity: expected one of NA, 10_foundational, 4_robust, 3_maturing, 2_developing, 1_emerging, 0_early_phase, or null (NA); found "robust"',
    );
  });
});
