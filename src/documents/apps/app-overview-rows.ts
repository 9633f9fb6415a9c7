// The rows of the six application overview tables (CONTRACT.md section 10.1), from the build's
// shared application data (app-data.ts). The figures of each window are the ones the app
// details publish (AppFacts: the same sums and exact distinct senders), so a project's 7-day
// txcount is the same number in both documents; what only this document needs is read here, in
// three store calls whatever the number of projects, with the same group reads the app details
// use: the sums and distinct senders over the N days before each window, and which contracts
// had a transaction in the window or the window before it (num_contracts). Those three reads are
// kept between builds while the application facts' daily part is (keptReads below).
import { DAY_MS } from '../../clock.js';
import { CONTRACT_SENDERS } from '../../metrics/definitions/app/daa.js';
import { cmp, type AppContract } from '../../metrics/app-inputs.js';
import type { ContractGroup } from '../../store/contract-facts.js';
import type { Store } from '../../store/store.js';
import type { AppData } from './app-data.js';
import { APP_WINDOWS, KEYS } from './app-facts.js';
import { contractKey, type AppFacts, type ProjectFacts } from './app-fact-shapes.js';
import { listedProjects } from './app-projects.js';

/** The tables' windows, in file order; null days: all history. */
export const OVERVIEW_WINDOWS = [
  ['1d', 1],
  ['7d', 7],
  ['30d', 30],
  ['90d', 90],
  ['365d', 365],
  ['max', null],
] as const;
export type OverviewWindow = (typeof OVERVIEW_WINDOWS)[number][0];

/** Column order of every table; clients read the first two by position. */
export const OVERVIEW_COLUMNS = [
  'owner_project', 'origin_key', 'num_contracts',
  'gas_fees_eth', 'prev_gas_fees_eth', 'gas_fees_usd', 'prev_gas_fees_usd',
  'txcount', 'prev_txcount', 'daa', 'prev_daa',
] as const;

type Value = number | null;
export type OverviewRow = [string, string, number, Value, Value, Value, Value, number, number, number, number];

/** The figures of one (project, chain) over one window. */
interface Figures {
  fees_eth: Value;
  fees_usd: Value;
  txcount: number;
  daa: number;
}
const ZERO: Figures = { fees_eth: 0, fees_usd: 0, txcount: 0, daa: 0 };

const SUM_KEYS = [KEYS.txcount, KEYS.fees_eth, KEYS.fees_usd];

/**
 * Day windows [from, to] of the tables, from the app details' own windows (`facts.windows`, one
 * per APP_WINDOWS entry, so the figures of a window are the same in both documents): the index of
 * the window there, the N days before it (null for max: nothing comes before all history), and
 * the union of the two.
 */
function overviewWindows(facts: Pick<AppFacts, 'windows'>): Array<{ window: OverviewWindow; at: number; prev: [number, number] | null; span: [number, number] }> {
  return OVERVIEW_WINDOWS.map(([window, n]) => {
    const at = APP_WINDOWS.indexOf(window);
    const [from, to] = facts.windows[at]!;
    const prev: [number, number] | null = n === null ? null : [from - n * DAY_MS, from - DAY_MS];
    return { window, at, prev, span: [prev ? prev[0] : from, to] };
  });
}

/** The three group reads of the tables. */
interface OverviewReads {
  prevSums: Awaited<ReturnType<Store['sumContractFactsOverWindows']>>;
  prevDaa: Awaited<ReturnType<Store['distinctOverContracts']>>;
  spanTx: Awaited<ReturnType<Store['sumContractFactsOverWindows']>>;
}

/** What the kept reads did since the process started (tests assert the reuse). */
export const overviewReadStats = { reused: 0, read: 0 };

// The three reads cover complete days only (the windows end at the last complete day) and read
// the daily contract facts and sender sets, which change only when a day completes, a complete day
// is rewritten (reorg, backfill, a re-converted price) or the contracts change: exactly when
// AppFactsCache (app-facts-cache.ts) reads its daily part again, by the store's fingerprints of
// those facts and sets. While it keeps that part, `facts.windows` is the same array, so the reads
// are kept by that array (weakly: they go with it) and by their groups and windows as text. A
// build without that cache makes a new array every time and reads every time.
const kept = new WeakMap<object, { key: string; reads: OverviewReads }>();

async function keptReads(data: AppData, key: string, read: () => Promise<OverviewReads>): Promise<OverviewReads> {
  const daily = data.facts.windows;
  const old = kept.get(daily);
  if (old !== undefined && old.key === key) {
    overviewReadStats.reused++;
    return old.reads;
  }
  kept.delete(daily); // a read that throws leaves nothing behind
  const reads = await read();
  kept.set(daily, { key, reads });
  overviewReadStats.read++;
  return reads;
}

