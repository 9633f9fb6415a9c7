// A chain's blockspace per main category and day over all its history (CONTRACT.md section
// 10.5, METRICS.md section 5), from facts only, so the series outlives the raw transactions'
// retention: contract calls from the application facts of every called contract (their daily
// txcount and fees), categorized by the called contract's label as the chain overview's table
// does (metrics/blockspace.ts: the chain's own label, else the agreeing labels of other chains;
// no label or no usage_category is `unlabeled`); native transfers and deployments from their own
// daily facts (blockspace-facts.ts). Labels are applied here, at build time, so a relabel needs
// no recomputation.
import { mainCategoryOf } from '../registry/categories.js';
import { resolveLabels } from '../sources/labels/resolve.js';
import { chainSubject } from '../store/facts.js';
import type { LabelRow } from '../store/labels.js';
import type { Store } from '../store/store.js';
import { SYNTHETIC_FACTS, SYNTHETIC_KINDS } from './blockspace-facts.js';
import { moneyKeys } from './definition.js';
import { CONTRACT_FEES_PAID } from './definitions/app/gas-fees.js';
import { CONTRACT_TXCOUNT } from './definitions/app/txcount.js';

export const UNLABELED = 'unlabeled';

/**
 * Fees in ETH and USD and the transaction count. A money figure is null when unknown (a day
 * without a price; ETH too for a gas token that is not ETH), never a silent 0.
 */
export interface BlockspaceFigures {
  eth: number | null;
  usd: number | null;
  txcount: number;
}

/** A called contract with its label (what the contracts tables show) and its daily figures. */
export interface BlockspaceContract {
  origin_key: string;
  /** Lower-case 0x address. */
  address: string;
  owner_project: string | null;
  contract_name: string | null;
  main_category: string;
  /** The label's usage_category; `unlabeled` (the sub-category of its own main category) without one. */
  usage_category: string;
  days: Map<number, BlockspaceFigures>;
}

export interface ChainBlockspace {
  origin_key: string;
  /** Days before this day start are complete. */
  days_until: number;
  /** main_category_id → day start → figures; a category and day without transactions has no entry. */
  categories: Map<string, Map<number, BlockspaceFigures>>;
  /**
   * usage category id (a sub-category of master.json's mapping: a label's usage_category, a
   * synthetic kind, or `unlabeled`) → day start → figures; the same days split one level finer.
   */
  subcategories: Map<string, Map<number, BlockspaceFigures>>;
  /** Every called contract, by address. */
  contracts: BlockspaceContract[];
}

/** a + b, null when either is unknown. */
export const sumKnown = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a + b);

/** Whether figures show any use of blockspace (an unknown fee counts as none). */
export const isUsed = (f: BlockspaceFigures): boolean => f.txcount > 0 || (f.eth ?? 0) > 0;

/** Adds figures into a day's entry of a map (money stays null once any part is unknown). */
export function addFigures(days: Map<number, BlockspaceFigures>, day: number, f: BlockspaceFigures): void {
  const seen = days.get(day);
  if (!seen) days.set(day, { ...f });
  else {
    seen.eth = sumKnown(seen.eth, f.eth);
    seen.usd = sumKnown(seen.usd, f.usd);
    seen.txcount += f.txcount;
  }
}

const FEES = moneyKeys(CONTRACT_FEES_PAID.key);
const CONTRACT_KEYS = [CONTRACT_TXCOUNT.key, FEES.eth, FEES.usd] as const;

/**
 * The fact keys loadChainBlockspace reads: the chain's own (the synthetic categories) and its
 * contracts' (calls), so a caller can ask the store's digest of exactly what it reads.
 */
export const BLOCKSPACE_FACT_KEYS: { chain: readonly string[]; contract: readonly string[] } = {
  chain: SYNTHETIC_KINDS.flatMap((kind) => {
    const fees = moneyKeys(SYNTHETIC_FACTS[kind].fees.key);
    return [SYNTHETIC_FACTS[kind].txcount.key, fees.eth, fees.usd];
  }),
  contract: CONTRACT_KEYS,
};

