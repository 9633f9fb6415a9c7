// The all_l2s hourly distinct counts kept from one build to the next (the service holds one
// HourlyUnionCache across rounds; one-shot builds read cold). The union of several chains'
// addresses per hour can only be counted from the raw transactions, and the hourly series covers
// the last days: read cold, every hourly build counts every member's transactions of all those
// hours again, although an hour that is complete does not change. Here an hour's counts are kept
// and reused while the digests of its raw rows (Store.hourFingerprints: blocks and transaction
// counts per chain and hour) are what they were when it was counted; only new or changed hours
// are counted again.
//
// What may be reused is decided from the store's content, never from who wrote what (another
// process may ingest, a reorg may replace an hour's blocks, retention may prune its
// transactions). The digests are taken before the counts are read, so a write that lands between
// them leaves a digest older than the counts kept: the next build sees a difference and counts
// that hour again. The cache can be needlessly cold, never stale.
import type { HourFingerprint, HourlyDistinctRequest, HourlyDistinctRow } from '../../store/facts.js';
import type { Store } from '../../store/store.js';
import { HOUR_MS } from '../../clock.js';

/** What the last read did (tests assert the reuse; the bench may report it). */
export interface HourlyUnionReadStats {
  hours_counted: number;
  hours_reused: number;
}

interface KeptHour {
  /** The members' digests of the hour, in request order. */
  fp: string;
  rows: HourlyDistinctRow[];
}

/** Member sets kept at once: all_l2s asks one (one `unique` metric); a few more cost little. */
const MAX_KEPT = 4;
/** Beyond this many separate runs of hours to count, one read covers them all (fewer scans). */
const MAX_RUNS = 4;

export class HourlyUnionCache {
  /** Per member set (origin keys and address expressions), its store and counted hours. */
  private readonly kept = new Map<string, { store: Store; hours: Map<number, KeptHour> }>();
  last: HourlyUnionReadStats | null = null;

  /** Equal to store.hourlyDistinctOverChains(req), counting only hours whose raw rows changed since they were kept. */
  async read(store: Store, req: HourlyDistinctRequest): Promise<HourlyDistinctRow[]> {
    if (req.chains.length === 0 || req.hours_until <= req.hours_from || req.hours_from % HOUR_MS !== 0) return store.hourlyDistinctOverChains(req);
    const key = JSON.stringify(req.chains.map((c) => [c.origin_key, c.sql]));
    const prev = this.kept.get(key);
    this.kept.delete(key);
    try {
      const digests = digestsByHour(await store.hourFingerprints({ origin_keys: req.chains.map((c) => c.origin_key), hours_from: req.hours_from, hours_until: req.hours_until }), req);
      const hours = new Map<number, KeptHour>();
      const missing: number[] = [];
      for (let h = req.hours_from; h < req.hours_until; h += HOUR_MS) {
        const fp = digests.get(h) ?? '';
        const old = prev?.store === store ? prev.hours.get(h) : undefined;
        if (old !== undefined && old.fp === fp) hours.set(h, old);
        else {
          hours.set(h, { fp, rows: [] });
          missing.push(h);
        }
      }
      const recount = new Set(missing);
      for (const run of runsOf(missing)) {
        for (const r of await store.hourlyDistinctOverChains({ chains: req.chains, hours_from: run.from, hours_until: run.until })) {
          const kept = hours.get(r.hour_ms);
          // A run merged over reused hours reads them again: their kept rows stay.
          if (kept !== undefined && recount.has(r.hour_ms)) kept.rows.push(r);
        }
      }
      this.kept.set(key, { store, hours });
      while (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.last = { hours_counted: missing.length, hours_reused: hours.size - missing.length };
      return [...hours.values()].flatMap((k) => k.rows);
    } catch (err) {
      // Nothing half-read is kept: the next build counts this member set cold.
      this.last = null;
      throw err;
    }
  }
}

/** Per hour, the members' digests joined in request order ('' for a member without blocks then). */
function digestsByHour(rows: readonly HourFingerprint[], req: HourlyDistinctRequest): Map<number, string> {
  const byMember = new Map<string, string>();
  for (const r of rows) byMember.set(`${r.origin_key}|${r.hour_ms}`, r.fp);
  const out = new Map<number, string>();
  for (let h = req.hours_from; h < req.hours_until; h += HOUR_MS) {
    out.set(h, req.chains.map((c) => byMember.get(`${c.origin_key}|${h}`) ?? '').join(' '));
  }
  return out;
}

/** Consecutive hours as [from, until) ranges; more than MAX_RUNS become one range over all of them. */
function runsOf(hours: readonly number[]): Array<{ from: number; until: number }> {
  const runs: Array<{ from: number; until: number }> = [];
  for (const h of hours) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.until === h) last.until = h + HOUR_MS;
    else runs.push({ from: h, until: h + HOUR_MS });
  }
  if (runs.length <= MAX_RUNS) return runs;
  return [{ from: runs[0]!.from, until: runs[runs.length - 1]!.until }];
}
