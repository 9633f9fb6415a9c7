// A ClickHouse database created before transactions had blob columns gains them when a store
// opens it: the rows already stored read 0 (as DuckDB's migration gives them), new rows keep
// their blob gas and price exactly.
import { createClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';
import { makeBatch, tipOf } from '../store/helpers/batches.js';

describe('ClickHouse tables of an older layout', () => {
  let ch: TestCluster;
  beforeAll(async () => {
    ch = await startTestCluster();
  });
  afterAll(async () => {
    await ch?.stop();
  });

  it('transactions gain blob_gas_used and blob_gas_price_wei at open, old rows with 0', async () => {
    const database = `upgrade_${process.pid}`;
    const before = await ch.open(database);
    const old = makeBatch('c1', 0, 1);
    await before.writeBatch('c1', old, tipOf(old));
    await before.close();
    // Take the tables back to the layout without blob columns on every node.
    for (const n of ch.cluster.nodes) {
      const c = createClient({ url: n.url });
      for (const t of ['transactions', 'transactions_local']) {
        await c.command({ query: `ALTER TABLE ${database}.${t} DROP COLUMN blob_gas_used, DROP COLUMN blob_gas_price_wei` });
      }
      await c.close();
    }

    const store = await ch.open(database);
    try {
      const fresh = makeBatch('c1', 2, 2);
      fresh.txs[0] = { ...fresh.txs[0]!, blob_gas_used: 131_072n, blob_gas_price_wei: 2n ** 65n + 3n };
      await store.writeBatch('c1', fresh, tipOf(fresh));
      const rows = await store.query<{ block_number: string; tx_index: number; blob_gas_used: string; blob_gas_price_wei: string }>(
        'SELECT block_number, tx_index, blob_gas_used, blob_gas_price_wei FROM transactions FINAL WHERE tx_index = 0 ORDER BY block_number',
      );
      expect(rows).toEqual([
        { block_number: '0', tx_index: 0, blob_gas_used: '0', blob_gas_price_wei: '0' },
        { block_number: '1', tx_index: 0, blob_gas_used: '0', blob_gas_price_wei: '0' },
        { block_number: '2', tx_index: 0, blob_gas_used: '131072', blob_gas_price_wei: String(2n ** 65n + 3n) },
      ]);
    } finally {
      await store.close();
    }
  });
});
