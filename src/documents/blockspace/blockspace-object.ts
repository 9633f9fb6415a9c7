// The chain object of the blockspace documents (CONTRACT.md section 10.5): the same object is the
// whole per-chain document and one entry of /blockspace/overview.json, which differ in their
// timeframes, in whether `daily` holds rows and in how many contracts a category lists.
// Every main category of master.json's blockspace_categories is a key of `daily` and of every
// timeframe, present even when empty, because the reference pages index them unguarded.
import { DAY_MS } from '../../clock.js';
import { isUsed, sumKnown, type BlockspaceContract, type BlockspaceFigures, type ChainBlockspace } from '../../metrics/blockspace-days.js';
import { MAIN_CATEGORIES } from '../../registry/categories.js';

export const BLOCKSPACE_VALUE_TYPES = [
  'gas_fees_eth_absolute',
  'gas_fees_usd_absolute',
  'txcount_absolute',
  'gas_fees_share_eth',
  'gas_fees_share_usd',
  'txcount_share',
] as const;
export const BLOCKSPACE_DAILY_TYPES = ['unix', ...BLOCKSPACE_VALUE_TYPES] as const;
export const BLOCKSPACE_TOTAL_TYPES = ['gas_fees_eth_absolute', 'gas_fees_usd_absolute', 'txcount_absolute'] as const;
export const BLOCKSPACE_CONTRACT_TYPES = [
  'address',
  'project_name',
  'name',
  'main_category_key',
  'sub_category_key',
  'chain',
  'gas_fees_absolute_eth',
  'gas_fees_absolute_usd',
  'txcount_absolute',
] as const;

/** A timeframe's id and its length in complete days (null: all history). */
export interface Timeframe {
  id: string;
  days: number | null;
}

export const CHAIN_TIMEFRAMES: readonly Timeframe[] = [
  { id: '1d', days: 1 },
  { id: '7d', days: 7 },
  { id: '30d', days: 30 },
  { id: '180d', days: 180 },
  { id: 'max', days: null },
];
export const OVERVIEW_TIMEFRAMES: readonly Timeframe[] = [
  { id: '7d', days: 7 },
  { id: '30d', days: 30 },
  { id: '90d', days: 90 },
  { id: '180d', days: 180 },
  { id: '365d', days: 365 },
  { id: 'max', days: null },
];

export interface ChainObjectOptions {
  timeframes: readonly Timeframe[];
  /** Daily rows per category (the per-chain document); false: `daily` holds only its types. */
  dailyRows: boolean;
  /** Contracts listed per category and timeframe; 0: no `contracts` key. */
  topContracts: number;
}

type Value = number | null;

/** part ÷ total as a fraction; 0 of a zero total; null when either is unknown. */
export const share = (part: Value, total: Value): Value => (part === null || total === null ? null : total > 0 ? part / total : 0);

/** Σ of the days in [from, until) of a day map, null when nothing was there. */
export function windowSum(days: ReadonlyMap<number, BlockspaceFigures>, from: number, until: number): BlockspaceFigures | null {
  let out: BlockspaceFigures | null = null;
  for (const [day, f] of days) {
    if (day < from || day >= until) continue;
    out = out ? { eth: sumKnown(out.eth, f.eth), usd: sumKnown(out.usd, f.usd), txcount: out.txcount + f.txcount } : { ...f };
  }
  return out;
}

/** Σ of several figures (null parts skipped; money null once a part's is unknown). */
export function totalOf(parts: Iterable<BlockspaceFigures | null>): BlockspaceFigures {
  const t: BlockspaceFigures = { eth: 0, usd: 0, txcount: 0 };
  for (const p of parts) {
    if (!p) continue;
    t.eth = sumKnown(t.eth, p.eth);
    t.usd = sumKnown(t.usd, p.usd);
    t.txcount += p.txcount;
  }
  return t;
}

const values = (f: BlockspaceFigures, total: BlockspaceFigures): Value[] => [
  f.eth,
  f.usd,
  f.txcount,
  share(f.eth, total.eth),
  share(f.usd, total.usd),
  share(f.txcount, total.txcount),
];

/** Contracts of a category by fees in ETH (unknown last), then txcount, then chain and address. */
function topContracts(contracts: readonly BlockspaceContract[], category: string, from: number, until: number, n: number): Array<Array<string | Value>> {
  const rows: Array<{ c: BlockspaceContract; f: BlockspaceFigures }> = [];
  for (const c of contracts) {
    if (c.main_category !== category) continue;
    const f = windowSum(c.days, from, until);
    if (f && isUsed(f)) rows.push({ c, f });
  }
  rows.sort((a, b) => (b.f.eth ?? -1) - (a.f.eth ?? -1) || b.f.txcount - a.f.txcount || cmp(a.c.origin_key, b.c.origin_key) || cmp(a.c.address, b.c.address));
  return rows
    .slice(0, n)
    .map(({ c, f }) => [c.address, c.owner_project, c.contract_name, c.main_category, c.usage_category, c.origin_key, f.eth, f.usd, f.txcount]);
}

export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The days on which the chain had any blockspace use, ascending. */
function activeDays(data: ChainBlockspace): number[] {
  const days = new Set<number>();
  for (const m of data.categories.values()) for (const [day, f] of m) if (isUsed(f)) days.add(day);
  return [...days].sort((a, b) => a - b);
}

/** Whether a chain has anything to publish. */
export function hasBlockspace(data: ChainBlockspace): boolean {
  return activeDays(data).length > 0;
}

export function chainObject(chainName: string, data: ChainBlockspace, opts: ChainObjectOptions): Record<string, unknown> {
  const ids = MAIN_CATEGORIES.map((m) => m.id);
  const days = activeDays(data);
  const empty: BlockspaceFigures = { eth: 0, usd: 0, txcount: 0 };

  const daily: Record<string, unknown> = { types: [...BLOCKSPACE_DAILY_TYPES] };
  if (opts.dailyRows) {
    const totals = new Map(days.map((d) => [d, totalOf(ids.map((id) => data.categories.get(id)?.get(d) ?? null))]));
    for (const id of ids) {
      const m = data.categories.get(id);
      const has = m !== undefined && [...m.values()].some(isUsed);
      daily[id] = { data: has ? days.map((d) => [d, ...values(m.get(d) ?? empty, totals.get(d)!)]) : [] };
    }
  }

  const first = days[0] ?? data.days_until;
  const overview: Record<string, unknown> = { types: [...BLOCKSPACE_VALUE_TYPES] };
  const totals: Record<string, unknown> = { types: [...BLOCKSPACE_TOTAL_TYPES] };
  for (const tf of opts.timeframes) {
    const from = tf.days === null ? first : data.days_until - tf.days * DAY_MS;
    const sums = new Map(ids.map((id) => [id, windowSum(data.categories.get(id) ?? new Map(), from, data.days_until)]));
    const total = totalOf(sums.values());
    const entry: Record<string, unknown> = {};
    for (const id of ids) {
      const f = sums.get(id);
      if (!f || !isUsed(f)) {
        entry[id] = {};
        continue;
      }
      const cat: Record<string, unknown> = { data: values(f, total) };
      if (opts.topContracts > 0) cat.contracts = { types: [...BLOCKSPACE_CONTRACT_TYPES], data: topContracts(data.contracts, id, from, data.days_until, opts.topContracts) };
      entry[id] = cat;
    }
    overview[tf.id] = entry;
    totals[tf.id] = { data: [total.eth, total.usd, total.txcount] };
  }
  return { chain_name: chainName, daily, overview, totals };
}
