// The money step in DuckDB (the contract is MoneyRequest in store/prices.ts): native facts to
// `_eth`/`_usd` facts with exact or fallback prices found by ASOF joins, and the price status
// of every period converted without its own price. A key is converted for every dimension it
// is stored under (the chain's fees and each contract's), in the same pass and with the same
// prices; the price status stays per chain and period.
import type { Granularity } from '../granularity.js';
import type { MoneyRequest, PriceStatusRow, PriceStatusSummary } from '../prices.js';
import type { SqlRunner } from './sql-runner.js';
import { chainFilter, intList, sqlString } from './sql-text.js';

/** Call inside a transaction (with the facts it converts). */
export async function convertMoney(db: SqlRunner, req: MoneyRequest): Promise<void> {
  if (req.keys.length === 0) return;
  const ok = req.origin_key;
  const ethChain = req.gas_token === req.eth_asset;
  const scope = (['hourly', 'daily'] as const).flatMap((g) => {
    intList(req.periods[g], `${g} period of ${ok}`);
    return req.periods[g].map((p) => `('${g}', ${p})`);
  });
  // `requested`: listed by the caller (recomputed facts), not only recorded in the price status.
  await db.run(
    `CREATE OR REPLACE TEMP TABLE money_scope AS
     SELECT granularity, period_ms, bool_or(requested) AS requested FROM (
       ${scope.length > 0 ? `SELECT *, true FROM (VALUES ${scope.join(',')}) v(granularity, period_ms) UNION ALL ` : ''}
       SELECT granularity, period_ms, false FROM price_status WHERE origin_key = $1) v(granularity, period_ms, requested)
     GROUP BY granularity, period_ms`,
    [ok],
  );
  // One point per instant for the fallback search; where a daily and an hourly price share an
  // instant (day 00:00) the hourly one wins, so the choice never depends on scan order.
  await db.run(
    `CREATE OR REPLACE TEMP TABLE money_points AS
     SELECT asset, period_ms, arg_max(usd, CASE granularity WHEN 'hourly' THEN 1 ELSE 0 END) AS usd
     FROM prices WHERE asset IN ($1, $2) GROUP BY asset, period_ms`,
    [req.eth_asset, req.gas_token],
  );
  // Exact price of the period, else the latest earlier one (ASOF: greatest period_ms <= ours).
  await db.run(
    `CREATE OR REPLACE TEMP TABLE money_prices AS
     SELECT s.granularity, s.period_ms, s.requested,
            ee.usd AS eth_exact, ef.usd AS eth_fb, ef.period_ms AS eth_fb_ms,
            te.usd AS tok_exact, tf.usd AS tok_fb, tf.period_ms AS tok_fb_ms
     FROM money_scope s
     LEFT JOIN prices ee ON ee.asset = $1 AND ee.granularity = s.granularity AND ee.period_ms = s.period_ms
     ASOF LEFT JOIN money_points ef ON ef.asset = $1 AND s.period_ms >= ef.period_ms
     LEFT JOIN prices te ON te.asset = $2 AND te.granularity = s.granularity AND te.period_ms = s.period_ms
     ASOF LEFT JOIN money_points tf ON tf.asset = $2 AND s.period_ms >= tf.period_ms`,
    [req.eth_asset, req.gas_token],
  );
  // A recorded period that still has no price of any asset it converts with (none at or before
  // it) would be converted to the same NULLs again: it is left as it is. Without this, a store
  // with no prices for its history (a price feed down, a chain older than its price series)
  // re-converted every period of that history, every contract's too, on every run.
  await db.run(
    `DELETE FROM money_prices WHERE NOT requested AND eth_fb IS NULL${ethChain ? '' : ' AND tok_fb IS NULL'}`,
  );
  await db.run(
    `DELETE FROM money_scope s WHERE NOT EXISTS (SELECT 1 FROM money_prices c WHERE c.granularity = s.granularity AND c.period_ms = s.period_ms)`,
  );
  const outKeys = req.keys.flatMap((k) => [k.eth, k.usd]);
  await db.run(
    `DELETE FROM facts f USING money_scope s
     WHERE f.origin_key = $1 AND f.granularity = s.granularity AND f.period_ms = s.period_ms
       AND f.metric_key IN (${outKeys.map(sqlString).join(', ')})`,
    [ok],
  );
  await db.run(
    `DELETE FROM price_status p USING money_scope s
     WHERE p.origin_key = $1 AND p.granularity = s.granularity AND p.period_ms = s.period_ms`,
    [ok],
  );
  const ethUsd = 'coalesce(c.eth_exact, c.eth_fb)';
  const tokUsd = 'coalesce(c.tok_exact, c.tok_fb)';
  // A zero stays zero without a price: no fee is no fee in every currency.
  const etherKeys = ethChain ? [] : req.keys.filter((k) => k.in_ether);
  const tokenKeys = ethChain ? [] : req.keys.filter((k) => !k.in_ether);
  const inEther = (ether: string, token: string) =>
    ethChain || tokenKeys.length === 0 ? ether : etherKeys.length === 0 ? token : `CASE WHEN n.metric_key IN (${etherKeys.map((k) => sqlString(k.native)).join(', ')}) THEN ${ether} ELSE ${token} END`;
  const eth = inEther('n.value / 1e18', `n.value / 1e18 * ${tokUsd} / ${ethUsd}`);
  const usd = inEther(`n.value / 1e18 * ${ethUsd}`, `n.value / 1e18 * ${tokUsd}`);
  const keyList = req.keys.map((k) => sqlString(k.native)).join(', ');
  const renamed = (to: 'eth' | 'usd') => `CASE n.metric_key ${req.keys.map((k) => `WHEN ${sqlString(k.native)} THEN ${sqlString(k[to])}`).join(' ')} END`;
  const converted = `FROM native_facts n JOIN money_prices c ON c.granularity = n.granularity AND c.period_ms = n.period_ms
     WHERE n.origin_key = $1 AND n.metric_key IN (${keyList})`;
  await db.run(
    `INSERT INTO facts (origin_key, dimension, entity, metric_key, granularity, period_ms, value)
     SELECT $1, n.dimension, n.entity, ${renamed('eth')}, n.granularity, n.period_ms, CASE WHEN n.value = 0 THEN 0 ELSE ${eth} END
     ${converted}
     UNION ALL
     SELECT $1, n.dimension, n.entity, ${renamed('usd')}, n.granularity, n.period_ms, CASE WHEN n.value = 0 THEN 0 ELSE ${usd} END
     ${converted}`,
    [ok],
  );
  // A period needed a price when it has a non-zero money figure. Chain figures decide: a
  // contract's fees are part of its chain's, so they are non-zero only where the chain's are,
  // and the check need not read every contract's rows.
  // Every key needs the ETH price; the token price only the keys in the gas token.
  const needs = (keys: string) => `EXISTS (SELECT 1 FROM native_facts n WHERE n.origin_key = $1 AND ${chainFilter('n')} AND n.granularity = c.granularity
                   AND n.period_ms = c.period_ms AND n.value <> 0 AND n.metric_key IN (${keys}))`;
  const statusOf = (exact: string, fb: string, fbMs: string, asset: string, keys: string) =>
    `SELECT $1, c.granularity, c.period_ms, ${asset}, CASE WHEN ${fb} IS NULL THEN 'missing' ELSE 'fallback' END, ${fbMs}
     FROM money_prices c WHERE ${exact} IS NULL AND ${needs(keys)}`;
  const tokenStatus = !ethChain && tokenKeys.length > 0;
  await db.run(
    `INSERT INTO price_status (origin_key, granularity, period_ms, asset, status, price_period_ms)
     ${statusOf('c.eth_exact', 'c.eth_fb', 'c.eth_fb_ms', '$2', keyList)}
     ${tokenStatus ? `UNION ALL ${statusOf('c.tok_exact', 'c.tok_fb', 'c.tok_fb_ms', '$3', tokenKeys.map((k) => sqlString(k.native)).join(', '))}` : ''}`,
    tokenStatus ? [ok, req.eth_asset, req.gas_token] : [ok, req.eth_asset],
  );
}

export async function priceStatus(db: SqlRunner, originKey: string): Promise<PriceStatusRow[]> {
  const rows = await db.all<{ granularity: Granularity; period_ms: bigint; asset: string; status: 'fallback' | 'missing'; price_period_ms: bigint | null }>(
    'SELECT granularity, period_ms, asset, status, price_period_ms FROM price_status WHERE origin_key = $1 ORDER BY granularity, period_ms, asset',
    [originKey],
  );
  return rows.map((r) => ({
    origin_key: originKey,
    granularity: r.granularity,
    period_ms: Number(r.period_ms),
    asset: r.asset,
    status: r.status,
    price_period_ms: r.price_period_ms === null ? null : Number(r.price_period_ms),
  }));
}

export async function priceStatusSummary(db: SqlRunner, originKeys: readonly string[]): Promise<PriceStatusSummary[]> {
  if (originKeys.length === 0) return [];
  const rows = await db.all<{ origin_key: string; asset: string; granularity: Granularity; status: 'fallback' | 'missing'; n: bigint; lo: bigint; hi: bigint }>(
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
