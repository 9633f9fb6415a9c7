// Price gaps are recomputed every round, and in steady state they are the same every round (a
// feed that lags, an asset without history): logging each one every round made them most of
// all log lines. A PriceGapLog remembers what it logged: each gap is logged once, as a warning,
// and again only when it changes (more periods, a new range, a status change); a gap that
// closes is logged once at info. The built-in devnet's simulated feed has gaps by construction;
// its service logs them at debug (`level`), since they say nothing about real data.
import type { Logger } from '../log.js';
import type { PriceStatusSummary } from '../store/prices.js';

/** Periods whose USD/ETH values used a fallback price ('fallback') or have none ('missing'): the store's summary rows. */
export type PriceGap = PriceStatusSummary;

function gapKey(g: PriceGap): string {
  return `${g.origin_key}\u0000${g.asset}\u0000${g.granularity}\u0000${g.status}`;
}

function gapState(g: PriceGap): string {
  return `${g.periods}:${g.first_ms}:${g.last_ms}`;
}

function gapFields(g: PriceGap): Record<string, unknown> {
  return { origin_key: g.origin_key, asset: g.asset, granularity: g.granularity, periods: g.periods, first: new Date(g.first_ms).toISOString(), last: new Date(g.last_ms).toISOString() };
}

export class PriceGapLog {
  /** What was last logged per gap (key → state). */
  private readonly logged = new Map<string, string>();

  /** The level a new or changed gap is logged at: `warn`, or `debug` for the devnet's own feed. */
  constructor(private readonly level: 'warn' | 'debug' = 'warn') {}

  report(gaps: readonly PriceGap[], logger: Pick<Logger, 'warn' | 'info'> & Partial<Pick<Logger, 'debug'>>): void {
    // A logger without debug (a test's partial one) simply drops what would be logged at debug.
    const debug = (fields: Record<string, unknown>, msg: string): void => logger.debug?.(fields, msg);
    const noted = this.level === 'debug' ? debug : (fields: Record<string, unknown>, msg: string): void => logger.warn(fields, msg);
    const closed = this.level === 'debug' ? debug : (fields: Record<string, unknown>, msg: string): void => logger.info(fields, msg);
    const seen = new Set<string>();
    for (const g of gaps) {
      const key = gapKey(g);
      seen.add(key);
      const state = gapState(g);
      if (this.logged.get(key) === state) continue;
      this.logged.set(key, state);
      noted(
        gapFields(g),
        g.status === 'missing' ? 'no price: USD/ETH values are null for these periods' : 'price missing for these periods: the latest earlier price was used',
      );
    }
    for (const key of [...this.logged.keys()]) {
      if (seen.has(key)) continue;
      this.logged.delete(key);
      const [origin_key, asset, granularity, status] = key.split('\u0000');
      closed({ origin_key, asset, granularity, status }, 'price gap closed: every period of it has its own price now');
    }
  }
}
