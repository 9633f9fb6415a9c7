// The rows of the six application overview tables (CONTRACT.md section 10.1), from the build's
// shared application data (app-data.ts). The figures of each window are the ones the app
// details publish (AppFacts: the same sums and exact distinct senders), so a project's 7-day
// txcount is the same number in both documents; what only this document needs is read here, in
// three store calls whatever the number of projects, with the same group reads the app details
// use: the sums and distinct senders over the N days before each window, and which contracts
// had a transaction in the window or the window before it (num_contracts). The application facts
// make those figures with their daily part, from the reads the daily part makes anyway
// (app-overview-sums.ts and one more grouping of the sender sets' read), so they are kept with it
// between hours and cost no read of their own when a day completes; the three group reads here
// serve only facts made without them.
import { CONTRACT_SENDERS } from '../../metrics/definitions/app/daa.js';
import { cmp, type AppContract } from '../../metrics/app-inputs.js';
import type { ContractGroup } from '../../store/contract-facts.js';
import type { Store } from '../../store/store.js';
import type { AppData } from './app-data.js';
import { KEYS } from './app-facts.js';
import { contractKey, type ProjectFacts } from './app-fact-shapes.js';
import { overviewWindows, type OverviewWindow } from './app-overview-windows.js';
import { listedProjects } from './app-projects.js';

export { OVERVIEW_WINDOWS, type OverviewWindow } from './app-overview-windows.js';

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

/** The tables' figures the details do not have: as the three group reads give them. */
interface OverviewReads {
  prevSums: Awaited<ReturnType<Store['sumContractFactsOverWindows']>>;
  prevDaa: Awaited<ReturnType<Store['distinctOverContracts']>>;
  spanTx: Awaited<ReturnType<Store['sumContractFactsOverWindows']>>;
}

/**
 * Where the tables' figures came from since the process started (tests assert it): `made` with
 * the application facts' daily part (app-facts.ts), so kept with it between hours and made from
 * its reads at a new day; `read` by the three group reads here (facts made without them).
 */
export const overviewReadStats = { made: 0, read: 0 };

async function readFigures(store: Store, projectGroups: ContractGroup[], contractGroups: ContractGroup[], prevWindows: Array<[number, number]>, spans: Array<[number, number]>): Promise<OverviewReads> {
  overviewReadStats.read++;
  return {
    // Sequential: the DuckDB store runs the group reads on one connection with shared temp tables.
    prevSums: await store.sumContractFactsOverWindows({ groups: projectGroups, keys: SUM_KEYS, windows: prevWindows }),
    prevDaa: await store.distinctOverContracts({ set_key: CONTRACT_SENDERS.key, groups: projectGroups, days_from: 0, days_until: 0, windows: prevWindows }),
    spanTx: await store.sumContractFactsOverWindows({ groups: contractGroups, keys: [KEYS.txcount], windows: spans }),
  };
}

/** Every table's rows, keyed by window, in OVERVIEW_WINDOWS order. */
export async function appOverviewRows(store: Store, data: AppData): Promise<Map<OverviewWindow, OverviewRow[]>> {
  const windows = overviewWindows(data.facts.windows);
  const listed = listedProjects(data.summaries).map((s) => s.project.owner_project);
  const listedSet = new Set(listed);
  const active = data.inputs.contracts.filter((c) => c.active && listedSet.has(c.owner_project));
  const byProject = groupBy(active, (c) => c.owner_project);
  const projectGroups: ContractGroup[] = [...byProject].map(([group, cs]) => ({ group, contracts: cs.map(ref) }));
  const contractGroups: ContractGroup[] = active.map((c) => ({ group: contractKey(c.origin_key, c.address), contracts: [ref(c)] }));
  const prevWindows = windows.flatMap((w) => (w.prev ? [w.prev] : []));
  const prevIndex = windows.map((w) => (w.prev ? prevWindows.indexOf(w.prev) : -1));

  const spans = windows.map((w) => w.span);
  // Made with the application facts' daily part, for every project and contract (a superset of
  // the listed ones: each group's figures depend on its own contracts only); read here only when
  // the facts came without them.
  const made = data.facts.overview;
  const useMade = made !== undefined && JSON.stringify([made.prev, made.spans]) === JSON.stringify([prevWindows, spans]);
  if (useMade) overviewReadStats.made++;
  const { prevSums, prevDaa, spanTx } = useMade ? made : await readFigures(store, projectGroups, contractGroups, prevWindows, spans);

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
    const c = contractOf.get(r.group);
    if (c === undefined) continue; // a contract of a project not listed (the made figures cover every project)
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
