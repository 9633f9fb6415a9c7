// What the publishing rounds did, for /metrics: how long each stage of the latest round took,
// how many rounds ran, failed and published, and what the latest published set held. Plain
// fields, read at scrape time (src/app/service-metrics.ts).
import { performance } from 'node:perf_hooks';

/** The stages of a publishing round, in order (Service.publish). */
export const ROUND_STAGES = ['sources', 'stablecoins', 'external', 'facts', 'documents', 'compress'] as const;
export type RoundStage = (typeof ROUND_STAGES)[number];

export interface PublishedSet {
  /** When the set was built (unix ms, the service's clock). */
  at_ms: number;
  documents: number;
  /** Documents built from partial inputs (BuildReport.degraded). */
  degraded: number;
  /** From the round's start to the swap, seconds. */
  seconds: number;
}

export class RoundStats {
  rounds = 0;
  failures = 0;
  published = 0;
  /** Seconds each stage took in the latest round that reached it. */
  readonly stageSeconds = new Map<RoundStage, number>();
  lastPublished: PublishedSet | null = null;

  /** `monotonic` is injectable so a test can give each stage a known duration. */
  constructor(private readonly monotonic: () => number = () => performance.now()) {}

  /** A round starts: returns its start on the monotonic clock. */
  begin(): number {
    this.rounds++;
    return this.monotonic();
  }

  /** Runs one stage and records its duration (also when it throws: the time was spent). */
  async time<T>(stage: RoundStage, work: () => Promise<T>): Promise<T> {
    const t0 = this.monotonic();
    try {
      return await work();
    } finally {
      this.stageSeconds.set(stage, (this.monotonic() - t0) / 1000);
    }
  }

  recordPublished(startedAt: number, atMs: number, documents: number, degraded: number): void {
    this.published++;
    this.lastPublished = { at_ms: atMs, documents, degraded, seconds: (this.monotonic() - startedAt) / 1000 };
  }
}
