// The daily part of each application detail document (app-details-daily.ts) kept from one build to
// the next. In the builds of the hours of one day nothing daily changes, and the application
// facts cache then hands the same daily objects again (the same `daily`, `windows`, `daaDaily`,
// `daaWindows` of a project and the same ContractFacts of its contracts); the part made from them
// is reused as long as those objects and everything else it reads are unchanged: the project's
// contracts with their labels, the chains' day bounds, the metric list. Anything else misses and
// is made again, so a reused part is always what a cold build would make.
//
// Keyed weakly by the project's `daily` map: an entry lives as long as the facts it was made from,
// so there is at most one per project and build kept, dropped with the facts. The documents built
// share the reused objects, which nothing changes after a build (the document set only reads them).
import type { AppContract, AppInputs } from '../metrics/app-inputs.js';
import type { AppMetric } from '../metrics/definition.js';
import { contractKey, type AppFacts, type ContractFacts, type PeriodFacts, type ProjectFacts } from './app-fact-shapes.js';
import { dailyFragment, type DailyFragment } from './app-details-daily.js';

interface Entry {
  owner_project: string;
  windows: ProjectFacts['windows'];
  daaDaily: ProjectFacts['daaDaily'];
  daaWindows: ProjectFacts['daaWindows'];
  metrics: readonly AppMetric[];
  days_until: number;
  /** days_until of each span's chain, in span order. */
  chainDays: number[];
  /** Copies of the contracts' fields (the inputs are new objects every build). */
  contracts: AppContract[];
  /** Their keys in AppFacts.contracts, made once: a string made anew would be hashed again at each lookup. */
  keys: string[];
  contractFacts: Array<ContractFacts | undefined>;
  fragment: DailyFragment;
}

const memo = new WeakMap<PeriodFacts, Entry>();

function sameMetrics(a: readonly AppMetric[], b: readonly AppMetric[]): boolean {
  return a === b || (a.length === b.length && a.every((m, i) => m === b[i]));
}

function sameContracts(e: Entry, contracts: readonly AppContract[], facts: AppFacts): boolean {
  if (e.contracts.length !== contracts.length) return false;
  for (let i = 0; i < contracts.length; i++) {
    const a = e.contracts[i]!;
    const b = contracts[i]!;
    if (a.origin_key !== b.origin_key || a.address !== b.address || a.contract_name !== b.contract_name || a.usage_category !== b.usage_category || a.verified !== b.verified) return false;
    if (e.contractFacts[i] !== facts.contracts.get(e.keys[i]!)) return false;
  }
  return true;
}

function hit(e: Entry, owner: string, inputs: AppInputs, pf: ProjectFacts, contracts: readonly AppContract[], facts: AppFacts): boolean {
  return (
    e.owner_project === owner &&
    e.windows === pf.windows &&
    e.daaDaily === pf.daaDaily &&
    e.daaWindows === pf.daaWindows &&
    e.days_until === inputs.days_until &&
    sameMetrics(e.metrics, inputs.metrics) &&
    e.fragment.spans.every((s, i) => (inputs.chainBounds.get(s.origin_key)?.days_until ?? inputs.days_until) === e.chainDays[i]) &&
    sameContracts(e, contracts, facts)
  );
}

/** The project's daily part: the one made in an earlier build when nothing it reads changed, else made now. */
export function memoDailyFragment(owner: string, inputs: AppInputs, facts: AppFacts, pf: ProjectFacts, contracts: readonly AppContract[]): DailyFragment {
  const e = memo.get(pf.daily);
  if (e && hit(e, owner, inputs, pf, contracts, facts)) return e.fragment;
  const fragment = dailyFragment(inputs, facts, pf, contracts);
  const keys = contracts.map((c) => contractKey(c.origin_key, c.address));
  memo.set(pf.daily, {
    owner_project: owner,
    windows: pf.windows,
    daaDaily: pf.daaDaily,
    daaWindows: pf.daaWindows,
    metrics: inputs.metrics,
    days_until: inputs.days_until,
    chainDays: fragment.spans.map((s) => s.days_until),
    contracts: contracts.map((c) => ({ ...c })),
    keys,
    contractFacts: keys.map((k) => facts.contracts.get(k)),
    fragment,
  });
  return fragment;
}
