// ClickHouse's digest of each chain's daily facts (FactStore.dailyFactFingerprints and its
// grouped form): the chain facts and/or its contracts' facts of the groups' keys as the reads see
// them (FINAL), each chain cut at its own days_until, folded per chain and group into count /
// groupBitXor / sum of cityHash64 (the digest of contract-fingerprints.ts, restricted to the
// group's rows).
import type { DailyFactFingerprintGroups, DailyFactFingerprintRequest } from '../facts.js';
import { askedGroups, asOneGroup } from '../fact-fingerprint-groups.js';
import type { SqlRunner } from './sql-runner.js';
import { intList, stringList } from './sql-text.js';

export async function dailyFactFingerprints(db: SqlRunner, req: DailyFactFingerprintRequest): Promise<Map<string, string>> {
  const [one] = await dailyFactFingerprintGroups(db, asOneGroup(req));
  return one!;
}

export async function dailyFactFingerprintGroups(db: SqlRunner, req: DailyFactFingerprintGroups): Promise<Array<Map<string, string>>> {
  const { out, groups } = askedGroups(req);
  if (groups.length === 0) return out;
  // Each chain's own bound, looked up by its origin_key.
  const bounds = `transform(origin_key, [${stringList(req.chains.map((c) => c.origin_key))}], CAST([${intList(req.chains.map((c) => c.days_until), 'days_until')}] AS Array(Int64)), toInt64(0))`;
  const member = (g: (typeof groups)[number]) =>
    `(${g.dimension === 'contract' ? `dimension = 'contract'` : `dimension = 'chain' AND entity = ''`} AND metric_key IN (${stringList(g.keys)}))`;
  // A contract's rows carry its address (entity): the same values moved to another contract differ.
  const value = 'metric_key, period_ms, isNull(value), ifNull(value, 0)';
  const rows = await db.all<Record<string, string>>(
    `SELECT origin_key, ${groups.map((g) => `toString(countIf(g${g.i})) AS n${g.i}, concat(toString(countIf(g${g.i})), '/', toString(groupBitXorIf(h, g${g.i})), '/', toString(sumIf(h, g${g.i}))) AS fp${g.i}`).join(', ')}
     FROM (SELECT origin_key, ${groups.map((g) => `${member(g)} AS g${g.i}`).join(', ')},
             if(dimension = 'contract', cityHash64(entity, ${value}), cityHash64(${value})) AS h
       FROM facts FINAL
       WHERE granularity = 'daily' AND (${groups.map(member).join(' OR ')})
         AND origin_key IN (${stringList(req.chains.map((c) => c.origin_key))}) AND period_ms < ${bounds})
     GROUP BY origin_key`,
  );
  // A group without rows for a chain leaves the chain out of that group's map.
  for (const r of rows) for (const g of groups) if (r[`n${g.i}`] !== '0') out[g.i]!.set(r.origin_key!, r[`fp${g.i}`]!);
  return out;
}
