// Access-log lines, with error floods summarised. Every successful or redirected request is
// logged as it happens; for client errors (400, 401, 404, 405, 414, 429, 431 …) and 503s, only
// the first ERROR_LINES_PER_WINDOW of each (route, status) per window are written line by line,
// and the rest are counted and written as one summary line when the window ends. A scanner
// hammering unknown paths or a client ignoring 429 then costs a few lines per window instead of
// one per request, so log volume (and disk) does not scale with attack traffic.
import type { Logger } from '../log.js';

export const ERROR_WINDOW_MS = 10_000;
export const ERROR_LINES_PER_WINDOW = 20;

interface Bucket {
  windowStart: number;
  logged: number;
  suppressed: number;
}

export class AccessLog {
  /** Keyed by `${route} ${status}`: bounded by the route classes times the error statuses. */
  readonly #buckets = new Map<string, Bucket>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly logger: Pick<Logger, 'info'>,
    private readonly now: () => number,
  ) {
    // Summaries of quiet windows are written even when no further request arrives.
    this.#timer = setInterval(() => this.flush(), ERROR_WINDOW_MS);
    this.#timer.unref();
  }

  write(route: string, status: number, line: Record<string, unknown>): void {
    if (status < 400 || (status >= 500 && status !== 503)) {
      // Successes are the service's real traffic; 5xx other than 503 are bugs: every one counts.
      this.logger.info(line);
      return;
    }
    const key = `${route} ${status}`;
    const t = this.now();
    let b = this.#buckets.get(key);
    if (b !== undefined && t - b.windowStart >= ERROR_WINDOW_MS) {
      this.#summarise(key, b);
      b = undefined;
    }
    if (b === undefined) {
      b = { windowStart: t, logged: 0, suppressed: 0 };
      this.#buckets.set(key, b);
    }
    if (b.logged < ERROR_LINES_PER_WINDOW) {
      b.logged++;
      this.logger.info(line);
    } else {
      b.suppressed++;
    }
  }

  /** Writes the summaries of finished windows (all windows when `all`) and forgets them. */
  flush(all = false): void {
    const t = this.now();
    for (const [key, b] of this.#buckets) {
      if (all || t - b.windowStart >= ERROR_WINDOW_MS) this.#summarise(key, b);
    }
  }

  close(): void {
    clearInterval(this.#timer);
    this.flush(true);
  }

  #summarise(key: string, b: Bucket): void {
    this.#buckets.delete(key);
    if (b.suppressed === 0) return;
    const [route, status] = key.split(' ');
    this.logger.info(
      { route, status: Number(status), suppressed: b.suppressed, logged: b.logged, window_start: new Date(b.windowStart).toISOString(), window_s: ERROR_WINDOW_MS / 1000 },
      'access log: repeated errors summarised',
    );
  }
}
