// The contract-group reads (integer ids, per-chain aggregation with totals only for multi-chain
// groups, window bit masks, list results) against a brute force over random sets and facts:
// overlapping groups, a contract twice in a group, groups on one chain, contracts without data,
// NULL values and repeated windows. Also: a layout-3 file (contract sets in address_sets)
// migrates and reads the same counts. The random cases run on DuckDB and on the 2-shard
// ClickHouse cluster alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractGroup, ContractRef, DayWindows, GroupDistinctResult } from '../../src/store/contract-facts.js';
import { ClickHouseStore } from '../../src/store/clickhouse/clickhouse-store.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';
import { ADDRESS_SETS_DDL, SCHEMA_VERSION } from '../../src/store/duckdb/schema.js';

const D0 = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

/** A small deterministic generator, so a failure reproduces. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface SetRow {
  origin_key: string;
  contract: string;
  day: number;
  address: string;
}

function randomData(seed: number) {
  const r = rng(seed);
  const chains = ['a', 'b', 'c'];
  const contracts: ContractRef[] = Array.from({ length: 12 }, (_, i) => ({ origin_key: chains[i % 3]!, address: addr(0x1000 + (i % 8)) }));
  const sets: SetRow[] = [];
  const facts: Array<{ c: ContractRef; key: string; day: number; value: number | null }> = [];
  for (const c of contracts.slice(0, 10)) {
    for (let d = 0; d < 20; d++) {
      if (r() < 0.3) continue;
      const used = new Set<string>();
      for (let k = 0; k < 1 + Math.floor(r() * 4); k++) used.add(addr(1 + Math.floor(r() * 15)));
      for (const a of used) sets.push({ origin_key: c.origin_key, contract: c.address, day: D0 + d * DAY, address: a });
      for (const key of ['x', 'y']) facts.push({ c, key, day: D0 + d * DAY, value: key === 'y' && r() < 0.05 ? null : Math.floor(r() * 100) });
    }
  }
  const pick = () => contracts[Math.floor(r() * contracts.length)]!;
  const groups: ContractGroup[] = [
    ...Array.from({ length: 6 }, (_, g) => ({ group: `g${g}`, contracts: Array.from({ length: 1 + Math.floor(r() * 5) }, pick) })),
    { group: 'one-chain', contracts: contracts.filter((c) => c.origin_key === 'a') },
    ...contracts.map((c) => ({ group: `${c.origin_key}:${c.address}`, contracts: [c] })),
  ];
  return { contracts, sets, facts, groups };
}

async function writeData(store: DuckDbStore | ClickHouseStore, data: ReturnType<typeof randomData>): Promise<void> {
  if (store instanceof ClickHouseStore) {
    // ClickHouse keeps contract sets with the addresses as text (schema.ts); rows of version 1.
    await store.exec(
      `INSERT INTO contract_address_sets VALUES ${data.sets.map((s) => `('contract_senders', '${s.origin_key}', '${s.contract}', ${s.day}, '${s.address}', 1, 0)`).join(', ')}`,
    );
    await store.exec(
      `INSERT INTO facts VALUES ${data.facts.map((f) => `('${f.c.origin_key}', 'contract', '${f.c.address}', '${f.key}', 'daily', ${f.day}, ${f.value ?? 'NULL'}, 1, 0)`).join(', ')}`,
    );
    return;
  }
  const all = [...new Set(data.sets.flatMap((s) => [s.contract, s.address]))].sort();
  const id = new Map(all.map((a, i) => [a, i + 1]));
  await store.exec(`INSERT INTO address_ids VALUES ${all.map((a) => `('${a}', ${id.get(a)})`).join(', ')}`);
  await store.exec(
    `INSERT INTO contract_address_sets VALUES ${data.sets.map((s) => `('contract_senders', '${s.origin_key}', ${id.get(s.contract)}, ${s.day}, ${id.get(s.address)})`).join(', ')}`,
  );
  await store.exec(
    `INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value) VALUES ${data.facts
      .map((f) => `('${f.c.origin_key}', 'contract', '${f.c.address}', '${f.key}', 'daily', ${f.day}, ${f.value ?? 'NULL'})`)
      .join(', ')}`,
  );
}

const inGroup = (g: ContractGroup, origin: string, contract: string, chain: string | null) =>
  (chain === null || chain === origin) && g.contracts.some((c) => c.origin_key === origin && c.address === contract);

function levels(g: ContractGroup): Array<string | null> {
  return [...new Set(g.contracts.map((c) => c.origin_key)), null];
}

function bruteDistinct(data: ReturnType<typeof randomData>, groups: ContractGroup[], from: number, until: number, windows: DayWindows) {
  const daily: string[] = [];
  const win: string[] = [];
  for (const name of new Set(groups.map((g) => g.group))) {
    const g = { group: name, contracts: groups.filter((x) => x.group === name).flatMap((x) => x.contracts) };
    for (const chain of levels(g)) {
      const rows = data.sets.filter((s) => inGroup(g, s.origin_key, s.contract, chain));
      for (const day of new Set(rows.map((s) => s.day))) {
        if (day < from || day >= until) continue;
        daily.push(`${name} ${chain} ${day} ${new Set(rows.filter((s) => s.day === day).map((s) => s.address)).size}`);
      }
      windows.forEach(([lo, hi], w) => {
        const n = new Set(rows.filter((s) => s.day >= lo && s.day <= hi).map((s) => s.address)).size;
        if (n > 0) win.push(`${name} ${chain} ${w} ${n}`);
      });
    }
  }
  return { daily: daily.sort(), windows: win.sort() };
}

/** readContractFacts by hand: by list index, key index, then day (the data has daily facts only). */
function bruteColumns(data: ReturnType<typeof randomData>, list: readonly ContractRef[], keys: readonly string[], daysUntil: number): string[] {
  return list.flatMap((c, ci) =>
    keys.flatMap((key, ki) =>
      data.facts
        .filter((f) => f.c.origin_key === c.origin_key && f.c.address === c.address && f.key === key && f.day < daysUntil)
        .sort((a, b) => a.day - b.day)
        .map((f) => `${ci} ${ki} 0 ${f.day} ${f.value ?? NaN}`),
    ),
  );
}

