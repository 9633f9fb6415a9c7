// Incremental fact computation. Ingestion marks the hours it wrote (or rolled back) as dirty;
// this stage recomputes exactly those hours and the days they belong to, once complete, from
// the raw transactions, then clears them. A full rebuild recomputes every complete period with
// stored blocks and yields the same facts (tested).
//
// Per chain and granularity, all definitions' aggregates run in one scan of the period's
// transactions; the results are unpivoted into `facts` (plain numbers) and `native_facts`
// (wei), then the money step converts wei to ETH and USD with prices.
import { DAY_MS, dayStart, type Clock } from '../clock.js';
import { createLogger, type Logger } from '../log.js';
import type { Chain } from '../registry/types.js';
import type { Store } from '../store/store.js';
import { completeBounds, headTimeMs } from './complete-periods.js';
import { convertMoney } from './convert-money.js';
import { PERIOD_SECONDS, type Granularity } from '../store/granularity.js';
import { addressSets, transactionAggregates, type FactAggregate, type MetricDefinition } from './definition.js';
import { DEFINITIONS } from './definitions/index.js';
import { keyColumn, sqlString } from './sql.js';

export interface FactsOptions {
  /** Recompute every complete period from raw transactions instead of the dirty hours. */
  full?: boolean;
  definitions?: readonly MetricDefinition[];
  logger?: Pick<Logger, 'warn' | 'info'>;
}

export interface ChainFactsResult {
  origin_key: string;
  head_time_ms: number | null;
  hours_until: number | null;
  days_until: number | null;
  hours_computed: number;
  days_computed: number;
  /** Days with computed hours that are not complete yet (computed once they are). */
  days_pending: number;
}

/** Periods whose USD/ETH values used a fallback price ('fallback') or have none ('missing'). */
export interface PriceGap {
  origin_key: string;
  asset: string;
  granularity: Granularity;
  status: 'fallback' | 'missing';
  periods: number;
  first_ms: number;
  last_ms: number;
}

export interface FactsReport {
  chains: ChainFactsResult[];
  price_gaps: PriceGap[];
  elapsed_ms: number;
}

type FactChain = Pick<Chain, 'origin_key' | 'family' | 'gas_token'>;

export async function computeFacts(store: Store, chains: readonly FactChain[], clock: Clock, opts: FactsOptions = {}): Promise<FactsReport> {
  const started = performance.now();
  const defs = opts.definitions ?? DEFINITIONS;
  const logger = opts.logger ?? createLogger('warn');
  const results: ChainFactsResult[] = [];
  for (const chain of chains) {
    // One transaction per chain: the dirty hours read here cannot be re-marked by a concurrent
    // write before they are cleared, and readers never see a half-replaced period.
    results.push(await store.transaction(() => computeChain(store, chain, clock, defs, opts.full ?? false)));
  }
  const price_gaps = await readPriceGaps(store, chains.map((c) => c.origin_key));
  for (const g of price_gaps) {
    // A missing price nulls values: a warning. A fallback is routine (feeds lag an hour or so).
    logger[g.status === 'missing' ? 'warn' : 'info'](
      { origin_key: g.origin_key, asset: g.asset, granularity: g.granularity, periods: g.periods, first: new Date(g.first_ms).toISOString(), last: new Date(g.last_ms).toISOString() },
      g.status === 'missing' ? 'no price: USD/ETH values are null for these periods' : 'price missing for these periods: the latest earlier price was used',
    );
  }
  return { chains: results, price_gaps, elapsed_ms: performance.now() - started };
}

