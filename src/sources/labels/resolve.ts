// Which label a contract has (METRICS.md section 4): the label for its own chain, else the
// label of the same address on other chains when all of them agree. Pure: the store keeps
// labels as imported, per chain, and this runs at build time, so a relabel is reflected at the
// next build without recomputing any fact.
//
// "Agree" means the same owner_project and usage_category: those decide where the contract's
// transactions are counted. Names may differ between deployments (a name is taken only when
// all agree). The verification flag is never carried over: source verification is a property
// of one deployment on one chain.
import type { LabelRow } from '../../store/labels.js';

export interface ContractRef {
  origin_key: string;
  /** Any letter case. */
  address: string;
}

export interface ResolvedLabel extends LabelRow {
  /** 'chain': the contract's own label; 'cross_chain': the agreeing labels of other chains. */
  via: 'chain' | 'cross_chain';
}

/**
 * One entry per contract that has a label, in the order of `contracts` (contracts without
 * one, or whose other-chain labels disagree, are left out). `origin_key` and `address` are the
 * contract's own (address lower case).
 */
export function resolveLabels(rows: readonly LabelRow[], contracts: readonly ContractRef[]): ResolvedLabel[] {
  const byAddress = new Map<string, LabelRow[]>();
  for (const r of rows) {
    const a = r.address.toLowerCase();
    const list = byAddress.get(a);
    if (list) list.push(r);
    else byAddress.set(a, [r]);
  }
  const out: ResolvedLabel[] = [];
  for (const c of contracts) {
    const address = c.address.toLowerCase();
    const labels = byAddress.get(address);
    if (!labels) continue;
    const own = labels.find((l) => l.origin_key === c.origin_key);
    if (own) {
      out.push({ ...own, address, via: 'chain' });
      continue;
    }
    const first = labels[0]!;
    if (!labels.every((l) => l.owner_project === first.owner_project && l.usage_category === first.usage_category)) continue;
    out.push({
      origin_key: c.origin_key,
      address,
      contract_name: labels.every((l) => l.contract_name === first.contract_name) ? first.contract_name : null,
      owner_project: first.owner_project,
      usage_category: first.usage_category,
      verified: null,
      via: 'cross_chain',
    });
  }
  return out;
}
