// When a background source last synced and how often it failed: read by /metrics
// (chainlytics_source_*), so an operator can alert on a price feed or label URL that stopped
// answering while the service keeps serving its last import.

export interface SyncSnapshot {
  /** Unix ms of the last successful sync; null before the first. */
  last_success_ms: number | null;
  /** Failed syncs since start. */
  failures: number;
  /** Whether the latest attempt failed. */
  failing: boolean;
}

export class SyncRecord {
  #lastSuccess: number | null = null;
  #failures = 0;
  #failing = false;

  succeeded(nowMs: number): void {
    this.#lastSuccess = nowMs;
    this.#failing = false;
  }

  failed(): void {
    this.#failures++;
    this.#failing = true;
  }

  snapshot(): SyncSnapshot {
    return { last_success_ms: this.#lastSuccess, failures: this.#failures, failing: this.#failing };
  }
}