async function computeChain(store: Store, chain: FactChain, clock: Clock, defs: readonly MetricDefinition[], full: boolean): Promise<ChainFactsResult> {
  const ok = chain.origin_key;
  const bounds = completeBounds(await headTimeMs(store, ok), clock);
  const result: ChainFactsResult = { origin_key: ok, ...bounds, hours_computed: 0, days_computed: 0, days_pending: 0 };
  if (bounds.hours_until === null || bounds.days_until === null) return result;
  const hoursUntil = bounds.hours_until;
  const daysUntil = bounds.days_until;

  await store.exec('CREATE OR REPLACE TEMP TABLE fact_scope (granularity VARCHAR, period_ms BIGINT)');
  const dirty = await store.dirtyHours(ok);
  const clearable = dirty.filter((h) => h < hoursUntil);
  let pending: number[];
  if (full) {
    for (const table of ['facts', 'native_facts', 'daa_addresses', 'price_status', 'pending_days']) {
      await store.exec(`DELETE FROM ${table} WHERE origin_key = $1`, [ok]);
    }
    for (const g of ['hourly', 'daily'] as const) {
      const s = PERIOD_SECONDS[g];
      await store.exec(
        `INSERT INTO fact_scope SELECT DISTINCT '${g}', block_time // ${s} * ${s * 1000} FROM blocks
         WHERE origin_key = $1 AND block_time < $2`,
        [ok, Math.floor((g === 'hourly' ? hoursUntil : daysUntil) / 1000)],
      );
    }
    // The running day's complete hours are computed now; the day itself once it completes.
    pending = hoursUntil > daysUntil ? [daysUntil] : [];
  } else {
    const pendingRows = await store.query<{ day_ms: bigint }>('SELECT day_ms FROM pending_days WHERE origin_key = $1', [ok]);
    const candidates = new Set<number>([...clearable.map(dayStart), ...pendingRows.map((r) => Number(r.day_ms))]);
    const days = [...candidates].filter((d) => d < daysUntil);
    pending = [...candidates].filter((d) => d >= daysUntil);
    const tuples = [...clearable.map((h) => `('hourly', ${h})`), ...days.map((d) => `('daily', ${d})`)];
    if (tuples.length > 0) await store.exec(`INSERT INTO fact_scope VALUES ${tuples.join(',')}`);
  }

  // Periods that have blocks get facts; a scoped period without blocks (rolled back) only
  // loses its old facts, so it looks exactly as if it had never been ingested.
  await store.exec('CREATE OR REPLACE TEMP TABLE fact_periods AS SELECT * FROM fact_scope WHERE false');
  for (const g of ['hourly', 'daily'] as const) {
    const s = PERIOD_SECONDS[g];
    await store.exec(
      `INSERT INTO fact_periods
       SELECT '${g}', p FROM (
         SELECT DISTINCT block_time // ${s} * ${s * 1000} AS p FROM blocks
         WHERE origin_key = $1
           AND block_time >= (SELECT min(period_ms) // 1000 FROM fact_scope WHERE granularity = '${g}')
           AND block_time < (SELECT max(period_ms) // 1000 + ${s} FROM fact_scope WHERE granularity = '${g}'))
       WHERE p IN (SELECT period_ms FROM fact_scope WHERE granularity = '${g}')`,
      [ok],
    );
  }

  const counts = await store.query<{ granularity: string; n: bigint }>('SELECT granularity, count(*) AS n FROM fact_scope GROUP BY granularity');
  for (const c of counts) {
    if (c.granularity === 'hourly') result.hours_computed = Number(c.n);
    else result.days_computed = Number(c.n);
  }

  for (const g of ['hourly', 'daily'] as const) {
    const aggs = transactionAggregates(defs).filter((f) => f.granularities.includes(g));
    await aggregate(store, chain, g, aggs);
  }
  await writeAddressSets(store, chain, defs);
  const moneyKeys = [...new Set(transactionAggregates(defs).filter((f) => f.unit !== 'plain').map((f) => f.key))];
  await convertMoney(store, chain, 'fact_scope', moneyKeys);

  await store.exec(`DELETE FROM pending_days WHERE origin_key = $1 AND day_ms IN (SELECT period_ms FROM fact_scope WHERE granularity = 'daily')`, [ok]);
  if (pending.length > 0) {
    await store.exec(`INSERT INTO pending_days VALUES ${pending.map((d) => `(${sqlString(ok)}, ${d})`).join(',')} ON CONFLICT DO NOTHING`);
  }
  const pendingNow = await store.query<{ n: bigint }>('SELECT count(*) AS n FROM pending_days WHERE origin_key = $1', [ok]);
  result.days_pending = Number(pendingNow[0]?.n ?? 0);
  await store.exec(
    `INSERT INTO fact_status VALUES ($1, $2, $3)
     ON CONFLICT (origin_key) DO UPDATE SET hours_until = excluded.hours_until, days_until = excluded.days_until`,
    [ok, hoursUntil, daysUntil],
  );
  // Cleared last: a crash before this point recomputes the same hours on the next run.
  await store.clearDirtyHours(ok, clearable);
  return result;
}

