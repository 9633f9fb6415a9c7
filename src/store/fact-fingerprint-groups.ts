// What both engines' daily-fact digests share around their one SQL scan: the single-group call as
// a grouped one, and the groups worth scanning for (a group without keys digests nothing and
// keeps its empty map, in its place among the answers).
import type { DailyFactFingerprintGroups, DailyFactFingerprintRequest } from './facts.js';

/** dailyFactFingerprints' request as dailyFactFingerprintGroups' with one group. */
export function asOneGroup(req: DailyFactFingerprintRequest): DailyFactFingerprintGroups {
  return { chains: req.chains, groups: [{ keys: req.keys, dimension: req.dimension }] };
}

export type AskedGroup = DailyFactFingerprintGroups['groups'][number] & { i: number };

/** One empty map per requested group, and the groups to scan (none when no chain or no key is asked). */
export function askedGroups(req: DailyFactFingerprintGroups): { out: Array<Map<string, string>>; groups: AskedGroup[] } {
  const out = req.groups.map(() => new Map<string, string>());
  if (req.chains.length === 0) return { out, groups: [] };
  return { out, groups: req.groups.flatMap((g, i) => (g.keys.length > 0 ? [{ ...g, i }] : [])) };
}
