// The serialized daily part of each application detail document, kept from one build to the
// next (the service holds one AppDetailsCache across rounds; one-shot builds make every part).
// A document carries every day of its project's history beside a 14-day hourly series, so it
// changes every hour; made whole, each hour serialized (and compressed) bytes that grow with the
// stored days. Here the daily part's bytes are kept and only the hourly part is made again
// (app-details-body.ts assembles the two).
//
// What may be reused is decided from what the part is made of, never from who changed what.
// The facts: the daily maps of the project and the contracts' figures, compared by identity.
// AppFactsCache keeps exactly those objects while the store's content fingerprints of every
// daily fact and sender set are equal and makes new ones on any other read (and nothing changes
// them after they are read), so the same objects mean the same daily facts, and the bytes kept
// are those a cold build makes of them. Everything else the part reads (days_until of the
// project's chains, the metrics, the windows, every field of the project's contracts: labels,
// names, categories) is compared by content. A cold read of the facts makes the cache cold for
// every project, a needless rebuild at worst; it cannot be stale.
import type { AppMetric } from '../../metrics/definition.js';
import type { AppContract, AppInputs } from '../../metrics/app-inputs.js';
import type { AppFacts, ProjectFacts } from './app-fact-shapes.js';
import type { DailyParts } from './app-details-daily.js';

/** What the cache did since it was made (tests assert the reuse; the bench may report it). */
export interface AppDetailsCacheStats {
  reused: number;
  made: number;
}

interface Kept {
  /** The fact objects the parts were made of, compared by identity. */
  objects: readonly object[];
  /** Everything else they were made of, as text. */
  key: string;
  parts: DailyParts<Buffer>;
}

export class AppDetailsCache {
  private readonly kept = new Map<string, Kept>();
  readonly stats: AppDetailsCacheStats = { reused: 0, made: 0 };

  /** The daily part of `owner`'s document: the bytes kept for it if made of the same inputs, else `make()`'s (then kept). */
  parts(owner: string, inputs: AppInputs, facts: AppFacts, pf: ProjectFacts, contracts: readonly AppContract[], make: () => DailyParts<Buffer>): DailyParts<Buffer> {
    const objects = [pf.daily, pf.daaDaily, pf.windows, pf.daaWindows, facts.contracts];
    const key = contentKey(inputs, facts, pf, contracts);
    const old = this.kept.get(owner);
    if (old !== undefined && old.key === key && old.objects.length === objects.length && old.objects.every((o, i) => o === objects[i])) {
      this.stats.reused++;
      return old.parts;
    }
    // Forgotten first: a make() that throws leaves nothing behind.
    this.kept.delete(owner);
    const parts = make();
    this.kept.set(owner, { objects, key, parts });
    this.stats.made++;
    return parts;
  }

  /** Forgets the projects not in `owners` (no longer listed, or gone from the directory). */
  retain(owners: ReadonlySet<string>): void {
    for (const owner of this.kept.keys()) if (!owners.has(owner)) this.kept.delete(owner);
  }

  /** Bytes kept, all projects together. */
  bytes(): number {
    let n = 0;
    for (const k of this.kept.values()) n += partsBytes(k.parts);
    return n;
  }
}

function partsBytes(p: DailyParts<Buffer>): number {
  let n = p.first_seen.length + p.chains_by_size.length + p.contracts_table.length;
  for (const m of p.metrics) if (m) n += m.aggregated.length + (m.kpi?.length ?? 0) + m.daily.reduce((a, b) => a + b.length, 0);
  return n;
}

const metricKey = (m: AppMetric) => [m.metric_id, m.aggregate.kind, m.currency];

/** What the daily part reads besides the fact objects (app-details-daily.ts), as one string. */
function contentKey(inputs: AppInputs, facts: AppFacts, pf: ProjectFacts, contracts: readonly AppContract[]): string {
  const chains = [...pf.daily.keys()].map((ok) => [ok, inputs.chainBounds.get(ok)?.days_until ?? null]);
  const cs = contracts.map((c) => [c.origin_key, c.address, c.contract_name, c.usage_category, c.verified]);
  return JSON.stringify([inputs.days_until, facts.windows, chains, inputs.metrics.map(metricKey), cs]);
}
