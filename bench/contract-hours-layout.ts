// Whether a projection ordered by period lets the hourly contract write find the hours that leave
// the kept window (issue 21's history ratio) without reading the chain's whole contract history.
// The `facts_local` sorting key puts the contract before the period, so the tombstones' read of
// the leaving hours (store/clickhouse/contract-facts.ts) reads every contract fact of the chain.
// This builds, on one real node, the same table twice (the store's layout, and the same with a
// projection `ORDER BY origin_key, dimension, granularity, period_ms`), with 4 and with 16 days
// of a chain's hourly and daily contract facts (hours older than the 15-day window already
// tombstoned, as the write leaves them), then runs the write's tombstone read for one new hour
// plus the leaving hours, unbounded (as the store has it) and bounded below by the previous
// window start. Per statement: rows read and the node's CPU (query_log), so the
// projection's price on insert is beside its gain on the read. One JSON line last.
//   BENCH_CONTRACTS (default 2000) contracts, 4 metric keys each; BENCH_REPEAT (default 5) reads.
import { startClickHouseCluster } from '../support/clickhouse/cluster.js';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 2000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const KEYS = 4;
const H = 3_600_000;
const WINDOW_HOURS = 15 * 24; // compute-facts.ts keeps 15 days of hourly contract facts

const COLUMNS = `origin_key String, dimension String, entity String, metric_key String, granularity String, period_ms Int64,
  value Nullable(Float64), version UInt64, deleted UInt8`;
const KEY = 'origin_key, dimension, entity, metric_key, granularity, period_ms';
const LAYOUTS = {
  stored_key: `ENGINE = ReplacingMergeTree(version, deleted) ORDER BY (${KEY})`,
  // ClickHouse refuses projections on ReplacingMergeTree unless told what a merge does to them.
  period_projection: `ENGINE = ReplacingMergeTree(version, deleted) ORDER BY (${KEY}) SETTINGS deduplicate_merge_projection_mode = 'rebuild'`,
} as const;
type Layout = keyof typeof LAYOUTS;

const cluster = await startClickHouseCluster({ shards: 1, systemLogs: true });
const url = cluster.nodes[0]!.url;
async function run(sql: string, id?: string): Promise<string> {
  const q = id ? `&query_id=${id}` : '';
  const res = await fetch(`${url}/?database=default${q}`, { method: 'POST', body: sql });
  const text = await res.text();
  if (!res.ok) throw new Error(text.slice(0, 400));
  return text;
}

let n = 0;
const ids: Array<{ id: string; layout: Layout; days: number; step: string }> = [];
const tagged = (layout: Layout, days: number, step: string) => {
  const id = `chl-${process.pid}-${n++}`;
  ids.push({ id, layout, days, step });
  return id;
};

const row = (granularity: string, period: string, value: string, version: number, deleted: number) =>
  `SELECT 'c', 'contract', toString(number % ${CONTRACTS}), 'm' || toString(intDiv(number, ${CONTRACTS}) % ${KEYS}), '${granularity}', ${period}, ${value}, ${version}, ${deleted}`;

