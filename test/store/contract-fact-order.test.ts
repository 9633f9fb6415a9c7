// readContractFacts reads unordered DOUBLE columns copied chunk by chunk from DuckDB's vectors
// (store/duckdb/double-columns.ts) and orders them in JavaScript (store/contract-fact-order.ts).
// Checked here on more rows than one DuckDB chunk holds (2,048), with NULL values scattered over
// chunk boundaries, daily and hourly facts, a contract listed twice and one without facts: the
// columns equal DuckDB's own ORDER BY of the same facts. And the ordering alone on shuffled rows.
import { describe, expect, it } from 'vitest';
import { orderContractFacts } from '../../src/store/contract-fact-order.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

const D0 = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

describe('contract fact columns', () => {
  it('DuckDB: every fact once, in (contract, key, daily before hourly, period) order, NULL as NaN', async () => {
    const store = await DuckDbStore.open({ path: ':memory:' });
    try {
      // 80 contracts x 2 keys x (60 days + 48 hours), inserted newest first so no run arrives sorted.
      await store.exec(
        `INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value)
         SELECT CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END, 'contract', printf('0x%040x', i), k, g, p,
           CASE WHEN hash(i, k, p) % 7 = 0 THEN NULL ELSE (hash(i, k, p) % 1000) / 8 END
         FROM range(80) c(i), (VALUES ('x'), ('y')) ks(k),
           (SELECT 'daily' AS g, ${D0} + d * ${DAY} AS p FROM range(60) t(d) UNION ALL SELECT 'hourly', ${D0 + 58 * DAY} + h * ${HOUR} FROM range(48) t(h))
         ORDER BY p DESC`,
      );
      const contracts = [...Array.from({ length: 80 }, (_, i) => ({ origin_key: (79 - i) % 2 === 0 ? 'a' : 'b', address: addr(79 - i) })), { origin_key: 'a', address: addr(6) }, { origin_key: 'a', address: addr(199) }];
      const q = { contracts, keys: ['y', 'x'], days_until: D0 + 50 * DAY, hours_from: D0 + 58 * DAY + 5 * HOUR, hours_until: D0 + 59 * DAY };
      const cols = await store.readContractFacts(q);
      const got = Array.from(cols.contract, (c, i) => `${c} ${cols.key[i]} ${cols.hourly[i]} ${cols.period_ms[i]} ${cols.value[i]}`);

      const expected = await store.query<{ c: number; k: number; h: number; p: bigint; v: number | null }>(
        `SELECT l.c, ks.k, (f.granularity = 'hourly')::INTEGER AS h, f.period_ms AS p, f.value AS v
         FROM facts f
         JOIN (SELECT * FROM (VALUES ${contracts.map((c, i) => `(${i}, '${c.origin_key}', '${c.address}')`).join(', ')}) l(c, o, a)) l ON l.o = f.origin_key AND l.a = f.entity
         JOIN (VALUES (0, 'y'), (1, 'x')) ks(k, key) ON ks.key = f.metric_key
         WHERE (f.granularity = 'daily' AND f.period_ms < ${q.days_until}) OR (f.granularity = 'hourly' AND f.period_ms >= ${q.hours_from} AND f.period_ms < ${q.hours_until})
         ORDER BY 1, 2, 3, 4`,
      );
      expect(expected.length).toBeGreaterThan(3 * 2048);
      expect(expected.some((r) => r.v === null)).toBe(true);
      expect(got).toEqual(expected.map((r) => `${r.c} ${r.k} ${r.h} ${Number(r.p)} ${r.v ?? NaN}`));
    } finally {
      await store.close();
    }
  });

  it('orders shuffled rows, keeps every value with its period, and rejects an index out of range', () => {
    const rows: number[][] = [];
    for (let c = 0; c < 3; c++) for (let k = 0; k < 2; k++) for (let h = 0; h < 2; h++) for (let p = 0; p < 5; p++) rows.push([c, k, h, p * 10 + h, c * 1000 + k * 100 + h * 10 + p]);
    let s = 7;
    const shuffled = [...rows];
    for (let i = shuffled.length - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      const j = s % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    // The run of (contract, key, hourly) as the reader computes it: (contract * keys + key) * 2 + hourly.
    const columns = [Float64Array.from(shuffled, (r) => (r[0]! * 2 + r[1]!) * 2 + r[2]!), ...[3, 4].map((x) => Float64Array.from(shuffled, (r) => r[x]!))];
    const out = orderContractFacts(shuffled.length, columns, 3, 2);
    const got = Array.from(out.contract, (_, i) => [out.contract[i], out.key[i], out.hourly[i], out.period_ms[i], out.value[i]]);
    expect(got).toEqual(rows);
    expect(() => orderContractFacts(1, [12, 0, 1].map((x) => Float64Array.of(x)), 3, 2)).toThrow(/run 12 out of range/);
    expect(() => orderContractFacts(1, [-1, 0, 1].map((x) => Float64Array.of(x)), 3, 2)).toThrow(/run -1 out of range/);
  });
});
