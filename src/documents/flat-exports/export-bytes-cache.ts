// The published bytes of every flat export (a metric's export and the fundamentals, as JSON, CSV
// and Parquet), kept from one build to the next (the service holds one ExportBytesCache across
// rounds; one-shot builds make every file). The exports hold complete days only, yet each hour
// made all of them again: every metric's rows from every chain's history, serialized, and the
// Parquet files written by DuckDB, a cost that grows with the stored days and not with the hour.
//
// What may be reused is decided from what a file is made of, as the metric details' pieces are
// (metric-detail/metric-detail-parts-cache.ts): the chains' daily fact maps, compared by identity
// (DailyFactsCache keeps exactly those objects while the store's digest of a chain's daily facts
// is equal and makes new ones on any other read, so the same objects mean the same daily facts),
// and everything else the rows read as text, compared by content (the chains, their complete-day
// bounds, the metric's columns, the aa_last7d counts, the window's days). A new complete day, a
// reorg or backfill of a complete day, a re-converted price or a change of the address sets that
// moves an aa_last7d count makes the file again; an hour inside a day makes none.
//
// Cost: the service holds the files' bytes beside the served set (about once more the exports'
// size).

/** What a file is made of: fact maps compared by identity, and the rest as text. */
export interface ExportInputs {
  objects: readonly object[];
  key: string;
}

/** What the cache did since it was made (tests assert the reuse). */
export interface ExportBytesStats {
  reused: number;
  made: number;
}

/** A file as published, and the chains its rows name (provenance lists them). */
export interface ExportFile {
  /** null: the file had no rows (no document; the build reports it skipped). */
  bytes: Buffer | null;
  /** The origin_keys of its rows, each once. */
  origins: readonly string[];
}

interface Kept {
  objects: readonly object[];
  key: string;
  file: ExportFile;
}

export class ExportBytesCache {
  private readonly kept = new Map<string, Kept>();
  readonly stats: ExportBytesStats = { reused: 0, made: 0 };
  /** The build the paths in `seen` were asked by (weakly: a build's context is not kept alive here). */
  private build: WeakRef<object> | null = null;
  private seen = new Set<string>();

  /**
   * The file at `path` in the build `build` (its context): the kept bytes if made of
   * the same inputs, else `make`'s (then kept). The first call of a new build forgets the files
   * the previous build did not ask for (a metric no longer built).
   */
  async file(build: object, path: string, inputs: ExportInputs, make: () => Promise<ExportFile>): Promise<ExportFile> {
    this.enter(build);
    this.seen.add(path);
    const old = this.kept.get(path);
    // Forgotten first: a make() that throws leaves nothing behind.
    this.kept.delete(path);
    if (old !== undefined && old.key === inputs.key && sameObjects(old.objects, inputs.objects)) {
      this.kept.set(path, old);
      this.stats.reused++;
      return old.file;
    }
    const file = await make();
    this.kept.set(path, { objects: inputs.objects, key: inputs.key, file });
    this.stats.made++;
    return file;
  }

  private enter(build: object): void {
    if (this.build?.deref() === build) return;
    if (this.build !== null) for (const path of this.kept.keys()) if (!this.seen.has(path)) this.kept.delete(path);
    this.build = new WeakRef(build);
    this.seen = new Set();
  }
}

function sameObjects(a: readonly object[], b: readonly object[]): boolean {
  return a.length === b.length && a.every((o, i) => o === b[i]);
}