try {
  for (const days of [4, 16]) {
    const hours = days * 24;
    const before = Math.max(0, hours - WINDOW_HOURS) * H; // the window's first hour
    const perPeriod = CONTRACTS * KEYS;
    for (const layout of Object.keys(LAYOUTS) as Layout[]) {
      const t = `f_${layout}_${days}`;
      const projection = layout === 'period_projection' ? ', PROJECTION by_period (SELECT * ORDER BY origin_key, dimension, granularity, period_ms)' : '';
      await run(`CREATE TABLE ${t} (${COLUMNS}${projection}) ${LAYOUTS[layout]}`);
      const insert = (step: string, sql: string) => run(`INSERT INTO ${t} ${sql}`, tagged(layout, days, step));
      await insert('insert hourly', `${row('hourly', `intDiv(number, ${perPeriod}) * ${H}`, '1.', 1, 0)} FROM numbers(${perPeriod * hours})`);
      await insert('insert daily', `${row('daily', `intDiv(number, ${perPeriod}) * ${24 * H}`, '1.', 1, 0)} FROM numbers(${perPeriod * days})`);
      // Hours that left the window before this one (all but the last before `before`): tombstoned.
      const gone = Math.max(0, hours - WINDOW_HOURS - 1);
      if (gone > 0) await insert('insert tombstones', `${row('hourly', `intDiv(number, ${perPeriod}) * ${H}`, 'NULL', 2, 1)} FROM numbers(${perPeriod * gone})`);
      await run(`OPTIMIZE TABLE ${t} FINAL`);
      // The write's read: the new hour's rows of its keys, or every row of the leaving hours.
      const own = `origin_key = 'c' AND dimension = 'contract' AND granularity = 'hourly' AND period_ms IN (${(hours - 1) * H}) AND metric_key IN ('m0', 'm1', 'm2', 'm3')`;
      const leaving = `origin_key = 'c' AND dimension = 'contract' AND granularity = 'hourly' AND period_ms < ${before}`;
      // The same bounded below by the previous run's window start: only the hour that leaves now.
      const bounded = `${leaving} AND period_ms >= ${Math.max(0, before - H)}`;
      for (let i = 0; i < REPEAT; i++) {
        await run(`SELECT count() FROM (SELECT * FROM ${t} WHERE ((${own}) OR (${leaving})) AND deleted = 0)`, tagged(layout, days, 'tombstone read'));
        await run(`SELECT count() FROM (SELECT * FROM ${t} WHERE ((${own}) OR (${bounded})) AND deleted = 0)`, tagged(layout, days, 'tombstone read, bounded'));
      }
    }
  }
  await run('SYSTEM FLUSH LOGS');
  const logged = (await run(
    `SELECT query_id, read_rows, ProfileEvents['UserTimeMicroseconds'] + ProfileEvents['SystemTimeMicroseconds'] AS cpu_us, query_duration_ms
     FROM system.query_log WHERE type = 'QueryFinish' AND query_id LIKE 'chl-${process.pid}-%' FORMAT JSONEachRow`,
  ))
    .split('\n')
    .filter((l) => l)
    .map((l) => JSON.parse(l) as { query_id: string; read_rows: string; cpu_us: string; query_duration_ms: string });
  const byId = new Map(logged.map((r) => [r.query_id, r]));
  const report: Record<string, { rows_read: number; cpu_ms: number; wall_ms: number; n: number }> = {};
  for (const x of ids) {
    const r = byId.get(x.id);
    if (!r) continue;
    const k = `${x.layout} ${x.days}d ${x.step}`;
    const acc = (report[k] ??= { rows_read: 0, cpu_ms: 0, wall_ms: 0, n: 0 });
    acc.rows_read += Number(r.read_rows);
    acc.cpu_ms += Number(r.cpu_us) / 1000;
    acc.wall_ms += Number(r.query_duration_ms);
    acc.n += 1;
  }
  for (const [k, v] of Object.entries(report)) {
    console.log(`${k.padEnd(42)} ×${v.n}: rows read ${Math.round(v.rows_read / v.n)}, CPU ${(v.cpu_ms / v.n).toFixed(1)} ms, wall ${(v.wall_ms / v.n).toFixed(0)} ms (each)`);
  }
  const ratio = (layout: Layout, step = 'tombstone read') => {
    const at = (days: number) => report[`${layout} ${days}d ${step}`]!;
    return { rows: at(16).rows_read / at(4).rows_read, cpu: at(16).cpu_ms / at(4).cpu_ms };
  };
  const history_ratio = {
    stored_key: ratio('stored_key'),
    period_projection: ratio('period_projection'),
    period_projection_bounded: ratio('period_projection', 'tombstone read, bounded'),
  };
  console.log(JSON.stringify({ contracts: CONTRACTS, keys: KEYS, repeat: REPEAT, history_ratio, steps: report }));
} finally {
  await cluster.stop();
}
