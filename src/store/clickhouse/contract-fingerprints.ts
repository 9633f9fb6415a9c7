// ClickHouse's content fingerprints of the application reads (store/contract-fingerprints.ts):
// the contract facts, the contract sender sets and the hour range's raw transactions as the
// reads see them (FINAL: replaced and deleted rows left out), each folded into count /
// groupBitXor / sum (wrapping at 2^64) of cityHash64 over the row's columns.
import type { ContractFingerprintQuery, ContractFingerprints } from '../contract-changes.js';
import { CONTRACT_TX } from './contract-facts.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString, stringList } from './sql-text.js';

/** The digest of a multiset of row hashes `h`, as text. */
export const DIGEST = `concat(toString(count()), '/', toString(groupBitXor(h)), '/', toString(sum(h)))`;
/** A Nullable(Float64) as two non-null hash arguments (NULL is not 0). */
const VALUE = 'isNull(value), ifNull(value, 0)';

export async function contractFingerprints(db: SqlRunner, q: ContractFingerprintQuery): Promise<ContractFingerprints> {
  intList([q.days_until, q.hours_from, q.hours_until], 'fingerprint bound');
  const keys = q.keys.length > 0 ? stringList(q.keys) : "''";
  const fromS = Math.floor(q.hours_from / 1000);
  const untilS = Math.floor(q.hours_until / 1000);
  const [facts] = await db.all<{ fp: string }>(
    `SELECT ${DIGEST} AS fp FROM (SELECT cityHash64(origin_key, entity, metric_key, period_ms, ${VALUE}) AS h FROM facts FINAL
     WHERE dimension = 'contract' AND granularity = 'daily' AND metric_key IN (${keys}) AND period_ms < ${q.days_until})`,
  );
  const [sets] = await db.all<{ fp: string }>(
    `SELECT ${DIGEST} AS fp FROM (SELECT cityHash64(origin_key, contract, day_ms, address) AS h FROM contract_address_sets FINAL
     WHERE set_key = ${sqlString(q.set_key)} AND day_ms < ${q.days_until})`,
  );
  const hourFacts = await db.all<{ hour_ms: string; fp: string }>(
    `SELECT period_ms AS hour_ms, ${DIGEST} AS fp FROM (SELECT period_ms, cityHash64(origin_key, entity, metric_key, ${VALUE}) AS h FROM facts FINAL
     WHERE dimension = 'contract' AND granularity = 'hourly' AND metric_key IN (${keys}) AND period_ms >= ${q.hours_from} AND period_ms < ${q.hours_until})
     GROUP BY period_ms`,
  );
  const hourTxs = await db.all<{ hour_ms: string; fp: string }>(
    `SELECT hour_ms, ${DIGEST} AS fp FROM (SELECT intDiv(t.block_time, 3600) * 3600000 AS hour_ms, cityHash64(t.origin_key, t.to_address, t.block_time, ${q.address_sql}) AS h
       FROM transactions AS t FINAL WHERE t.block_time >= ${fromS} AND t.block_time < ${untilS} AND ${CONTRACT_TX})
     GROUP BY hour_ms`,
  );
  const hourly = new Map<number, string>();
  for (const r of hourFacts) hourly.set(Number(r.hour_ms), `facts ${r.fp}`);
  for (const r of hourTxs) hourly.set(Number(r.hour_ms), `${hourly.get(Number(r.hour_ms)) ?? ''} txs ${r.fp}`);
  return { daily: `${facts?.fp}|${sets?.fp}`, hourly };
}
