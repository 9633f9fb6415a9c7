// The serialized daily pieces of each metric detail document (a chain's and all_l2s'), kept from
// one build to the next (the service holds one MetricDetailPartsCache across rounds; one-shot
// builds make every piece). A document carries every day of its metric's history (the daily,
// weekly, monthly, quarterly and rolling series, the daily/weekly/monthly changes, the 1-, 7- and
// 30-day summary) beside its hourly series and provenance, so it changes every hour; made whole,
// each hour rolled up and serialized text that grows with the stored days. Here the daily pieces'
// bytes are kept and only the hourly rest is made again (metric-detail-body.ts splices the two).
//
// What may be reused is decided from what the pieces are made of. The facts: the daily fact maps
// they were computed from, compared by identity; DailyFactsCache (../daily-facts-cache.ts) keeps
// exactly those objects while the store's digest of the chain's daily facts is equal and makes
// new ones on any other read, so the same objects mean the same daily facts. Whatever else they
// read is compared by content (the caller's key: the complete-day bound, the members of all_l2s,
// the aggregation, or the daily rows themselves where they come from another read). And the
// distinct counts of a `unique` metric, which come from the address sets rather than the facts:
// the windows the pieces asked for are asked again (answered from the store's kept histograms,
// no scan) and the pieces are reused only when every answer is the same.
import type { DistinctCounter } from '../../metrics/series.js';
import { partBytes } from '../json-splice.js';
import type { DailyPieces } from './metric-detail-json.js';

/** What the cache did since it was made (tests assert the reuse). */
export interface MetricDetailPartsStats {
  reused: number;
  made: number;
}

/** Distinct counts over windows of days [lo, hi], in the order asked. */
export type WindowCounts = (windows: Array<[number, number]>) => Promise<number[]>;

/** What the pieces were made of, besides the facts objects. */
export interface PartsInputs {
  /** The fact maps the pieces read, compared by identity. */
  objects: readonly object[];
  /** Everything else they read, as text. */
  key: string;
  /** A `unique` metric's distinct counts (absent for the other aggregations). */
  counts?: WindowCounts;
}

/** The pieces' bytes, and the distinct counter that answers what they asked (for the document as a value). */
export interface MadeParts {
  bytes: DailyPieces<Buffer>;
  distinct?: DistinctCounter;
}

interface Kept {
  objects: readonly object[];
  key: string;
  windows: Array<[number, number]>;
  answers: number[];
  bytes: DailyPieces<Buffer>;
}

export class MetricDetailPartsCache {
  private readonly kept = new Map<string, Kept>();
  readonly stats: MetricDetailPartsStats = { reused: 0, made: 0 };
  private seen = new Set<string>();

  /** The daily pieces of the document at `path`: the kept bytes if made of the same inputs, else `make`'s (then kept). */
  async parts(path: string, inputs: PartsInputs, make: (distinct?: DistinctCounter) => DailyPieces<unknown>): Promise<MadeParts> {
    this.seen.add(path);
    const old = this.kept.get(path);
    // Forgotten first: a make() or a read that throws leaves nothing behind.
    this.kept.delete(path);
    if (old !== undefined && old.key === inputs.key && sameObjects(old.objects, inputs.objects)) {
      const answers = inputs.counts && old.windows.length > 0 ? await inputs.counts(old.windows) : [];
      if (answers.length === old.answers.length && answers.every((n, i) => n === old.answers[i])) {
        this.kept.set(path, old);
        this.stats.reused++;
        return { bytes: old.bytes, ...(inputs.counts ? { distinct: answering(old.windows, answers) } : {}) };
      }
    }
    let windows: Array<[number, number]> = [];
    let answers: number[] = [];
    let distinct: DistinctCounter | undefined;
    if (inputs.counts) {
      // The windows the pieces ask for, learnt by making them once with a recording counter
      // (as withDistinctCounts does), then answered in one read.
      const wanted = new Map<string, [number, number]>();
      make((lo, hi) => {
        wanted.set(`${lo}:${hi}`, [lo, hi]);
        return 0;
      });
      windows = [...wanted.values()];
      answers = windows.length > 0 ? await inputs.counts(windows) : [];
      distinct = answering(windows, answers);
    }
    const value = make(distinct);
    const bytes = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, partBytes(v, path)])) as unknown as DailyPieces<Buffer>;
    this.kept.set(path, { objects: inputs.objects, key: inputs.key, windows, answers, bytes });
    this.stats.made++;
    return { bytes, ...(distinct ? { distinct } : {}) };
  }

  /** Forgets the documents no build asked for since the last call (no longer built), once a build is done. */
  sweep(): void {
    for (const path of this.kept.keys()) if (!this.seen.has(path)) this.kept.delete(path);
    this.seen = new Set();
  }
}

function sameObjects(a: readonly object[], b: readonly object[]): boolean {
  return a.length === b.length && a.every((o, i) => o === b[i]);
}

/** A counter answering the given windows (and failing on any other: the pieces asked for exactly these). */
function answering(windows: ReadonlyArray<readonly [number, number]>, answers: readonly number[]): DistinctCounter {
  const byWindow = new Map(windows.map((w, i) => [`${w[0]}:${w[1]}`, answers[i]!]));
  return (lo, hi) => {
    const n = byWindow.get(`${lo}:${hi}`);
    if (n === undefined) throw new Error(`distinct count for window ${lo}..${hi} was not fetched`);
    return n;
  };
}
