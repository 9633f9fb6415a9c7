// The application facts kept from one build to the next (the service holds one AppFactsCache
// across rounds; one-shot builds read cold). In an hour that does not complete a day nothing
// daily changes, yet a cold read re-reads and re-sums every contract's whole history: here the
// daily part (daily sums, windows, distinct senders, the contracts' figures) is kept as the same
// objects, and only the hours that are new or changed are read again.
//
// What may be reused is decided from the store's content, never from who wrote what: before the
// reads, a build takes content fingerprints (store/contract-changes.ts) of every daily
// contract fact and sender set it reads and of each hour of hourly facts and raw contract
// transactions. The daily part is reused when that fingerprint, days_until and the active
// contracts with their projects (labels resolved now) are all equal; otherwise the daily part is
// read cold, and the hourly part too unless the active contracts are the same (it does not
// depend on the complete days: a day that completes keeps its unchanged hours). After a store
// error the next read is cold. Taking the fingerprints before the reads means a write that
// lands between them leaves a fingerprint older than the facts kept, so the next build sees a
// difference and reads again: the cache can be needlessly cold, never stale.
//
// Exactness: every hourly sum is a fold over one hour's rows only (app-fact-sums.ts), so an hour
// read again gives the value a cold read gives, and kept hours are the values a cold read gave
// for rows whose fingerprint has not changed. Hours are added to the kept maps out of order, so
// a document must read the hourly maps by hour (or take their minimum), never in map order,
// which is what app-details-json.ts does (and a cold read's order is not ascending either).
import { HOUR_MS } from '../../clock.js';
import { CONTRACT_SENDERS } from '../../metrics/definitions/app/daa.js';
import type { AppInputs } from '../../metrics/app-inputs.js';
import type { ContractFingerprints } from '../../store/contract-changes.js';
import type { Store } from '../../store/store.js';
import { sumAppFacts } from './app-fact-sums.js';
import { contractKey, type AppFacts, type PeriodFacts, type ProjectFacts } from './app-fact-shapes.js';
import { APP_HOURLY_HOURS, appContractGroups, readAppFacts, senderSql, SUM_KEYS } from './app-facts.js';

/** What the last read did (the bench reports it; tests assert the cache hits). */
export interface AppFactsReadStats {
  daily_reused: boolean;
  /** Hours read again (all of the 14 days on a cold read). */
  hours_read: number;
  fingerprint_ms: number;
}

interface HourRange {
  from: number;
  until: number;
}

interface Kept {
  store: Store;
  days_until: number;
  hours_from: number;
  hours_until: number;
  /** The active contracts and their projects, in read order, as one string. */
  contracts: string;
  fingerprints: ContractFingerprints;
  facts: AppFacts;
}

export class AppFactsCache {
  private kept: Kept | null = null;
  last: AppFactsReadStats | null = null;

  /** The application facts of `inputs`: equal to readAppFacts(store, inputs), reusing the previous read's where exact. */
  async read(store: Store, inputs: AppInputs): Promise<AppFacts> {
    const prev = this.kept;
    // Forgotten until this read completes: a read that throws leaves nothing half-updated behind.
    this.kept = null;
    const hoursFrom = inputs.hours_until - APP_HOURLY_HOURS * HOUR_MS;
    const contracts = activeContracts(inputs);
    const t0 = performance.now();
    const fingerprints = await store.contractFingerprints({
      keys: SUM_KEYS,
      set_key: CONTRACT_SENDERS.key,
      address_sql: senderSql(store),
      days_until: inputs.days_until,
      hours_from: hoursFrom,
      hours_until: inputs.hours_until,
    });
    const fingerprint_ms = performance.now() - t0;
    const next = { store, days_until: inputs.days_until, hours_from: hoursFrom, hours_until: inputs.hours_until, contracts, fingerprints };
    let facts: AppFacts;
    if (prev && prev.store === store && prev.days_until === inputs.days_until && prev.contracts === contracts && prev.fingerprints.daily === fingerprints.daily) {
      const from = firstChangedHour(prev, next);
      facts = await updateHours(store, inputs, prev.facts, { from: prev.hours_from, until: prev.hours_until }, hoursFrom, from);
      this.last = { daily_reused: true, hours_read: (inputs.hours_until - from) / HOUR_MS, fingerprint_ms };
    } else if (prev && prev.store === store && prev.contracts === contracts) {
      // A day completed (or a complete day changed): the daily part is read again, but the
      // hourly part does not depend on the complete days, so its unchanged hours are kept as in
      // any other hour. Read cold, it was 14 days of hourly facts and raw transactions (the
      // sender counts) at every day-completing hour.
      const from = firstChangedHour(prev, next);
      const daily = await readAppFacts(store, inputs, { hourly: false });
      adoptHours(daily, prev.facts);
      facts = await updateHours(store, inputs, daily, { from: prev.hours_from, until: prev.hours_until }, hoursFrom, from);
      this.last = { daily_reused: false, hours_read: (inputs.hours_until - from) / HOUR_MS, fingerprint_ms };
    } else {
      facts = await readAppFacts(store, inputs);
      this.last = { daily_reused: false, hours_read: APP_HOURLY_HOURS, fingerprint_ms };
    }
    this.kept = { ...next, facts };
    return facts;
  }
}

function activeContracts(inputs: AppInputs): string {
  return appContractGroups(inputs)
    .active.map((c) => `${c.origin_key} ${c.address} ${c.owner_project}`)
    .join('\n');
}