/** The complete days of one chain (days before `daysUntil`), every category and called contract. */
export async function loadChainBlockspace(store: Store, originKey: string, daysUntil: number, labels: readonly LabelRow[]): Promise<ChainBlockspace> {
  const out: ChainBlockspace = { origin_key: originKey, days_until: daysUntil, categories: new Map(), subcategories: new Map(), contracts: [] };
  const categoryDays = (id: string) => daysOf(out.categories, id);
  const subcategoryDays = (id: string) => daysOf(out.subcategories, id);

  // The synthetic categories: their own chain facts.
  const keyOf = new Map<string, { kind: (typeof SYNTHETIC_KINDS)[number]; column: keyof BlockspaceFigures }>();
  for (const kind of SYNTHETIC_KINDS) {
    const fees = moneyKeys(SYNTHETIC_FACTS[kind].fees.key);
    keyOf.set(SYNTHETIC_FACTS[kind].txcount.key, { kind, column: 'txcount' });
    keyOf.set(fees.eth, { kind, column: 'eth' });
    keyOf.set(fees.usd, { kind, column: 'usd' });
  }
  const rows = await store.readFacts({ subject: chainSubject(originKey), keys: [...keyOf.keys()], days_until: daysUntil, hours_from: 0, hours_until: 0 });
  const synthetic = new Map<string, Map<number, BlockspaceFigures>>();
  // Every day the facts engine computed since these facts exist has them (0 without such
  // transactions). A day without them was computed by an older version: its calls alone would
  // pass for the whole day, so such days are left out until recomputed.
  const computed = new Set<number>();
  for (const r of rows) {
    if (r.granularity !== 'daily') continue;
    computed.add(r.period_ms);
    const { kind, column } = keyOf.get(r.metric_key)!;
    let days = synthetic.get(kind);
    if (!days) synthetic.set(kind, (days = new Map()));
    const f = days.get(r.period_ms) ?? { eth: 0, usd: 0, txcount: 0 };
    if (column === 'txcount') f.txcount = r.value ?? 0;
    else f[column] = r.value;
    days.set(r.period_ms, f);
  }
  for (const kind of SYNTHETIC_KINDS) {
    for (const [day, f] of [...(synthetic.get(kind) ?? new Map<number, BlockspaceFigures>())].sort((a, b) => a[0] - b[0])) {
      if (!isUsed(f)) continue;
      addFigures(categoryDays(mainCategoryOf(kind)!), day, f);
      addFigures(subcategoryDays(kind), day, f);
    }
  }

  // Contract calls: every contract with daily application facts on this chain, in address order.
  const active = (await store.contractsWithFacts(CONTRACT_TXCOUNT.key, [originKey])).map((c) => ({ origin_key: c.origin_key, address: c.address.toLowerCase() }));
  active.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  if (active.length === 0) return out;
  const resolved = new Map(resolveLabels(labels, active).map((l) => [l.address, l]));
  for (const c of active) {
    const label = resolved.get(c.address);
    const main = label?.usage_category ? mainCategoryOf(label.usage_category) : undefined;
    out.contracts.push({
      origin_key: originKey,
      address: c.address,
      owner_project: label?.owner_project ?? null,
      contract_name: label?.contract_name ?? null,
      main_category: main ?? UNLABELED,
      usage_category: main ? label!.usage_category! : UNLABELED,
      days: new Map(),
    });
  }
  const facts = await store.readContractFacts({ contracts: active, keys: CONTRACT_KEYS, days_until: daysUntil, hours_from: 0, hours_until: 0 });
  for (let i = 0; i < facts.length; i++) {
    const day = facts.period_ms[i]!;
    if (facts.hourly[i] === 1 || !computed.has(day)) continue;
    const days = out.contracts[facts.contract[i]!]!.days;
    const f = days.get(day) ?? { eth: 0, usd: 0, txcount: 0 };
    const v = facts.value[i]!;
    const column = CONTRACT_KEYS[facts.key[i]!];
    if (column === FEES.usd) f.usd = Number.isNaN(v) ? null : v;
    else if (column === FEES.eth) f.eth = Number.isNaN(v) ? null : v;
    else f.txcount = Number.isNaN(v) ? 0 : v;
    days.set(day, f);
  }
  for (const c of out.contracts) {
    const days = categoryDays(c.main_category);
    const subDays = subcategoryDays(c.usage_category);
    for (const [day, f] of c.days) {
      addFigures(days, day, f);
      addFigures(subDays, day, f);
    }
  }
  return out;
}

/** The day map of a category id, made on first use. */
function daysOf(into: Map<string, Map<number, BlockspaceFigures>>, id: string): Map<number, BlockspaceFigures> {
  let m = into.get(id);
  if (!m) into.set(id, (m = new Map()));
  return m;
}

/**
 * Several chains as one (the `all_l2s` aggregate, CONTRACT.md section 8: sums per day): complete
 * where every member is (the earliest bound), contracts of every member, each with its chain.
 */
export function mergeChains(originKey: string, members: readonly ChainBlockspace[]): ChainBlockspace {
  const daysUntil = Math.min(...members.map((m) => m.days_until));
  const out: ChainBlockspace = { origin_key: originKey, days_until: daysUntil, categories: new Map(), subcategories: new Map(), contracts: [] };
  for (const m of members) {
    for (const [from, to] of [[m.categories, out.categories], [m.subcategories, out.subcategories]] as const) {
      for (const [id, days] of from) {
        const into = daysOf(to, id);
        for (const [day, f] of days) if (day < daysUntil) addFigures(into, day, f);
      }
    }
    out.contracts.push(...m.contracts);
  }
  return out;
}
