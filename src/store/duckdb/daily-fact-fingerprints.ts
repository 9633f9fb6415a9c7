// DuckDB's digest of each chain's daily facts (FactStore.dailyFactFingerprints): one scan of the
// chain facts (or of its contracts' facts) of the keys, each chain cut at its own days_until, folded per chain into count /
// bit_xor / sum of DuckDB's 64-bit row hash (the digest of contract-fingerprints.ts).
import type { DailyFactFingerprintRequest } from '../facts.js';
import { DIGEST } from './contract-fingerprints.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function dailyFactFingerprints(db: SqlRunner, req: DailyFactFingerprintRequest): Promise<Map<string, string>> {
  if (req.chains.length === 0 || req.keys.length === 0) return new Map();
  intList(req.chains.map((c) => c.days_until), 'days_until');
  const chains = req.chains.map((c) => `(origin_key = ${sqlString(c.origin_key)} AND period_ms < ${c.days_until})`).join(' OR ');
  // A contract's rows carry its address (entity): the same values moved to another contract differ.
  const subject = req.dimension === 'contract' ? `dimension = 'contract'` : `dimension = 'chain' AND entity = ''`;
  const hashed = req.dimension === 'contract' ? 'entity, metric_key, period_ms, value' : 'metric_key, period_ms, value';
  const rows = await db.all<{ origin_key: string; fp: string }>(
    `SELECT origin_key, ${DIGEST} AS fp FROM (
       SELECT origin_key, hash(${hashed}) AS h FROM facts
       WHERE ${subject} AND granularity = 'daily' AND metric_key IN (${req.keys.map(sqlString).join(', ')}) AND (${chains}))
     GROUP BY origin_key`,
  );
  return new Map(rows.map((r) => [r.origin_key, r.fp]));
}