/** Every table's rows, keyed by window, in OVERVIEW_WINDOWS order. */
export async function appOverviewRows(store: Store, data: AppData): Promise<Map<OverviewWindow, OverviewRow[]>> {
  const windows = overviewWindows(data.facts);
  const listed = listedProjects(data.summaries).map((s) => s.project.owner_project);
  const listedSet = new Set(listed);
  const active = data.inputs.contracts.filter((c) => c.active && listedSet.has(c.owner_project));
  const byProject = groupBy(active, (c) => c.owner_project);
  const projectGroups: ContractGroup[] = [...byProject].map(([group, cs]) => ({ group, contracts: cs.map(ref) }));
  const contractGroups: ContractGroup[] = active.map((c) => ({ group: contractKey(c.origin_key, c.address), contracts: [ref(c)] }));
  const prevWindows = windows.flatMap((w) => (w.prev ? [w.prev] : []));
  const prevIndex = windows.map((w) => (w.prev ? prevWindows.indexOf(w.prev) : -1));

  const spans = windows.map((w) => w.span);
  const { prevSums, prevDaa, spanTx } = await keptReads(data, JSON.stringify([projectGroups, contractGroups, prevWindows, spans]), async () => ({
    // Sequential: the DuckDB store runs the group reads on one connection with shared temp tables.
    prevSums: await store.sumContractFactsOverWindows({ groups: projectGroups, keys: SUM_KEYS, windows: prevWindows }),
    prevDaa: await store.distinctOverContracts({ set_key: CONTRACT_SENDERS.key, groups: projectGroups, days_from: 0, days_until: 0, windows: prevWindows }),
    spanTx: await store.sumContractFactsOverWindows({ groups: contractGroups, keys: [KEYS.txcount], windows: spans }),
  }));

  // project → chain → one Figures per prev window.
  const prev = new Map<string, Map<string, Figures[]>>();
  const prevOf = (group: string, ok: string): Figures[] => nested(nested(prev, group, () => new Map()), ok, () => prevWindows.map(() => ({ ...ZERO })));
  for (const r of prevSums) {
    if (r.origin_key === null) continue;
    const f = prevOf(r.group, r.origin_key)[r.window]!;
    if (r.metric_key === KEYS.txcount) f.txcount = r.value ?? 0;
    else if (r.metric_key === KEYS.fees_eth) f.fees_eth = r.value;
    else if (r.metric_key === KEYS.fees_usd) f.fees_usd = r.value;
  }
  for (const r of prevDaa.windows) if (r.origin_key !== null) prevOf(r.group, r.origin_key)[r.window]!.daa = r.n;

  // project → chain → contracts with a transaction in each span.
  const contractOf = new Map(active.map((c) => [contractKey(c.origin_key, c.address), c]));
  const spanCount = new Map<string, Map<string, number[]>>();
  for (const r of spanTx) {
    if (r.origin_key === null || !(r.value ?? 0)) continue;
    const c = contractOf.get(r.group)!;
    nested(nested(spanCount, c.owner_project, () => new Map()), c.origin_key, () => windows.map(() => 0))[r.window]!++;
  }

  const out = new Map<OverviewWindow, OverviewRow[]>();
  windows.forEach(({ window, at }, wi) => {
    const rows: OverviewRow[] = [];
    for (const owner of listed) {
      const pf = data.facts.projects.get(owner);
      const chains = [...new Set((byProject.get(owner) ?? []).map((c) => c.origin_key))].sort(cmp);
      const own: OverviewRow[] = [];
      for (const ok of chains) {
        const cur = pf ? current(pf, ok, at) : ZERO;
        const before = prevIndex[wi]! < 0 ? ZERO : (prev.get(owner)?.get(ok)?.[prevIndex[wi]!] ?? ZERO);
        if (cur.txcount === 0 && before.txcount === 0) continue;
        const n = spanCount.get(owner)?.get(ok)?.[wi] ?? 0;
        own.push([owner, ok, n, cur.fees_eth, before.fees_eth, cur.fees_usd, before.fees_usd, cur.txcount, before.txcount, cur.daa, before.daa]);
      }
      // Every project of the filtered list appears (the page lists them all): one without
      // activity in this window or the one before gets a zero row per chain it is active on.
      if (own.length === 0) for (const ok of chains) own.push([owner, ok, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
      rows.push(...own);
    }
    out.set(window, rows);
  });
  return out;
}

/** The window's figures as the app details publish them (no fact in the window: 0). */
function current(pf: ProjectFacts, ok: string, at: number): Figures {
  const sums = pf.windows.get(ok);
  const v = (key: string): Value => {
    const x = sums?.get(key)?.[at];
    return x === undefined ? 0 : x;
  };
  return { fees_eth: v(KEYS.fees_eth), fees_usd: v(KEYS.fees_usd), txcount: v(KEYS.txcount) ?? 0, daa: pf.daaWindows.get(ok)?.[at] ?? 0 };
}

const ref = (c: AppContract) => ({ origin_key: c.origin_key, address: c.address });

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const t of items) {
    const list = m.get(key(t));
    if (list) list.push(t);
    else m.set(key(t), [t]);
  }
  return m;
}

function nested<K, V>(m: Map<K, V>, key: K, make: () => V): V {
  let inner = m.get(key);
  if (inner === undefined) m.set(key, (inner = make()));
  return inner;
}
