// The money step in ClickHouse (the contract is MoneyRequest in store/prices.ts): native facts
// to `_eth`/`_usd` facts with exact or fallback prices, and the price status of every period
// converted without its own price. DuckDB finds fallbacks with ASOF joins; here the price of
// each period in scope is chosen in code from the two assets' prices (a few thousand rows) and
// sent with the conversion, which runs on the shards. Same choices, same arithmetic, same bytes.
import type { Granularity } from '../granularity.js';
import type { MoneyRequest, PriceStatusRow, PriceStatusSummary } from '../prices.js';
import { deleteWhere, replaceWhere } from './replacing.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList } from './sql-text.js';

interface Point {
  period_ms: number;
  usd: number;
}

interface Chosen {
  granularity: Granularity;
  period_ms: number;
  eth_exact: number | null;
  eth_fb: Point | null;
  tok_exact: number | null;
  tok_fb: Point | null;
}

/** One point per instant, the hourly price where a daily and an hourly one share it; ascending. */
function points(rows: ReadonlyArray<{ granularity: Granularity; period_ms: number; usd: number }>): Point[] {
  const at = new Map<number, { usd: number; hourly: boolean }>();
  for (const r of rows) {
    const cur = at.get(r.period_ms);
    if (!cur || (!cur.hourly && r.granularity === 'hourly')) at.set(r.period_ms, { usd: r.usd, hourly: r.granularity === 'hourly' });
  }
  return [...at].map(([period_ms, v]) => ({ period_ms, usd: v.usd })).sort((a, b) => a.period_ms - b.period_ms);
}

/** The latest point at or before `ms` (the ASOF rule), or null. */
function asof(ps: readonly Point[], ms: number): Point | null {
  let lo = 0;
  let hi = ps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ps[mid]!.period_ms <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? ps[lo - 1]! : null;
}

/**
 * A double as its exact bits (`[bits, absent]`): a decimal literal would go through the SQL
 * parser's own rounding. The prices travel as plain arrays of integers, which the server parses
 * as constants in one pass: 2,400 `reinterpretAsFloat64(…)` calls in a `values()` list took it
 * 1.4–3.9 s, an array of tuples 60–600 ms, parallel arrays 54–164 ms (one busy machine).
 */
function bits(v: number | null): [string, 0 | 1] {
  if (v === null) return ['0', 1];
  const b = Buffer.alloc(8);
  b.writeDoubleLE(v);
  return [String(b.readBigUInt64LE()), 0];
}

/** `SELECT granularity, period_ms, eth_usd, tok_usd` of the chosen prices, from parallel arrays. */
function pricesSelect(chosen: readonly Chosen[], ethUsd: (c: Chosen) => number | null, tokUsd: (c: Chosen) => number | null): string {
  const eth = chosen.map((c) => bits(ethUsd(c)));
  const tok = chosen.map((c) => bits(tokUsd(c)));
  const list = (xs: readonly (string | number)[]) => `[${xs.join(',')}]`;
  const columns = [
    list(chosen.map((c) => `'${c.granularity}'`)),
    list(chosen.map((c) => c.period_ms)),
    list(eth.map((e) => e[0])),
    list(eth.map((e) => e[1])),
    list(tok.map((e) => e[0])),
    list(tok.map((e) => e[1])),
  ];
  const price = (at: number) => `if(t.${at + 1} = 1, NULL, reinterpretAsFloat64(toUInt64(t.${at})))`;
  return `SELECT t.1 AS granularity, toInt64(t.2) AS period_ms, ${price(3)} AS eth_usd, ${price(5)} AS tok_usd FROM (SELECT arrayJoin(arrayZip(${columns.join(', ')})) AS t)`;
}

