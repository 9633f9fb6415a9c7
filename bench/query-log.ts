// Where the ClickHouse nodes' CPU went in one phase of bench:engine (BENCH_QUERY_LOG=1, which
// starts the cluster with system.query_log and system.part_log): per kind of statement (its
// text with numbers and literals left out), the user CPU of the statement on the entry node
// and of the sub-queries it sent to the shards, rows read and peak memory; then per table the
// parts that inserts created and the background merges with their CPU. The /proc figures of
// phase-meter.ts say how much; these say which statement and which table.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClickHouseCluster } from '../support/clickhouse/cluster.js';

interface LogRow {
  query_id: string;
  initial_query_id: string;
  is_initial_query: string;
  kind: string;
  user_us: string;
  sys_us: string;
  read_rows: string;
  selected_rows: string;
  memory: string;
  written_rows: string;
}

async function post(url: string, sql: string): Promise<string> {
  const res = await fetch(`${url}/?database=system`, { method: 'POST', body: sql });
  const text = await res.text();
  if (!res.ok) throw new Error(`query log: ${text.slice(0, 300)}`);
  return text;
}

async function rows<T>(url: string, sql: string): Promise<T[]> {
  const text = await post(url, `${sql} FORMAT JSONEachRow`);
  return text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as T);
}

/**
 * A statement's kind: numbers out, long literals cut, its start and the first WHERE after it (an
 * INSERT … SELECT names its columns first, which says little).
 */
function kindOf(query: string): string {
  const q = query
    .replace(/'([^']{0,24})[^']*'/g, "'$1'")
    .replace(/\d+/g, 'N')
    .replace(/N(, N)+/g, 'N…')
    .replace(/\s+/g, ' ');
  const where = q.indexOf(' WHERE ');
  return where < 0 || where < 90 ? q.slice(0, 220) : `${q.slice(0, 90)} … ${q.slice(where - 40, where + 150)}`;
}

let dumped = 0;

const since = (ms: number) => `fromUnixTimestamp64Milli(${Math.floor(ms)})`;

/** Logs the top statement kinds and the merges of every node between fromMs and now. */
export async function reportQueryLog(cluster: ClickHouseCluster, fromMs: number, log: (line: string) => void, top = 15): Promise<void> {
  for (const n of cluster.nodes) await post(n.url, 'SYSTEM FLUSH LOGS');
  const all: LogRow[] = [];
  for (const n of cluster.nodes) {
    all.push(
      ...(await rows<LogRow>(
        n.url,
        `SELECT query_id, initial_query_id, toString(is_initial_query) AS is_initial_query,
           substring(query, 1, 200000) AS kind,
           toString(ProfileEvents['UserTimeMicroseconds']) AS user_us, toString(ProfileEvents['SystemTimeMicroseconds']) AS sys_us,
           toString(read_rows) AS read_rows, toString(ProfileEvents['SelectedRows']) AS selected_rows, toString(memory_usage) AS memory,
           toString(written_rows) AS written_rows
         FROM system.query_log WHERE type != 'QueryStart' AND event_time_microseconds >= ${since(fromMs)} AND query NOT LIKE '%system.%'`,
      )),
    );
  }
  const texts = new Map<string, string>();
  for (const r of all) {
    const text = r.kind;
    r.kind = kindOf(text);
    if (r.is_initial_query === '1' && !texts.has(r.kind)) texts.set(r.kind, text);
  }
  const initialKind = new Map(all.filter((r) => r.is_initial_query === '1').map((r) => [r.query_id, r.kind]));
  const kinds = new Map<string, { n: number; own: number; shards: number; read: number; selected: number; mem: number; written: number }>();
  for (const r of all) {
    const initial = r.is_initial_query === '1';
    const kind = initialKind.get(initial ? r.query_id : r.initial_query_id) ?? `(sub-query) ${r.kind}`;
    const k = kinds.get(kind) ?? { n: 0, own: 0, shards: 0, read: 0, selected: 0, mem: 0, written: 0 };
    const cpu = (Number(r.user_us) + Number(r.sys_us)) / 1e6;
    if (initial) {
      k.n++;
      k.own += cpu;
    } else k.shards += cpu;
    k.read += Number(r.read_rows);
    k.selected += Number(r.selected_rows);
    k.mem = Math.max(k.mem, Number(r.memory));
    k.written += Number(r.written_rows);
    kinds.set(kind, k);
  }
  const sorted = [...kinds].sort((a, b) => b[1].own + b[1].shards - (a[1].own + a[1].shards));
  const sum = sorted.reduce((s, [, k]) => s + k.own + k.shards, 0);
  log(`  query_log: ${all.length} queries, CPU ${sum.toFixed(2)} s (entry node's own + shards' sub-queries)`);
  const dump = process.env.BENCH_QUERY_LOG_DIR;
  for (const [i, [kind, k]] of sorted.slice(0, top).entries()) {
    // The first statement of each top kind, whole (up to 200,000 characters), to run again by hand.
    if (dump) writeFileSync(join(dump, `${String(dumped++).padStart(3, '0')}-${i}.sql`), texts.get(kind) ?? kind);
    log(
      `    ${(k.own + k.shards).toFixed(2)} s (own ${k.own.toFixed(2)}, shards ${k.shards.toFixed(2)}) ${String(k.n).padStart(4)}× read ${k.read} selected ${k.selected} written ${k.written} mem ${Math.round(k.mem / 1048576)} MB  ${kind}`,
    );
  }
  for (const n of cluster.nodes) {
    const parts = await rows<{ table: string; event_type: string; n: string; rows: string; ms: string; cpu_us: string }>(
      n.url,
      `SELECT table, toString(event_type) AS event_type, toString(count()) AS n, toString(sum(rows)) AS rows, toString(sum(duration_ms)) AS ms,
         toString(sum(ProfileEvents['UserTimeMicroseconds'] + ProfileEvents['SystemTimeMicroseconds'])) AS cpu_us
       FROM system.part_log WHERE event_time_microseconds >= ${since(fromMs)} AND database != 'system' AND event_type IN ('NewPart', 'MergeParts')
       GROUP BY table, event_type ORDER BY sum(ProfileEvents['UserTimeMicroseconds']) DESC, count() DESC`,
    );
    const merges = parts.filter((p) => p.event_type === 'MergeParts');
    const cpu = merges.reduce((s, p) => s + Number(p.cpu_us), 0) / 1e6;
    log(`  ${n.name} part_log: merges ${merges.reduce((s, p) => s + Number(p.n), 0)}, CPU ${cpu.toFixed(2)} s; new parts ${parts.filter((p) => p.event_type === 'NewPart').reduce((s, p) => s + Number(p.n), 0)}`);
    for (const p of parts.slice(0, 12)) log(`    ${p.event_type} ${p.table}: ${p.n}× rows ${p.rows}, ${p.ms} ms, CPU ${(Number(p.cpu_us) / 1e6).toFixed(2)} s`);
  }
}