function bruteSums(data: ReturnType<typeof randomData>, groups: ContractGroup[], windows: DayWindows | null) {
  const out: string[] = [];
  for (const name of new Set(groups.map((g) => g.group))) {
    const g = { group: name, contracts: groups.filter((x) => x.group === name).flatMap((x) => x.contracts) };
    for (const chain of levels(g)) {
      for (const key of ['x', 'y']) {
        const rows = data.facts.filter((f) => f.key === key && inGroup(g, f.c.origin_key, f.c.address, chain));
        const sum = (sel: typeof rows) => (sel.some((f) => f.value === null) ? null : sel.reduce((a, f) => a + f.value!, 0));
        if (windows === null) {
          for (const day of new Set(rows.map((f) => f.day))) out.push(`${name} ${chain} ${key} daily ${day} ${sum(rows.filter((f) => f.day === day))}`);
        } else {
          windows.forEach(([lo, hi], w) => {
            const sel = rows.filter((f) => f.day >= lo && f.day <= hi);
            if (sel.length > 0) out.push(`${name} ${chain} ${key} ${w} ${sum(sel)}`);
          });
        }
      }
    }
  }
  return out.sort();
}

let cluster: TestCluster | undefined;
beforeAll(async () => {
  cluster = await startTestCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

describe('contract group reads', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  for (const [engine, seed] of (['duckdb', 'clickhouse'] as const).flatMap((e) => [1, 2, 3].map((n) => [e, n] as const))) {
    it(`${engine}: match a brute force on random data (seed ${seed})`, async () => {
      const data = randomData(seed);
      const store = engine === 'duckdb' ? await DuckDbStore.open({ path: ':memory:' }) : await cluster!.open();
      try {
        await writeData(store, data);
        const windows: DayWindows = [
          [D0 + 19 * DAY, D0 + 19 * DAY],
          [D0 + 13 * DAY, D0 + 19 * DAY],
          [D0, D0 + 19 * DAY],
          [D0, D0 + 19 * DAY],
          [D0 + 3 * DAY, D0 + 9 * DAY],
          [D0 + 40 * DAY, D0 + 50 * DAY],
        ];
        const groups = data.groups;
        const d = await store.distinctOverContracts({ set_key: 'contract_senders', groups, days_from: D0 + 2 * DAY, days_until: D0 + 15 * DAY, windows });
        const expected = bruteDistinct(data, groups, D0 + 2 * DAY, D0 + 15 * DAY, windows);
        expect(d.daily.map((x) => `${x.group} ${x.origin_key} ${x.day_ms} ${x.n}`).sort()).toEqual(expected.daily);
        expect(d.windows.map((x) => `${x.group} ${x.origin_key} ${x.window} ${x.n}`).sort()).toEqual(expected.windows);
        // Windows only, and more than 64 windows (several bit masks).
        const many: DayWindows = Array.from({ length: 70 }, (_, i) => [D0 + (i % 20) * DAY, D0 + Math.min(19, (i % 20) + (i % 7)) * DAY] as const);
        const w = await store.distinctOverContracts({ set_key: 'contract_senders', groups, days_from: 0, days_until: 0, windows: many });
        expect(w.daily).toEqual([]);
        expect(w.windows.map((x) => `${x.group} ${x.origin_key} ${x.window} ${x.n}`).sort()).toEqual(bruteDistinct(data, groups, 0, 0, many).windows);
        // Several groupings from one read of their sets: each counts only its own days and contracts,
        // as its own distinctOverContracts would (a grouping that asks for nothing, and one
        // without groups, get empty results in their places).
        const projects = groups.slice(0, 7);
        const singles = groups.slice(7);
        const late: DayWindows = [[D0 + 12 * DAY, D0 + 19 * DAY], [D0 + 17 * DAY, D0 + 19 * DAY]];
        const [byProject, nothing, noGroups, bySingle] = await store.distinctOverGroupings({
          set_key: 'contract_senders',
          groupings: [
            { groups: projects, days_from: D0 + 2 * DAY, days_until: D0 + 6 * DAY, windows: [[D0, D0 + 4 * DAY]] },
            { groups: projects, days_from: 0, days_until: 0, windows: [] },
            { groups: [], days_from: D0, days_until: D0 + 20 * DAY, windows },
            { groups: singles, days_from: 0, days_until: 0, windows: late },
          ],
        });
        const text = (r: GroupDistinctResult) => ({
          daily: r.daily.map((x) => `${x.group} ${x.origin_key} ${x.day_ms} ${x.n}`).sort(),
          windows: r.windows.map((x) => `${x.group} ${x.origin_key} ${x.window} ${x.n}`).sort(),
        });
        expect(text(byProject!)).toEqual(bruteDistinct(data, projects, D0 + 2 * DAY, D0 + 6 * DAY, [[D0, D0 + 4 * DAY]]));
        expect(byProject!.daily.length).toBeGreaterThan(0);
        expect(nothing).toEqual({ daily: [], windows: [] });
        expect(noGroups).toEqual({ daily: [], windows: [] });
        expect(text(bySingle!)).toEqual(bruteDistinct(data, singles, 0, 0, late));
        expect(bySingle!.windows.length).toBeGreaterThan(0);
        // One grouping alone, every contract in exactly one group and every row of the read in its
        // days: the counting reads the read's own day and address columns (no copy per grouping).
        const seen = new Set<string>();
        const perContract = groups.flatMap((g) => g.contracts).filter((c) => !seen.has(`${c.origin_key} ${c.address.toLowerCase()}`) && seen.add(`${c.origin_key} ${c.address.toLowerCase()}`));
        const own = perContract.map((c, i) => ({ group: `own${i}`, contracts: [c] }));
        const [byOwn] = await store.distinctOverGroupings({ set_key: 'contract_senders', groupings: [{ groups: own, days_from: D0 - 10 * DAY, days_until: D0 + 100 * DAY, windows }] });
        expect(text(byOwn!)).toEqual(bruteDistinct(data, own, D0 - 10 * DAY, D0 + 100 * DAY, windows));
        expect(byOwn!.daily.length).toBeGreaterThan(0);

        const sums = await store.sumContractFacts({ groups, keys: ['x', 'y'], days_until: D0 + 30 * DAY, hours_from: 0, hours_until: 0 });
        expect(sums.map((x) => `${x.group} ${x.origin_key} ${x.metric_key} ${x.granularity} ${x.period_ms} ${x.value}`).sort()).toEqual(bruteSums(data, groups, null));
        const ws = await store.sumContractFactsOverWindows({ groups, keys: ['x', 'y'], windows });
        expect(ws.map((x) => `${x.group} ${x.origin_key} ${x.metric_key} ${x.window} ${x.value}`).sort()).toEqual(bruteSums(data, groups, windows));

        // Raw facts as columns: contracts listed once (in a new order), then one listed twice and one without facts.
        for (const list of [data.contracts.slice(0, 10).reverse(), [...data.contracts.slice(3, 9), data.contracts[4]!, data.contracts[11]!]]) {
          const cols = await store.readContractFacts({ contracts: list, keys: ['y', 'x'], days_until: D0 + 15 * DAY, hours_from: 0, hours_until: 0 });
          const got = Array.from(cols.contract, (c, i) => `${c} ${cols.key[i]} ${cols.hourly[i]} ${cols.period_ms[i]} ${cols.value[i]}`);
          expect(got).toEqual(bruteColumns(data, list, ['y', 'x'], D0 + 15 * DAY));
        }
      } finally {
        await store.close();
      }
    });
  }

  it('a layout-3 file (contract sets in address_sets) migrates and reads the same counts', async () => {
    const data = randomData(7);
    dir = mkdtempSync(join(tmpdir(), 'contract-sets-v3-'));
    const path = join(dir, 'v3.duckdb');
    const instance = await DuckDBInstance.create(path);
    const conn = await instance.connect();
    await conn.run(ADDRESS_SETS_DDL);
    await conn.run(`INSERT INTO address_sets VALUES ('daa', 'a', 'chain', '', ${D0}, '${addr(1)}')`);
    await conn.run(
      `INSERT INTO address_sets VALUES ${data.sets.map((s) => `('contract_senders', '${s.origin_key}', 'contract', '${s.contract}', ${s.day}, '${s.address}')`).join(', ')}`,
    );
    await conn.run('CREATE TABLE schema_version (version INTEGER NOT NULL)');
    await conn.run('INSERT INTO schema_version VALUES (3)');
    conn.closeSync();
    instance.closeSync();

    const store = await DuckDbStore.open({ path });
    try {
      expect(await store.query('SELECT version FROM schema_version')).toEqual([{ version: SCHEMA_VERSION }]);
      expect(await store.query('SELECT set_key, dimension FROM address_sets')).toEqual([{ set_key: 'daa', dimension: 'chain' }]);
      const rows = await store.query<{ origin_key: string; entity: string; day_ms: bigint; address: string }>(
        'SELECT origin_key, entity, day_ms, address FROM contract_address_set_rows ORDER BY ALL',
      );
      expect(rows.map((x) => `${x.origin_key} ${x.entity} ${x.day_ms} ${x.address}`)).toEqual(
        data.sets.map((s) => `${s.origin_key} ${s.contract} ${s.day} ${s.address}`).sort(),
      );
      const windows: DayWindows = [[D0, D0 + 19 * DAY], [D0 + 13 * DAY, D0 + 19 * DAY]];
      const d = await store.distinctOverContracts({ set_key: 'contract_senders', groups: data.groups, days_from: D0, days_until: D0 + 20 * DAY, windows });
      const expected = bruteDistinct(data, data.groups, D0, D0 + 20 * DAY, windows);
      expect(d.daily.map((x) => `${x.group} ${x.origin_key} ${x.day_ms} ${x.n}`).sort()).toEqual(expected.daily);
      expect(d.windows.map((x) => `${x.group} ${x.origin_key} ${x.window} ${x.n}`).sort()).toEqual(expected.windows);
      // New ids continue after the migrated ones.
      const [{ n, ids }] = (await store.query<{ n: bigint; ids: bigint }>('SELECT count(*) AS n, count(DISTINCT id) AS ids FROM address_ids')) as [{ n: bigint; ids: bigint }];
      expect(n).toBe(ids);
    } finally {
      await store.close();
    }
  });
});
