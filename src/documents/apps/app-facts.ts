// The contract facts every application document reads, fetched for all projects at once: four
// store calls per build whatever the number of projects (the raw facts of every active contract,
// summed in app-fact-sums.ts; the distinct senders and hourly senders as group reads taking every
// group in one query), computed once and shared by the project lists and the app details.
import { DAY_MS, HOUR_MS } from '../../clock.js';
import { CONTRACT_SENDERS } from '../../metrics/definitions/app/daa.js';
import { CONTRACT_FEES_PAID } from '../../metrics/definitions/app/gas-fees.js';
import { CONTRACT_SUCCESSES } from '../../metrics/definitions/app/success-rate.js';
import { CONTRACT_TXCOUNT } from '../../metrics/definitions/app/txcount.js';
import { moneyKeys } from '../../metrics/definition.js';
import type { ContractGroup, ContractRef, GroupDistinctResult } from '../../store/contract-facts.js';
import type { Store } from '../../store/store.js';
import type { AppContract, AppInputs } from '../../metrics/app-inputs.js';
import { sumAppFacts } from './app-fact-sums.js';
import { ALL_CHAINS, contractKey, type AppFacts } from './app-fact-shapes.js';
import { overviewWindowSums } from './app-overview-sums.js';
import { overviewReadWindows } from './app-overview-windows.js';
import { windowsEndingAt } from './app-windows.js';
import type { ChainFamily } from '../../registry/types.js';

export { APP_WINDOWS, windowsEndingAt, type AppWindow } from './app-windows.js';
/** Hours the app details publish (CONTRACT.md section 4: the last 14 days of complete hours). */
export const APP_HOURLY_HOURS = 14 * 24;

export const KEYS = {
  txcount: CONTRACT_TXCOUNT.key,
  successes: CONTRACT_SUCCESSES.key,
  fees_eth: moneyKeys(CONTRACT_FEES_PAID.key).eth,
  fees_usd: moneyKeys(CONTRACT_FEES_PAID.key).usd,
} as const;
/** The contract fact keys the application documents read. */
export const SUM_KEYS = Object.values(KEYS);

/** The contracts the application facts are read for (those with facts), and one group per project of them. */
export function appContractGroups(inputs: AppInputs): { active: AppContract[]; byProject: Map<string, ContractRef[]>; projectGroups: ContractGroup[] } {
  const active = inputs.contracts.filter((c) => c.active);
  const byProject = new Map<string, ContractRef[]>();
  for (const c of active) {
    const list = byProject.get(c.owner_project);
    const ref = { origin_key: c.origin_key, address: c.address };
    if (list) list.push(ref);
    else byProject.set(c.owner_project, [ref]);
  }
  const projectGroups: ContractGroup[] = [...byProject].map(([group, contracts]) => ({ group, contracts }));
  return { active, byProject, projectGroups };
}

/**
 * The application facts of `inputs`, read cold. With `hourly: false` only the daily part is read
 * (the hourly maps stay empty): a caller that keeps the hourly part of an earlier read, which does
 * not depend on the complete days, adds the hours itself (app-facts-cache.ts).
 */