/** The first hour of the new range the kept facts cannot answer: new, or with a changed fingerprint (the range's end when none). */
function firstChangedHour(prev: Kept, next: Pick<Kept, 'hours_from' | 'hours_until' | 'fingerprints'>): number {
  for (let h = next.hours_from; h < next.hours_until; h += HOUR_MS) {
    const known = h >= prev.hours_from && h < prev.hours_until;
    if (!known || prev.fingerprints.hourly.get(h) !== next.fingerprints.hourly.get(h)) return h;
  }
  return next.hours_until;
}

/**
 * Moves the kept facts' hourly part to [hoursFrom, inputs.hours_until): hours before hoursFrom
 * and from `from` on are dropped, then [from, hours_until) is read and summed as a cold read
 * would (only hourly rows: no day is before 0). The daily part stays as it is (same objects).
 */
async function updateHours(store: Store, inputs: AppInputs, facts: AppFacts, kept: HourRange, hoursFrom: number, from: number): Promise<AppFacts> {
  const { active, byProject, projectGroups } = appContractGroups(inputs);
  // Read first, change the kept facts only once every read succeeded.
  const fresh: AppFacts = { windows: facts.windows, last_day: facts.last_day, hours_from: from, projects: new Map(), contracts: new Map() };
  let senders: Awaited<ReturnType<Store['hourlySendersOverContracts']>> = [];
  if (from < inputs.hours_until) {
    for (const [group] of byProject) fresh.projects.set(group, emptyProject());
    for (const c of active) fresh.contracts.set(contractKey(c.origin_key, c.address), { windows: new Map(), daa: [] });
    // Only the contracts with rows in these hours are named (usually a few hundred, where a
    // list of every contract costs more to load than the read itself); their facts are then
    // numbered by their place in the whole list, which is what the summing walks.
    const touched = new Set((await store.contractsInHours({ keys: SUM_KEYS, hours_from: from, hours_until: inputs.hours_until })).map((c) => contractKey(c.origin_key, c.address.toLowerCase())));
    const index = active.flatMap((c, i) => (touched.has(contractKey(c.origin_key, c.address)) ? [i] : []));
    const rows = await store.readContractFacts({ contracts: index.map((i) => active[i]!), keys: SUM_KEYS, days_until: 0, hours_from: from, hours_until: inputs.hours_until });
    for (let j = 0; j < rows.length; j++) rows.contract[j] = index[rows.contract[j]!]!;
    sumAppFacts(fresh, active, rows, SUM_KEYS);
    const groups = projectGroups.flatMap((g) => {
      const contracts = g.contracts.filter((c) => touched.has(contractKey(c.origin_key, c.address)));
      return contracts.length > 0 ? [{ group: g.group, contracts }] : [];
    });
    senders = await store.hourlySendersOverContracts({ groups, address_sql: senderSql(store), hours_from: from, hours_until: inputs.hours_until });
  }
  for (const [group, pf] of facts.projects) {
    for (const byKey of pf.hourly.values()) for (const periods of byKey.values()) dropHours(periods, kept, hoursFrom, from);
    for (const hours of pf.sendersHourly.values()) dropHours(hours, kept, hoursFrom, from);
    const got = fresh.projects.get(group);
    if (got) addHours(pf.hourly, got.hourly);
  }
  for (const r of senders) {
    const byChain = facts.projects.get(r.group)!.sendersHourly;
    let hours = byChain.get(r.origin_key);
    if (!hours) byChain.set(r.origin_key, (hours = new Map()));
    hours.set(r.hour_ms, { txcount: r.txcount, senders: r.senders });
  }
  facts.hours_from = hoursFrom;
  return facts;
}

/**
 * Gives the freshly read daily facts the kept hourly maps of the same projects (the same active
 * contracts, so the same projects on the same chains; a one-chain project's '*' stays its
 * chain's map). `daily` was read without hours, so it has none of its own.
 */
function adoptHours(daily: AppFacts, kept: AppFacts): void {
  for (const [group, pf] of daily.projects) {
    const old = kept.projects.get(group);
    if (!old) throw new Error(`application facts: project ${group} missing from the kept facts of the same contracts`);
    pf.hourly = old.hourly;
    pf.sendersHourly = old.sendersHourly;
  }
}

function emptyProject(): ProjectFacts {
  return { daily: new Map(), hourly: new Map(), windows: new Map(), daaDaily: new Map(), daaWindows: new Map(), sendersHourly: new Map() };
}

/**
 * Deletes from a kept hour map (whose hours all lie in kept.from..kept.until) the hours before
 * hoursFrom and from `from` on, visiting those hours only: with days_until unchanged the range
 * moved by less than a day, so that is at most a few hundred look-ups, usually two.
 */
function dropHours<V>(m: Map<number, V>, kept: HourRange, hoursFrom: number, from: number): void {
  for (let h = kept.from; h < Math.min(hoursFrom, kept.until); h += HOUR_MS) m.delete(h);
  for (let h = Math.max(from, kept.from); h < kept.until; h += HOUR_MS) m.delete(h);
}

/** Adds the freshly summed hours into the kept maps (a chain or key new to the project gets its own map). */
function addHours(into: PeriodFacts, fresh: PeriodFacts): void {
  for (const [chain, byKey] of fresh) {
    let keptByKey = into.get(chain);
    if (!keptByKey) into.set(chain, (keptByKey = new Map()));
    for (const [key, periods] of byKey) {
      const kept = keptByKey.get(key);
      // The fresh map itself: a one-chain project's '*' is its chain's map (app-fact-sums.ts).
      if (!kept) keptByKey.set(key, periods);
      else if (kept !== periods) for (const [h, v] of periods) kept.set(h, v);
    }
  }
}