export async function convertMoney(db: SqlRunner, req: MoneyRequest): Promise<void> {
  if (req.keys.length === 0) return;
  const originKey = req.origin_key;
  const ok = sqlString(originKey);
  const ethChain = req.gas_token === req.eth_asset;
  const scope = new Map<string, { granularity: Granularity; period_ms: number }>();
  for (const g of ['hourly', 'daily'] as const) {
    intList(req.periods[g], `${g} period of ${originKey}`);
    for (const p of req.periods[g]) scope.set(`${g}:${p}`, { granularity: g, period_ms: p });
  }
  const requested = new Set(scope.keys());
  // Two independent reads, sent together: one round trip's wait instead of two.
  const [failed, priceRows] = await Promise.all([
    db.all<{ granularity: Granularity; period_ms: string }>(`SELECT DISTINCT granularity, period_ms FROM price_status FINAL WHERE origin_key = ${ok}`),
    db.all<{ asset: string; granularity: Granularity; period_ms: string; usd: number }>(
      `SELECT asset, granularity, period_ms, usd FROM prices FINAL WHERE asset IN (${stringList([req.eth_asset, req.gas_token])})`,
    ),
  ]);
  for (const f of failed) scope.set(`${f.granularity}:${f.period_ms}`, { granularity: f.granularity, period_ms: Number(f.period_ms) });
  const of = (asset: string) => priceRows.filter((r) => r.asset === asset).map((r) => ({ granularity: r.granularity, period_ms: Number(r.period_ms), usd: r.usd }));
  const eth = of(req.eth_asset);
  const tok = of(req.gas_token);
  const exact = (rows: typeof eth) => new Map(rows.map((r) => [`${r.granularity}:${r.period_ms}`, r.usd]));
  const ethExact = exact(eth);
  const tokExact = exact(tok);
  const ethPoints = points(eth);
  const tokPoints = points(tok);
  const chosen: Chosen[] = [...scope.entries()]
    .map(([k, s]) => ({
      ...s,
      requested: requested.has(k),
      eth_exact: ethExact.get(k) ?? null,
      eth_fb: asof(ethPoints, s.period_ms),
      tok_exact: tokExact.get(k) ?? null,
      tok_fb: asof(tokPoints, s.period_ms),
    }))
    // A recorded period that still has no price of any asset it converts with would be converted
    // to the same NULLs again: it is left as it is (as in DuckDB's money step), so a priceless
    // history is not re-converted, every contract's facts included, on every run.
    .filter((c) => c.requested || c.eth_fb !== null || (!ethChain && c.tok_fb !== null));

  const outKeys = req.keys.flatMap((k) => [k.eth, k.usd]);
  const inScope = (g: Granularity, t = '') => {
    const ps = chosen.filter((c) => c.granularity === g).map((c) => c.period_ms);
    return ps.length > 0 ? `(${t}granularity = '${g}' AND ${t}period_ms IN (${ps.join(', ')}))` : '0';
  };
  const scoped = `origin_key = ${ok} AND (${inScope('hourly')} OR ${inScope('daily')})`;
  const replacedFacts = `${scoped} AND metric_key IN (${stringList(outKeys)})`;
  if (chosen.length === 0) {
    await deleteWhere(db, 'facts', replacedFacts);
    await deleteWhere(db, 'price_status', scoped);
    return;
  }

  const ethUsd = (c: Chosen) => c.eth_exact ?? c.eth_fb?.usd ?? null;
  const tokUsd = (c: Chosen) => c.tok_exact ?? c.tok_fb?.usd ?? null;
  const prices = pricesSelect(chosen, ethUsd, tokUsd);
  // A zero stays zero without a price: no fee is no fee in every currency.
  // Keys in_ether (rent a token chain paid on Ethereum) convert as on an ether chain.
  const etherKeys = ethChain ? [] : req.keys.filter((k) => k.in_ether);
  const tokenKeys = ethChain ? [] : req.keys.filter((k) => !k.in_ether);
  const inEther = (ether: string, token: string) =>
    ethChain || tokenKeys.length === 0 ? ether : etherKeys.length === 0 ? token : `if(n.metric_key IN (${stringList(etherKeys.map((k) => k.native))}), ${ether}, ${token})`;
  const ethExpr = inEther('n.value / 1e18', 'n.value / 1e18 * c.tok_usd / c.eth_usd');
  const usdExpr = inEther('n.value / 1e18 * c.eth_usd', 'n.value / 1e18 * c.tok_usd');
  const renamed = (to: 'eth' | 'usd') => `multiIf(${req.keys.map((k) => `n.metric_key = ${sqlString(k.native)}, ${sqlString(k[to])}`).join(', ')}, '')`;
  const converted = `FROM native_facts AS n FINAL INNER JOIN (${prices}) AS c ON c.granularity = n.granularity AND c.period_ms = n.period_ms
     WHERE n.origin_key = ${ok} AND n.metric_key IN (${stringList(req.keys.map((k) => k.native))}) AND (${inScope('hourly', 'n.')} OR ${inScope('daily', 'n.')})`;
  // One pass over the join makes both rows of a native fact (ARRAY JOIN), not a UNION of two.
  const both = `[(${renamed('eth')}, if(n.value = 0, toNullable(0.), ${ethExpr})), (${renamed('usd')}, if(n.value = 0, toNullable(0.), ${usdExpr}))]`;
  // The old figures' tombstones and the new figures in one statement (replacing.ts).
  await replaceWhere(db, 'facts', replacedFacts, [
    `SELECT ${ok} AS origin_key, dimension, entity, kv.1 AS metric_key, granularity, period_ms, kv.2 AS value
     FROM (SELECT n.dimension AS dimension, n.entity AS entity, n.granularity AS granularity, n.period_ms AS period_ms, ${both} AS pair ${converted})
     ARRAY JOIN pair AS kv`,
  ]);

  // A period needed a price when it has a non-zero money figure. Chain figures decide: a
  // contract's fees are part of its chain's, so they are non-zero only where the chain's are.
  // Every key needs the ETH price; the token price only the keys in the gas token. The
  // candidates (each period and asset converted without its own price, with the fallback chosen
  // above) go with the statement, and the shards keep those whose period needed that price: one
  // INSERT … SELECT instead of reading the needs back and sending the rows (a round trip less).
  const candidates: Candidate[] = [];
  for (const c of chosen) {
    if (c.eth_exact === null) candidates.push({ c, asset: req.eth_asset, fb: c.eth_fb, tok: 0 });
    if (tokenKeys.length > 0 && c.tok_exact === null) candidates.push({ c, asset: req.gas_token, fb: c.tok_fb, tok: 1 });
  }
  const needs = `SELECT granularity, period_ms, max(metric_key IN (${tokenKeys.length > 0 ? stringList(tokenKeys.map((k) => k.native)) : "''"})) AS tok FROM native_facts FINAL
     WHERE ${scoped} AND dimension = 'chain' AND entity = '' AND value <> 0 AND metric_key IN (${stringList(req.keys.map((k) => k.native))})
     GROUP BY granularity, period_ms`;
  await replaceWhere(
    db,
    'price_status',
    scoped,
    candidates.length === 0
      ? []
      : [
          `SELECT ${ok} AS origin_key, s.granularity AS granularity, s.period_ms AS period_ms, s.asset AS asset, s.status AS status, s.price_period_ms AS price_period_ms
           FROM (${needs}) AS n INNER JOIN (${candidatesSelect(candidates)}) AS s ON s.granularity = n.granularity AND s.period_ms = n.period_ms
           WHERE s.tok = 0 OR n.tok = 1`,
        ],
  );
}