/** One scan of the scoped periods' transactions computing every aggregate of a granularity. */
async function aggregate(store: Store, chain: FactChain, g: Granularity, aggs: readonly FactAggregate[]): Promise<void> {
  const ok = chain.origin_key;
  const s = PERIOD_SECONDS[g];
  const scoped = `USING fact_scope s WHERE f.origin_key = $1 AND f.granularity = s.granularity AND f.period_ms = s.period_ms AND s.granularity = '${g}'`;
  const plain = aggs.filter((a) => a.unit === 'plain');
  const wei = aggs.filter((a) => a.unit !== 'plain');
  if (plain.length > 0) await store.exec(`DELETE FROM facts f ${scoped} AND f.metric_key IN (${plain.map((a) => sqlString(a.key)).join(', ')})`, [ok]);
  if (wei.length > 0) await store.exec(`DELETE FROM native_facts f ${scoped} AND f.metric_key IN (${wei.map((a) => sqlString(a.key)).join(', ')})`, [ok]);
  if (aggs.length === 0) return;

  const ctx = { family: chain.family, seconds: s };
  const exprs = aggs.map((a) => `${engineSql(store, a.sql, a.key)(ctx)} AS ${keyColumn(a.key)}`).join(', ');
  const period = `t.block_time // ${s} * ${s * 1000}`;
  // Transactions are aggregated by period directly (as fast as a bare GROUP BY); periods with
  // blocks but no transactions take the aggregates' value over no rows (count 0, median NULL).
  await store.exec(
    `CREATE OR REPLACE TEMP TABLE fact_agg AS
     WITH agg AS (
       SELECT ${period} AS period_ms, ${exprs}
       FROM transactions t
       WHERE t.origin_key = $1
         AND t.block_time >= (SELECT min(period_ms) // 1000 FROM fact_periods WHERE granularity = '${g}')
         AND t.block_time < (SELECT max(period_ms) // 1000 + ${s} FROM fact_periods WHERE granularity = '${g}')
         AND ${period} IN (SELECT period_ms FROM fact_periods WHERE granularity = '${g}')
       GROUP BY 1),
     none AS (SELECT ${exprs} FROM transactions t WHERE false)
     SELECT p.period_ms, ${aggs.map((a) => `coalesce(agg.${keyColumn(a.key)}, none.${keyColumn(a.key)}) AS ${keyColumn(a.key)}`).join(', ')}
     FROM (SELECT period_ms FROM fact_periods WHERE granularity = '${g}') p
     CROSS JOIN none
     LEFT JOIN agg ON agg.period_ms = p.period_ms`,
    [ok],
  );
  if (plain.length > 0) {
    await store.exec(
      `INSERT INTO facts (origin_key, metric_key, granularity, period_ms, value) ${plain
        .map((a) => `SELECT $1, ${sqlString(a.key)}, '${g}', period_ms, CAST(${keyColumn(a.key)} AS DOUBLE) FROM fact_agg`)
        .join(' UNION ALL ')}`,
      [ok],
    );
  }
  if (wei.length > 0) {
    await store.exec(
      `INSERT INTO native_facts (origin_key, metric_key, granularity, period_ms, value, exact_wei) ${wei
        .map(
          (a) =>
            `SELECT $1, ${sqlString(a.key)}, '${g}', period_ms, CAST(${keyColumn(a.key)} AS DOUBLE), ${a.unit === 'wei_sum' ? `CAST(${keyColumn(a.key)} AS HUGEINT)` : 'NULL'} FROM fact_agg`,
        )
        .join(' UNION ALL ')}`,
      [ok],
    );
  }
}

async function writeAddressSets(store: Store, chain: FactChain, defs: readonly MetricDefinition[]): Promise<void> {
  const ok = chain.origin_key;
  const sets = addressSets(defs);
  if (sets.length === 0) return;
  if (sets.length > 1) throw new Error(`only one address set is supported (daa_addresses); got ${sets.map((s) => s.key).join(', ')}`);
  const expr = engineSql(store, sets[0]!.sql, `${sets[0]!.key} address set`)({ family: chain.family, seconds: 86_400 });
  await store.exec(
    `DELETE FROM daa_addresses f USING fact_scope s
     WHERE f.origin_key = $1 AND s.granularity = 'daily' AND f.day_ms = s.period_ms`,
    [ok],
  );
  await store.exec(
    `INSERT INTO daa_addresses (origin_key, day_ms, address)
     SELECT DISTINCT $1, t.block_time // 86400 * ${DAY_MS}, ${expr} FROM transactions t
     WHERE t.origin_key = $1
       AND t.block_time >= (SELECT min(period_ms) // 1000 FROM fact_periods WHERE granularity = 'daily')
       AND t.block_time < (SELECT max(period_ms) // 1000 + 86400 FROM fact_periods WHERE granularity = 'daily')
       AND t.block_time // 86400 * ${DAY_MS} IN (SELECT period_ms FROM fact_periods WHERE granularity = 'daily')`,
    [ok],
  );
}

function engineSql<T>(store: Store, sql: Partial<Record<string, T>>, what: string): T {
  const fn = sql[store.engine];
  if (!fn) throw new Error(`metric ${what} has no SQL for the ${store.engine} engine`);
  return fn;
}

async function readPriceGaps(store: Store, originKeys: string[]): Promise<PriceGap[]> {
  if (originKeys.length === 0) return [];
  const rows = await store.query<{ origin_key: string; asset: string; granularity: Granularity; status: 'fallback' | 'missing'; n: bigint; lo: bigint; hi: bigint }>(
    `SELECT origin_key, asset, granularity, status, count(*) AS n, min(period_ms) AS lo, max(period_ms) AS hi
     FROM price_status WHERE origin_key IN (${originKeys.map(sqlString).join(', ')})
     GROUP BY ALL ORDER BY origin_key, asset, granularity, status`,
  );
  return rows.map((r) => ({
    origin_key: r.origin_key,
    asset: r.asset,
    granularity: r.granularity,
    status: r.status,
    periods: Number(r.n),
    first_ms: Number(r.lo),
    last_ms: Number(r.hi),
  }));
}
