// DuckDB's content fingerprints of the application reads (store/contract-fingerprints.ts): one
// scan of the contract facts, one of the contract sender sets and one of the hour range's raw
// transactions, each folded into count / bit_xor / sum of DuckDB's 64-bit row hash.
import type { ContractFingerprintQuery, ContractFingerprints } from '../contract-changes.js';
import { CONTRACT_TX } from './contract-facts.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

/** The digest of a multiset of row hashes `h`, as text. */
export const DIGEST = `count(*)::VARCHAR || '/' || bit_xor(h)::VARCHAR || '/' || sum(h)::VARCHAR`;

export async function contractFingerprints(db: SqlRunner, q: ContractFingerprintQuery): Promise<ContractFingerprints> {
  intList([q.days_until, q.hours_from, q.hours_until], 'fingerprint bound');
  const keys = q.keys.length > 0 ? q.keys.map(sqlString).join(', ') : 'NULL';
  const fromS = Math.floor(q.hours_from / 1000);
  const untilS = Math.floor(q.hours_until / 1000);
  const [daily] = await db.all<{ facts: string | null; sets: string | null }>(
    `SELECT
       (SELECT ${DIGEST} FROM (SELECT hash(origin_key, entity, metric_key, period_ms, value) AS h FROM facts
         WHERE dimension = 'contract' AND granularity = 'daily' AND metric_key IN (${keys}) AND period_ms < ${q.days_until})) AS facts,
       (SELECT ${DIGEST} FROM (SELECT hash(origin_key, contract_id, day_ms, address_id) AS h FROM contract_address_sets
         WHERE set_key = ${sqlString(q.set_key)} AND day_ms < ${q.days_until})) AS sets`,
  );
  const hours = await db.all<{ hour_ms: bigint; fp: string }>(
    `SELECT hour_ms, ${DIGEST} AS fp FROM (
       SELECT period_ms AS hour_ms, hash('fact', origin_key, entity, metric_key, value) AS h FROM facts
       WHERE dimension = 'contract' AND granularity = 'hourly' AND metric_key IN (${keys}) AND period_ms >= ${q.hours_from} AND period_ms < ${q.hours_until}
       UNION ALL
       SELECT t.block_time // 3600 * 3600000, hash('tx', t.origin_key, t.to_address, t.block_time, ${q.address_sql}) FROM transactions t
       WHERE t.block_time >= ${fromS} AND t.block_time < ${untilS} AND ${CONTRACT_TX})
     GROUP BY hour_ms`,
  );
  return { daily: `${daily?.facts}|${daily?.sets}`, hourly: new Map(hours.map((r) => [Number(r.hour_ms), r.fp])) };
}
