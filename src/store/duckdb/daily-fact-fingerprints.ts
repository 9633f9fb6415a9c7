// DuckDB's digest of each chain's daily facts (FactStore.dailyFactFingerprints and its grouped
// form): one scan of the chain facts and/or its contracts' facts of the groups' keys, each chain
// cut at its own days_until, folded per chain and group into count / bit_xor / sum of DuckDB's
// 64-bit row hash (the digest of contract-fingerprints.ts, restricted to the group's rows).
import type { DailyFactFingerprintGroups, DailyFactFingerprintRequest } from '../facts.js';
import { askedGroups, asOneGroup } from '../fact-fingerprint-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, sqlString } from './sql-text.js';

export async function dailyFactFingerprints(db: SqlRunner, req: DailyFactFingerprintRequest): Promise<Map<string, string>> {
  const [one] = await dailyFactFingerprintGroups(db, asOneGroup(req));
  return one!;
}

export async function dailyFactFingerprintGroups(db: SqlRunner, req: DailyFactFingerprintGroups): Promise<Array<Map<string, string>>> {
  const { out, groups } = askedGroups(req);
  if (groups.length === 0) return out;
  intList(req.chains.map((c) => c.days_until), 'days_until');
  const chains = req.chains.map((c) => `(origin_key = ${sqlString(c.origin_key)} AND period_ms < ${c.days_until})`).join(' OR ');
  const member = (g: (typeof groups)[number]) =>
    `(${g.dimension === 'contract' ? `dimension = 'contract'` : `dimension = 'chain' AND entity = ''`} AND metric_key IN (${g.keys.map(sqlString).join(', ')}))`;
  // A contract's rows carry its address (entity): the same values moved to another contract differ.
  // A group without rows for a chain gives NULL (bit_xor of nothing), and the chain is left out.
  const rows = await db.all<Record<string, string | null>>(
    `SELECT origin_key, ${groups.map((g) => `count(*) FILTER (WHERE g${g.i})::VARCHAR || '/' || (bit_xor(h) FILTER (WHERE g${g.i}))::VARCHAR || '/' || (sum(h) FILTER (WHERE g${g.i}))::VARCHAR AS fp${g.i}`).join(', ')}
     FROM (
       SELECT origin_key, ${groups.map((g) => `${member(g)} AS g${g.i}`).join(', ')},
              CASE WHEN dimension = 'contract' THEN hash(entity, metric_key, period_ms, value) ELSE hash(metric_key, period_ms, value) END AS h
       FROM facts
       WHERE granularity = 'daily' AND (${groups.map(member).join(' OR ')}) AND (${chains}))
     GROUP BY origin_key`,
  );
  for (const r of rows) {
    for (const g of groups) {
      const fp = r[`fp${g.i}`];
      if (fp !== null && fp !== undefined) out[g.i]!.set(r.origin_key!, fp);
    }
  }
  return out;
}
