// The days behind /v1/economics.json (CONTRACT.md 11.1): which chains the page lists and, per
// chain and day, its revenue (fees), costs (rent_paid), the blob part of those costs and the blob
// bytes posted, all read from the facts the build loaded (no query of its own: the blob facts are
// computed with the rent, src/metrics/definitions/rent-paid.ts).
import { DAY_MS } from '../../clock.js';
import { factKeys, type ChainMetric } from '../../metrics/definition.js';
import { BLOB_BYTES_POSTED, RENT_PAID_BLOBS } from '../../metrics/definitions/rent-paid.js';
import type { FactMap } from '../../metrics/read-facts.js';
import { postsDataToEthereum } from '../../registry/chain-type.js';
import type { ChainInputs } from '../document-kind.js';
import { ALL_L2S, isAllL2sMember } from '../metric-detail/all-l2s.js';

/** The money figures of a day: revenue = fees, costs = rent_paid, costs_blobs = its blob fees. */
export const MONEY = ['revenue', 'costs', 'costs_blobs'] as const;
export type Money = (typeof MONEY)[number];
export type Currency = 'usd' | 'eth';

/** The stored keys of each figure. */
export interface EconomicsKeys {
  money: Record<Money, Record<Currency, string>>;
  size: string;
}

/** One listed chain: consecutive days and, per day, each figure (a missing or null fact is 0). */
export interface ChainEconomics {
  origin_key: string;
  /** Day starts (ms), consecutive: from its first day with rent_paid > 0 to its last complete day. */
  days: number[];
  money: Record<Money, Record<Currency, number[]>>;
  /** Blob bytes posted per day. */
  size: number[];
}

function columnKeys(metric: ChainMetric): Record<Currency, string> {
  const key = (name: string) => {
    const c = metric.columns.find((x) => x.name === name);
    if (!c) throw new Error(`${metric.metric_id} has no ${name} column`);
    return c.fact_key;
  };
  return { usd: key('usd'), eth: key('eth') };
}

/** The keys of the page's figures, or null when fees or rent_paid is not computed in this build. */
export function economicsKeys(metrics: readonly ChainMetric[]): EconomicsKeys | null {
  const fees = metrics.find((m) => m.metric_id === 'fees');
  const rent = metrics.find((m) => m.metric_id === 'rent_paid');
  if (!fees || !rent) return null;
  return {
    money: { revenue: columnKeys(fees), costs: columnKeys(rent), costs_blobs: factKeys(RENT_PAID_BLOBS) as Record<Currency, string> },
    size: BLOB_BYTES_POSTED.key,
  };
}

/**
 * Whether the page may list a chain (11.1 "Which chains"): a PROD L2 whose da_layer names
 * Ethereum blobs or calldata. Never ethereum or all_l2s: the page reads each listed chain's
 * da_layer and crashes on one it does not recognise.
 */
export function isEconomicsChain(c: ChainInputs): boolean {
  const ok = c.chain.origin_key;
  return ok !== 'ethereum' && ok !== ALL_L2S && isAllL2sMember(c.chain) && postsDataToEthereum(c.chain.da_layer);
}

/**
 * A chain's last complete day + 1 for the page: its own complete days, cut at its settlement
 * chain's (a day the settlement chain has not completed has no rent yet, and 0 would read as a
 * day without costs).
 */
function endOf(c: ChainInputs, all: readonly ChainInputs[]): number {
  const own = c.status!.days_until;
  const settlement = all.find((x) => x.chain.origin_key === c.chain.settlement_chain)?.status?.days_until;
  return settlement === undefined ? own : Math.min(own, settlement);
}

const valueOn = (m: FactMap, key: string, day: number): number => m.get(key)?.get(day) ?? 0;

/**
 * The listed chains' days, in origin_key order: every qualifying chain with batch txs (a day
 * with rent_paid > 0 before its end). Empty when none qualifies (the document is not published).
 */
export function economicsChains(chains: readonly ChainInputs[], keys: EconomicsKeys): ChainEconomics[] {
  const out: ChainEconomics[] = [];
  for (const c of chains) {
    if (!c.status || !c.facts || !isEconomicsChain(c)) continue;
    const end = endOf(c, chains);
    const rent = c.facts.daily.get(keys.money.costs.eth);
    let first = Infinity;
    for (const [day, v] of rent ?? []) if (v !== null && v > 0 && day < end && day < first) first = day;
    if (first === Infinity) continue;
    const days: number[] = [];
    for (let d = first; d < end; d += DAY_MS) days.push(d);
    const daily = c.facts.daily;
    const money = Object.fromEntries(
      MONEY.map((m) => [m, { usd: days.map((d) => valueOn(daily, keys.money[m].usd, d)), eth: days.map((d) => valueOn(daily, keys.money[m].eth, d)) }]),
    ) as ChainEconomics['money'];
    out.push({ origin_key: c.chain.origin_key, days, money, size: days.map((d) => valueOn(daily, keys.size, d)) });
  }
  return out.sort((a, b) => (a.origin_key < b.origin_key ? -1 : a.origin_key > b.origin_key ? 1 : 0));
}
