// What both engines' write groups (duckdb/write-group.ts, clickhouse/write-group.ts) remember of a
// group that failed: per chain, the first block it lost and why. A writeBatch of such a chain that
// starts past that block comes from a caller that did not read its checkpoint again, and would
// leave a hole, so it is refused until a batch starts where it may.

interface Lost {
  /** The first block of the chain the failed group held. */
  from: number;
  error: unknown;
}

export class LostBatches {
  private readonly lost = new Map<string, Lost>();

  /** @param failure how the engine's group fails, for the error ("failed to commit", "failed to store"). */
  constructor(private readonly failure: string) {}

  /** A group failed: each chain it held lost its batches from its first block there. */
  record(firstBlocks: Iterable<readonly [string, number]>, error: unknown): void {
    for (const [originKey, from] of firstBlocks) {
      const before = this.lost.get(originKey);
      this.lost.set(originKey, { from: before ? Math.min(before.from, from) : from, error });
    }
  }

  /** The first block a failed group lost of this chain, if one did. */
  from(originKey: string): number | undefined {
    return this.lost.get(originKey)?.from;
  }

  /**
   * Refuses a batch of a chain that lost batches, unless it starts at or before the first lost
   * block, or at or before `storedNext` (the block after the stored checkpoint, when the failed
   * group stored that much): whoever writes it has read the checkpoint again (or rolled back
   * below it), so nothing is skipped, and the chain is forgotten.
   */
  checkResume(originKey: string, start: number, storedNext?: number): void {
    const lost = this.lost.get(originKey);
    if (!lost) return;
    if (start <= lost.from || (storedNext !== undefined && start <= storedNext)) {
      this.lost.delete(originKey);
      return;
    }
    const why = lost.error instanceof Error ? lost.error.message : String(lost.error);
    throw new Error(
      `writeBatch(${originKey}): blocks from ${lost.from} were written in a group that ${this.failure} (${why}); ` +
        `read the checkpoint again and write from there, this batch starts at ${start}`,
      { cause: lost.error },
    );
  }
}
