// Every metric's ClickHouse expression gives DuckDB's value, bit for bit: the shared mock chain
// (chain-fixture.ts) with every definition, on an OP Stack and an Arbitrum chain, in DuckDB and
// on a 2-shard ClickHouse cluster, compared fact by fact (chain and contract facts, plain, wei
// converted to ETH and USD, address-set counts). The expected numbers themselves are each
// definition's own test (definitions/*.test.ts, on DuckDB).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFINITIONS } from '../../src/metrics/definitions/index.js';
import type { ChainFamily } from '../../src/registry/types.js';
import type { Store } from '../../src/store/store.js';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';
import { factsOnMockChain, MOCK_CONTRACT, MOCK_D0, MOCK_DAY_MS, MOCK_NOW, mockFactsIn } from './chain-fixture.js';

async function everyFact(store: Store, originKey: string, keys: readonly string[]): Promise<string[]> {
  const chain = await store.readFacts({ subject: { origin_key: originKey, dimension: 'chain', entity: '' }, keys, days_until: MOCK_NOW, hours_from: 0, hours_until: MOCK_NOW });
  const contract = await store.sumContractFacts({
    groups: [{ group: 'c', contracts: [{ origin_key: originKey, address: MOCK_CONTRACT }] }],
    keys,
    days_until: MOCK_NOW,
    hours_from: 0,
    hours_until: MOCK_NOW,
  });
  const sets = await store.distinctCounts('daa', { origin_key: originKey, dimension: 'chain', entity: '' }, [
    [MOCK_D0, MOCK_D0],
    [MOCK_D0, MOCK_D0 + MOCK_DAY_MS],
  ]);
  return [
    ...chain.map((r) => `chain ${r.granularity} ${r.metric_key} ${r.period_ms} ${Object.is(r.value, -0) ? '-0' : r.value}`),
    ...contract.filter((r) => r.origin_key !== null).map((r) => `contract ${r.granularity} ${r.metric_key} ${r.period_ms} ${r.value}`),
    `daa windows ${sets.join(',')}`,
  ].sort();
}

describe('ClickHouse metric expressions equal DuckDB on the mock chain', () => {
  let ch: TestCluster;
  beforeAll(async () => {
    ch = await startTestCluster();
  });
  afterAll(async () => {
    await ch?.stop();
  });

  for (const family of ['op', 'arbitrum'] as ChainFamily[]) {
    it(`${family}: every fact of every definition`, async () => {
      const duck = await factsOnMockChain(DEFINITIONS, family);
      const click = await mockFactsIn(await ch.open(), DEFINITIONS, family);
      try {
        const keys = await duck.keys();
        expect(keys.length).toBeGreaterThan(10);
        const expected = await everyFact(duck.store, duck.originKey, keys);
        expect(expected.filter((l) => l.startsWith('contract')).length).toBeGreaterThan(0);
        expect(await everyFact(click.store, click.originKey, keys)).toEqual(expected);
      } finally {
        await duck.close();
        await click.close();
      }
    });
  }
});
