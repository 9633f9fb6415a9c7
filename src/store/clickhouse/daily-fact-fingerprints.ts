// ClickHouse's digest of each chain's daily facts (FactStore.dailyFactFingerprints): the chain
// facts (or its contracts' facts) of the keys as the reads see them (FINAL), each chain cut at its own days_until, folded
// per chain into count / groupBitXor / sum of cityHash64 (the digest of contract-fingerprints.ts).
import type { DailyFactFingerprintRequest } from '../facts.js';
import { DIGEST } from './contract-fingerprints.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, stringList } from './sql-text.js';

export async function dailyFactFingerprints(db: SqlRunner, req: DailyFactFingerprintRequest): Promise<Map<string, string>> {
  if (req.chains.length === 0 || req.keys.length === 0) return new Map();
  // Each chain's own bound, looked up by its origin_key.
  const bounds = `transform(origin_key, [${stringList(req.chains.map((c) => c.origin_key))}], CAST([${intList(req.chains.map((c) => c.days_until), 'days_until')}] AS Array(Int64)), toInt64(0))`;
  // A contract's rows carry its address (entity): the same values moved to another contract differ.
  const subject = req.dimension === 'contract' ? `dimension = 'contract'` : `dimension = 'chain' AND entity = ''`;
  const hashed = `${req.dimension === 'contract' ? 'entity, ' : ''}metric_key, period_ms, isNull(value), ifNull(value, 0)`;
  const rows = await db.all<{ origin_key: string; fp: string }>(
    `SELECT origin_key, ${DIGEST} AS fp
     FROM (SELECT origin_key, cityHash64(${hashed}) AS h FROM facts FINAL
       WHERE ${subject} AND granularity = 'daily' AND metric_key IN (${stringList(req.keys)})
         AND origin_key IN (${stringList(req.chains.map((c) => c.origin_key))}) AND period_ms < ${bounds})
     GROUP BY origin_key`,
  );
  return new Map(rows.map((r) => [r.origin_key, r.fp]));
}