interface Candidate {
  c: Chosen;
  asset: string;
  fb: Point | null;
  /** 1 when only the periods of keys in the gas token need this price. */
  tok: 0 | 1;
}

/** `SELECT granularity, period_ms, asset, status, price_period_ms, tok` of the candidates, from parallel arrays. */
function candidatesSelect(cs: readonly Candidate[]): string {
  const list = (xs: readonly (string | number)[]) => `[${xs.join(',')}]`;
  const columns = [
    list(cs.map((x) => `'${x.c.granularity}'`)),
    list(cs.map((x) => x.c.period_ms)),
    list(cs.map((x) => sqlString(x.asset))),
    list(cs.map((x) => (x.fb ? "'fallback'" : "'missing'"))),
    // The fallback's period, 0 without one (NULL in the row, told apart by the status).
    list(cs.map((x) => x.fb?.period_ms ?? 0)),
    list(cs.map((x) => x.tok)),
  ];
  return `SELECT t.1 AS granularity, toInt64(t.2) AS period_ms, t.3 AS asset, t.4 AS status, if(t.4 = 'fallback', toNullable(toInt64(t.5)), NULL) AS price_period_ms, t.6 AS tok
    FROM (SELECT arrayJoin(arrayZip(${columns.join(', ')})) AS t)`;
}

export async function priceStatus(db: SqlRunner, originKey: string): Promise<PriceStatusRow[]> {
  const rows = await db.all<{ granularity: Granularity; period_ms: string; asset: string; status: 'fallback' | 'missing'; price_period_ms: string | null }>(
    `SELECT granularity, period_ms, asset, status, price_period_ms FROM price_status FINAL WHERE origin_key = ${sqlString(originKey)} ORDER BY granularity, period_ms, asset`,
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
  const rows = await db.all<{ origin_key: string; asset: string; granularity: Granularity; status: 'fallback' | 'missing'; n: string; lo: string; hi: string }>(
    `SELECT origin_key, asset, granularity, status, count() AS n, min(period_ms) AS lo, max(period_ms) AS hi
     FROM price_status FINAL WHERE origin_key IN (${stringList(originKeys)})
     GROUP BY origin_key, asset, granularity, status ORDER BY origin_key, asset, granularity, status`,
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
