// A store file written before the fact model had dimensions (layout version 1, with
// `daa_addresses`) opens with the current code: its facts, address sets, prices and raw rows
// read back the same, and computing facts on it keeps working.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { SCHEMA_VERSION } from '../../src/store/duckdb/schema.js';
import { chainSubject } from '../../src/store/facts.js';
import { makeChain } from '../metrics/chain-fixture.js';
import { VERSION_1_DDL } from './fixtures/version-1-ddl.js';

const D0 = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const BIG_WEI = 30_000_000_000_000_000_000_000n; // beyond 64 bits

/** Blocks of chain 'old': number, time (ms), senders of its transactions (fee 21000 gwei each). */
const BLOCKS: Array<[number, number, string[]]> = [
  [0, D0 + HOUR, [A, B]],
  [1, D0 + 5 * HOUR, [A]],
  [2, D0 + DAY + HOUR, [A]],
  [3, D0 + 2 * DAY, []],
];

async function writeVersion1File(path: string): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const conn = await instance.connect();
  try {
    for (const ddl of VERSION_1_DDL) await conn.run(ddl);
    for (const [n, ms, senders] of BLOCKS) {
      const hash = `0x${String(n).padStart(64, '0')}`;
      const t = ms / 1000;
      await conn.run(`INSERT INTO blocks VALUES ('old', ${n}, '${hash}', '0x${String(n - 1).padStart(64, '0')}', ${t}, ${21_000 * senders.length}, 1000000000, ${senders.length})`);
      for (const [i, from] of senders.entries()) {
        await conn.run(
          `INSERT INTO transactions VALUES ('old', ${n}, '${hash}', ${t}, '0x${n}${i}', ${i}, 2, ${i}, '${from}', '0x00000000000000000000000000000000000000dd',
             NULL, true, NULL, 0, 31000, 21000, 1, 1000000000, 0, 0, 21000000000000, true)`,
        );
      }
    }
    await conn.run(`INSERT INTO checkpoints VALUES ('old', 3, '0x${'3'.padStart(64, '0')}')`);
    // Facts as version 1 computed them for day 0 and day 1, and one beyond-64-bit wei sum.
    await conn.run(`INSERT INTO facts VALUES ('old', 'txcount', 'daily', ${D0}, 3), ('old', 'daa', 'daily', ${D0}, 2),
                    ('old', 'txcount', 'daily', ${D0 + DAY}, 1), ('old', 'daa', 'daily', ${D0 + DAY}, 1),
                    ('old', 'txcount', 'hourly', ${D0 + HOUR}, 2), ('old', 'fees_paid_usd', 'daily', ${D0}, NULL)`);
    await conn.run(`INSERT INTO native_facts VALUES ('old', 'fees_paid', 'daily', ${D0}, 3e22, ${BIG_WEI})`);
    await conn.run(`INSERT INTO daa_addresses VALUES ('old', ${D0}, '${A}'), ('old', ${D0}, '${B}'), ('old', ${D0 + DAY}, '${A}')`);
    await conn.run(`INSERT INTO fact_status VALUES ('old', ${D0 + 2 * DAY}, ${D0 + 2 * DAY})`);
    await conn.run(`INSERT INTO pending_days VALUES ('old', ${D0 + 2 * DAY})`);
    await conn.run(`INSERT INTO prices VALUES ('ethereum', 'daily', ${D0 + DAY}, 2000)`);
    await conn.run(`INSERT INTO price_status VALUES ('old', 'daily', ${D0}, 'ethereum', 'missing', NULL)`);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

describe('opening a version 1 store file', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chainlytics-migrate-'));
    path = join(dir, 'old.duckdb');
    await writeVersion1File(path);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function expectVersion1Content(store: DuckDbStore): Promise<void> {
    expect(await store.factStatus()).toEqual(new Map([['old', { hours_until: D0 + 2 * DAY, days_until: D0 + 2 * DAY }]]));
    const rows = await store.readFacts({ subject: chainSubject('old'), keys: ['txcount', 'daa', 'fees_paid_usd'], days_until: D0 + 2 * DAY, hours_from: D0, hours_until: D0 + 2 * DAY });
    expect(rows.map((r) => `${r.granularity} ${r.metric_key} ${r.period_ms - D0} ${r.value}`).sort()).toEqual([
      'daily daa 0 2',
      `daily daa ${DAY} 1`,
      'daily fees_paid_usd 0 null',
      'daily txcount 0 3',
      `daily txcount ${DAY} 1`,
      `hourly txcount ${HOUR} 2`,
    ]);
    // A and B on day 0, A again on day 1: two distinct over both days.
    expect(await store.distinctCounts('daa', chainSubject('old'), [[D0, D0], [D0 + DAY, D0 + DAY], [D0, D0 + DAY]])).toEqual([2, 1, 2]);
    const [wei] = await store.query<{ w: bigint; dimension: string; entity: string }>("SELECT exact_wei AS w, dimension, entity FROM native_facts WHERE origin_key = 'old'");
    expect(wei).toEqual({ w: BIG_WEI, dimension: 'chain', entity: '' });
    expect(await store.pendingDays('old')).toEqual([D0 + 2 * DAY]);
    expect(await store.readPrices('ethereum', 'daily')).toEqual([{ asset: 'ethereum', granularity: 'daily', period_ms: D0 + DAY, usd: 2000 }]);
    expect(await store.priceStatus('old')).toEqual([{ origin_key: 'old', granularity: 'daily', period_ms: D0, asset: 'ethereum', status: 'missing', price_period_ms: null }]);
    expect(await store.getCheckpoint('old')).toEqual({ origin_key: 'old', block_number: 3, block_hash: `0x${'3'.padStart(64, '0')}` });
  }

  it('migrates at open: same facts, distinct counts, prices and raw rows; version recorded; opening again changes nothing', async () => {
    let store = await DuckDbStore.open({ path });
    try {
      await expectVersion1Content(store);
      expect(await store.query('SELECT version FROM schema_version')).toEqual([{ version: SCHEMA_VERSION }]);
      expect(await store.query("SELECT table_name FROM duckdb_tables() WHERE table_name = 'daa_addresses'")).toEqual([]);
      expect(await store.query('SELECT set_key, origin_key, dimension, entity, day_ms, address FROM address_sets ORDER BY day_ms, address')).toEqual([
        { set_key: 'daa', origin_key: 'old', dimension: 'chain', entity: '', day_ms: BigInt(D0), address: A },
        { set_key: 'daa', origin_key: 'old', dimension: 'chain', entity: '', day_ms: BigInt(D0), address: B },
        { set_key: 'daa', origin_key: 'old', dimension: 'chain', entity: '', day_ms: BigInt(D0 + DAY), address: A },
      ]);
      // Fresh and migrated files have the same columns in the same order.
      const fresh = await DuckDbStore.open({ path: ':memory:' });
      try {
        const columns = (s: DuckDbStore) =>
          s.query("SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'main' ORDER BY table_name, ordinal_position");
        expect(await columns(store)).toEqual(await columns(fresh));
        // Version 5's blob columns: rows stored before them carry no blob gas.
        expect(await store.query('SELECT DISTINCT blob_gas_used, blob_gas_price_wei FROM transactions')).toEqual([{ blob_gas_used: 0n, blob_gas_price_wei: 0n }]);
      } finally {
        await fresh.close();
      }
    } finally {
      await store.close();
    }
    store = await DuckDbStore.open({ path });
    try {
      await expectVersion1Content(store);
      expect(await store.query('SELECT count(*) AS n FROM address_sets')).toEqual([{ n: 3n }]);
    } finally {
      await store.close();
    }
  });

  it('keeps working: facts computed on the migrated file from its raw rows equal the ones it held', async () => {
    const store = await DuckDbStore.open({ path });
    try {
      const chain = makeChain('old');
      await computeFacts(store, [chain], new FixedClock(D0 + 3 * DAY), { full: true, logger: createLogger('silent') });
      const rows = await store.readFacts({ subject: chainSubject('old'), keys: ['txcount', 'daa'], days_until: D0 + 2 * DAY, hours_from: D0, hours_until: D0 + 2 * HOUR });
      expect(rows.filter((r) => r.granularity === 'daily').map((r) => `${r.metric_key} ${r.period_ms - D0} ${r.value}`).sort()).toEqual([
        'daa 0 2',
        `daa ${DAY} 1`,
        'txcount 0 3',
        `txcount ${DAY} 1`,
      ]);
      expect(rows.find((r) => r.granularity === 'hourly' && r.metric_key === 'txcount' && r.period_ms === D0 + HOUR)?.value).toBe(2);
      expect(await store.distinctCounts('daa', chainSubject('old'), [[D0, D0 + DAY]])).toEqual([2]);
      // Day 0 precedes every stored price: still converted without one.
      expect((await store.priceStatus('old')).map((r) => [r.period_ms - D0, r.status])).toContainEqual([0, 'missing']);
    } finally {
      await store.close();
    }
  });

  it('refuses a file written by a newer layout', async () => {
    const store = await DuckDbStore.open({ path });
    await store.exec('UPDATE schema_version SET version = 99');
    await store.close();
    await expect(DuckDbStore.open({ path })).rejects.toThrow(`layout version 99 was written by a newer chainlytics (this one reads up to ${SCHEMA_VERSION})`);
  });
});