export async function readAppFacts(store: Store, inputs: AppInputs, { hourly = true }: { hourly?: boolean } = {}): Promise<AppFacts> {
  const lastDay = inputs.days_until - DAY_MS;
  const windows = windowsEndingAt(lastDay);
  const hoursFrom = inputs.hours_until - APP_HOURLY_HOURS * HOUR_MS;
  const { active, byProject, projectGroups } = appContractGroups(inputs);
  const contractGroups: ContractGroup[] = active.map((c) => ({ group: contractKey(c.origin_key, c.address), contracts: [{ origin_key: c.origin_key, address: c.address }] }));
  const out: AppFacts = { windows, last_day: lastDay, hours_from: hoursFrom, projects: new Map(), contracts: new Map() };
  for (const [group] of byProject) out.projects.set(group, { daily: new Map(), hourly: new Map(), windows: new Map(), daaDaily: new Map(), daaWindows: new Map(), sendersHourly: new Map() });
  for (const c of active) out.contracts.set(contractKey(c.origin_key, c.address), { windows: new Map(), daa: windows.map(() => 0) });
  if (projectGroups.length === 0) return out;

  // All three reads are asked for at once. DuckDB still runs them in turn on its one connection
  // (they share its temp tables), but each call's JavaScript half (ordering the facts, counting
  // the sender sets) runs after the call releases the connection: on two cores the next read's
  // scan runs on DuckDB's threads while this thread sums or counts the previous one. ClickHouse
  // serves them side by side. An empty range of hours ([hours_until, hours_until)) reads the daily
  // facts only.
  const factsRead = store.readContractFacts({ contracts: active, keys: SUM_KEYS, days_until: inputs.days_until, hours_from: hourly ? hoursFrom : inputs.hours_until, hours_until: inputs.hours_until });
  const { prev, spans } = overviewReadWindows(windows);
  // Both groupings from one read of the contracts' sender sets. The projects' windows before are
  // more windows of the projects' grouping (the same groups): its rows are made and sorted once,
  // and each window is a bit per address in the same walk; the rows split by window index after.
  const distinctRead = store.distinctOverGroupings({
    set_key: CONTRACT_SENDERS.key,
    groupings: [
      { groups: projectGroups, days_from: 0, days_until: inputs.days_until, windows: [...windows, ...prev] },
      { groups: contractGroups, days_from: 0, days_until: 0, windows },
    ],
  });
  const hourlyRead = !hourly
    ? Promise.resolve([])
    : store.hourlySendersOverContracts({
        groups: projectGroups,
        address_sql: senderSql(store),
        hours_from: hoursFrom,
        hours_until: inputs.hours_until,
      });
  // Awaited in order below; a failure of one is thrown there, not reported as unhandled meanwhile.
  for (const p of [distinctRead, hourlyRead]) p.catch(() => undefined);
  const facts = await factsRead;
  sumAppFacts(out, active, facts, SUM_KEYS);
  // The overview tables' figures of the days before each window (and the contracts' spans) from
  // the same daily facts and the same read of the sets: as their own group reads they read the
  // whole history again at every day that completes.
  const { prevSums, spanTx } = overviewWindowSums(facts, active, SUM_KEYS, { prev, spans, spanKey: KEYS.txcount });
  const [projectAll, contractDaa] = (await distinctRead) as [GroupDistinctResult, GroupDistinctResult];
  const projectDaa: GroupDistinctResult = { daily: projectAll.daily, windows: projectAll.windows.filter((r) => r.window < windows.length) };
  const prevDaa: GroupDistinctResult = { daily: [], windows: projectAll.windows.flatMap((r) => (r.window < windows.length ? [] : [{ ...r, window: r.window - windows.length }])) };
  out.overview = { prev, spans, prevSums, prevDaa, spanTx };
  const hourlySenders = await hourlyRead;

  for (const r of projectDaa.daily) nested(out.projects.get(r.group)!.daaDaily, r.origin_key ?? ALL_CHAINS).set(r.day_ms, r.n);
  for (const r of projectDaa.windows) {
    nested(out.projects.get(r.group)!.daaWindows, r.origin_key ?? ALL_CHAINS, () => windows.map(() => 0))[r.window] = r.n;
  }
  for (const r of hourlySenders) nested(out.projects.get(r.group)!.sendersHourly, r.origin_key).set(r.hour_ms, { txcount: r.txcount, senders: r.senders });
  for (const r of contractDaa.windows) if (r.origin_key === null) out.contracts.get(r.group)!.daa[r.window] = r.n;
  return out;
}

// A record, so a new family fails to compile until listed here.
const FAMILY_LIST: Record<ChainFamily, true> = { ethereum: true, op: true, arbitrum: true, scroll: true, zksync: true, default: true };
const FAMILIES = Object.keys(FAMILY_LIST) as ChainFamily[];

/**
 * The sender expression of the hourly read: one query spans every chain, so it takes one
 * expression, which holds only while the set's SQL is the same for every family (it is `from`
 * everywhere today); a family-specific one fails here instead of counting some chains wrongly.
 */
export function senderSql(store: Store): string {
  const of = CONTRACT_SENDERS.sql[store.engine];
  if (!of) throw new Error(`${CONTRACT_SENDERS.key} has no address SQL for the ${store.engine} engine`);
  const forms = new Set(FAMILIES.map((family) => of({ family, seconds: HOUR_MS / 1000 })));
  if (forms.size !== 1) throw new Error(`${CONTRACT_SENDERS.key}: the address SQL differs by chain family; the hourly sender read takes one expression`);
  return [...forms][0]!;
}

function nested<K, V>(m: Map<K, V>, key: K, make: () => V = () => new Map() as V): V {
  let inner = m.get(key);
  if (inner === undefined) m.set(key, (inner = make()));
  return inner;
}
