// The rules a set of metric definitions must keep for the documents to be right: every column
// reads a fact some definition produces (computed metrics: one the facts engine computes, at
// the granularities published), every catalog field master.json publishes is complete, ids are
// unique and every `unique` metric has its address set. Application metrics (per contract)
// follow the same rules, and their fact keys stay apart from the chain ones. Returns the
// problems, one per line.
import type { ChainRequirement } from '../registry/chain-requirements.js';
import type { Granularity } from '../store/granularity.js';
import {
  addressSets,
  chainInputRuns,
  contractAddressSets,
  contractAggregates,
  definitionId,
  MissingAddressSet,
  definitionName,
  factKeys,
  transactionAggregates,
  type AppMetric,
  type ChainMetric,
  type FactDecl,
  type FeeMetric,
  type MetricDefinition,
} from './definition.js';
import type { UnitSpec } from './units.js';

const UNIT_FIELDS: ReadonlyArray<[keyof UnitSpec, string]> = [
  ['currency', 'boolean'],
  ['prefix', 'string|null'],
  ['suffix', 'string|null'],
  ['decimals', 'number'],
  ['decimals_tooltip', 'number'],
  ['agg', 'boolean'],
  ['agg_tooltip', 'boolean'],
];

/** key → granularities it is written at. */
type Produced = Map<string, Set<Granularity>>;

function expandKeys(facts: readonly FactDecl[], into: Produced): void {
  for (const f of facts) {
    for (const key of Object.values(factKeys(f))) {
      const gs = into.get(key) ?? new Set<Granularity>();
      for (const g of f.granularities) gs.add(g);
      into.set(key, gs);
    }
  }
}

function declaredFacts(d: MetricDefinition): readonly FactDecl[] {
  return d.input.facts;
}

export function checkCatalog(defs: readonly MetricDefinition[]): string[] {
  const problems: string[] = [];
  for (const gather of [transactionAggregates, contractAggregates]) {
    try {
      gather(defs);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  // What the facts engine computes, gathered without its duplicate check (reported above) so
  // that one duplicate does not hide every other problem.
  const computed: Produced = new Map();
  for (const d of defs) if (d.status === 'computed' && d.table !== 'app' && chainInputRuns(d.input)) expandKeys(d.input.facts, computed);
  const computedPerContract: Produced = new Map();
  for (const d of defs) if (d.status === 'computed' && d.input.kind === 'contract_transactions') expandKeys(d.input.facts, computedPerContract);
  // One key, one meaning: a contract fact named like a chain fact would read as the chain's
  // figure to anything that looks at the tables without the dimension.
  for (const key of computedPerContract.keys()) if (computed.has(key)) problems.push(`fact ${key} is computed both per chain and per contract: give the contract fact its own key`);
  const declared: Produced = new Map();
  const declarations = new Set<FactDecl>();
  for (const d of defs) {
    expandKeys(declaredFacts(d), declared);
    for (const f of declaredFacts(d)) declarations.add(f);
  }
  const setKeys = new Set<string>();
  const contractSetKeys = new Set<string>();
  for (const [gather, into] of [[addressSets, setKeys], [contractAddressSets, contractSetKeys]] as const) {
    try {
      for (const s of gather(defs)) into.add(s.key);
    } catch (e) {
      // A unique metric without a set is reported with that metric below.
      if (!(e instanceof MissingAddressSet)) problems.push((e as Error).message);
    }
  }

  const seen = new Set<string>();
  const priorities = new Set<number>();
  for (const d of defs) {
    const id = definitionName(d);
    const say = (msg: string) => problems.push(`${id}: ${msg}`);
    if (seen.has(id)) say('duplicate id');
    seen.add(id);
    checkCommon(d, say);
    checkRequires(d, defs, say);
    if (d.input.kind === 'derived') {
      for (const f of d.input.from) {
        if (!declarations.has(f)) say(`derived from ${f.key}, which no definition's input declares`);
        else if (d.status === 'computed') for (const key of Object.values(factKeys(f))) if (!computed.get(key)?.has('daily')) say(`derived from ${key}, which no computed definition produces daily`);
      }
    }
    if (d.table === 'chain') checkChain(d, say, { computed, declared, declarations, setKeys });
    else if (d.table === 'app') checkApp(d, say, { computed: computedPerContract, declarations, setKeys: contractSetKeys });
    else {
      if (priorities.has(d.priority)) say(`priority ${d.priority} is used twice`);
      priorities.add(d.priority);
      checkFee(d, say, computed, declarations);
    }
  }
  return problems;
}

type Say = (msg: string) => void;

/**
 * What a metric's input needs from a chain's configuration: the declaration `requires` must say
 * exactly this, so check-config's answer cannot drift from what the facts stage reads (a
 * requirement too few would promise a metric that never comes; one too many would hide one).
 */
function impliedRequirements(d: MetricDefinition, defs: readonly MetricDefinition[], seen = new Set<MetricDefinition>()): Set<ChainRequirement> | null {
  if (d.table === 'fee') return new Set(['fee_table']);
  if (d.table === 'app') return new Set(['apps']);
  const input = d.input;
  if (input.kind === 'derived') {
    seen.add(d);
    const out = new Set<ChainRequirement>();
    for (const f of input.from) {
      const producers = defs.filter((o) => o.table === 'chain' && !seen.has(o) && o.input.facts.includes(f as never));
      // A fact nothing declares is reported as such; what it would need is unknown.
      if (producers.length === 0) return null;
      for (const other of producers) for (const r of impliedRequirements(other, defs, seen) ?? []) out.add(r);
    }
    return out;
  }
  if (input.kind !== 'source') return new Set();
  const s = input.source;
  if (s.from === 'settlement_transactions') return new Set(['settlement']);
  if (s.from === 'eth_call') return new Set(['stablecoins']);
  if (s.from === 'market_data') return new Set(s.field === 'fdv' ? ['market_data_id', 'total_supply'] : ['market_data_id']);
  if (s.from === 'external') return new Set([s.series === 'tvl' ? 'tvl_source' : 'app_revenue_source']);
  // A source the facts stage does not run (reported by checkCommon): nothing to hold it to.
  return null;
}

function checkRequires(d: MetricDefinition, defs: readonly MetricDefinition[], say: Say): void {
  const declared = [...new Set((d as { requires?: readonly ChainRequirement[] }).requires ?? [])].sort();
  const needs = impliedRequirements(d, defs);
  if (needs === null) return;
  const implied = [...needs].sort();
  if (declared.join(',') !== implied.join(',')) say(`requires [${declared.join(', ')}] but its input needs [${implied.join(', ')}]`);
}

function nonEmpty(v: unknown): boolean {
  return typeof v === 'string' && v.trim().length > 0;
}

function checkCommon(d: MetricDefinition, say: Say): void {
  if (!nonEmpty(definitionId(d))) say('id is empty');
  if (!nonEmpty(d.name)) say('name is empty');
  if (!nonEmpty(d.category)) say('category is empty');
  if (!['chain', 'contract', 'project'].includes(d.dimension)) say(`unknown dimension ${String(d.dimension)}`);
  if (!['computed', 'planned'].includes(d.status)) say(`unknown status ${String(d.status)}`);
  if (typeof d.currency !== 'boolean') say('currency flag is not a boolean');
  // What the facts engine runs: transactions for chain and fee-table metrics, per-contract
  // transactions for application metrics.
  // Token metrics are the exception: the application documents read market data at build time.
  if (d.table === 'app') {
    const runs = d.aggregate.kind === 'market' ? 'source' : 'contract_transactions';
    if (d.status === 'computed' && d.input.kind !== runs) say(`status computed but the ${d.input.kind} input is not implemented${d.input.kind === 'transactions' || d.input.kind === 'contract_transactions' ? ' for app metrics' : ''}`);
  } else if (d.status === 'computed' && !chainInputRuns(d.input)) {
    const what = d.input.kind === 'source' ? `the ${d.input.source.from} source` : `the ${d.input.kind} input`;
    say(`status computed but ${what} is not implemented${d.input.kind === 'contract_transactions' ? ` for ${d.table} metrics` : ''}`);
  }
  if (d.status === 'computed' && d.input.kind === 'derived' && d.input.facts.some((f) => f.granularities.some((g) => g !== 'daily'))) say('a derived metric is computed daily only');
  if (d.input.facts.length === 0) say('its input declares no facts');
  if (d.input.kind === 'transactions' || d.input.kind === 'contract_transactions') {
    for (const f of d.input.facts) if (Object.keys(f.sql).length === 0) say(`fact ${f.key} has no SQL for any engine`);
  }
  for (const [col, unit] of Object.entries(d.units)) {
    for (const [field, type] of UNIT_FIELDS) {
      const v = (unit as unknown as Record<string, unknown>)[field];
      const ok = type === 'string|null' ? v === null || typeof v === 'string' : typeof v === type;
      if (!ok) say(`units.${col}.${field} is not ${type}`);
    }
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function checkChain(m: ChainMetric, say: Say, ctx: { computed: Produced; declared: Produced; declarations: ReadonlySet<FactDecl>; setKeys: Set<string> }): void {
  if (!Array.isArray(m.source_names) || m.source_names.length === 0 || !m.source_names.every(nonEmpty)) say('source_names are incomplete');
  for (const flag of ['avg', 'hourly_available', 'ranking_bubble'] as const) {
    if (typeof m[flag] !== 'boolean') say(`flag ${flag} is not a boolean`);
  }
  if (!['sum', 'avg', 'unique'].includes(m.monthly_agg)) say(`unknown monthly_agg ${String(m.monthly_agg)}`);
  if (m.empty_value !== 0 && m.empty_value !== null) say('empty_value is neither 0 nor null');
  if (m.rank_order !== 'asc' && m.rank_order !== 'desc') say('rank_order is neither asc nor desc');

  const names = m.columns.map((c) => c.name);
  const expected = m.currency ? ['usd', 'eth'] : ['value'];
  if (names.join(',') !== expected.join(',')) say(`columns ${names.join(',')} do not fit currency=${m.currency} (expected ${expected.join(',')})`);
  if (!sameSet(Object.keys(m.units), names)) say(`units ${Object.keys(m.units).join(',')} are not one per column (${names.join(',')})`);
  if (m.metric_keys.join(',') !== m.columns.map((c) => c.fact_key).join(',')) say('metric_keys are not the columns\' fact keys');

  const wanted: Granularity[] = m.hourly_available ? ['daily', 'hourly'] : ['daily'];
  for (const c of m.columns) {
    if (!(c.divisor > 0)) say(`column ${c.name} has divisor ${c.divisor}`);
    const keys = factKeys(c.fact) as Record<string, string>;
    if (keys[c.name] !== c.fact_key) say(`column ${c.name} reads ${c.fact_key}, but its fact ${c.fact.key} is stored as ${keys[c.name] ?? '(no such column)'}`);
    if (!ctx.declarations.has(c.fact)) say(`column ${c.name} reads a declaration of ${c.fact.key} that no definition's input declares (import the one declaration)`);
    const source = m.status === 'computed' ? ctx.computed : ctx.declared;
    const gs = source.get(c.fact_key);
    if (!gs) say(`column ${c.name} reads fact ${c.fact_key}, which no ${m.status === 'computed' ? 'computed definition produces' : 'definition declares'}`);
    else for (const g of wanted) if (!gs.has(g)) say(`column ${c.name} reads fact ${c.fact_key}, which is not produced ${g}`);
  }

  if (m.monthly_agg === 'unique') {
    const set = (m as { address_set?: { key?: unknown; sql?: object } }).address_set;
    if (!set || !nonEmpty(set.key) || !set.sql || Object.keys(set.sql).length === 0) say('unique aggregation without an address set (key and SQL)');
    else if (m.status === 'computed' && !ctx.setKeys.has(set.key as string)) say(`address set ${String(set.key)} is not kept by the facts engine`);
  }
}

function checkFee(f: FeeMetric, say: Say, computed: Produced, declarations: ReadonlySet<FactDecl>): void {
  if (!declarations.has(f.reads)) say(`reads a declaration of ${f.reads.key} that no definition's input declares (import the one declaration)`);
  if (!nonEmpty(f.name_short)) say('name_short is empty');
  if (!Number.isInteger(f.priority) || f.priority < 1) say(`priority ${f.priority} is not a positive integer`);
  if (typeof f.invert_normalization !== 'boolean') say('flag invert_normalization is not a boolean');
  const money = 'eth' in f.facts;
  if (money !== f.currency) say(`currency=${f.currency} but the facts are ${money ? 'money' : 'a plain value'}`);
  const cols = money ? ['usd', 'eth'] : ['value'];
  if (!sameSet(Object.keys(f.units), cols)) say(`units ${Object.keys(f.units).join(',')} are not one per column (${cols.join(',')})`);
  const keys = factKeys(f.reads) as Record<string, string>;
  const read = money ? [(f.facts as { eth: string }).eth, (f.facts as { usd: string }).usd] : [(f.facts as { value: string }).value];
  const fromDecl = money ? [keys.eth, keys.usd] : [keys.value];
  if (read.join(',') !== fromDecl.join(',')) say(`facts ${read.join(',')} are not the keys of its fact ${f.reads.key}`);
  for (const key of read) {
    const gs = computed.get(key);
    if (!gs) say(`reads fact ${key}, which no computed definition produces`);
    else if (!gs.has('hourly')) say(`reads fact ${key}, which is not produced hourly`);
  }
}

function checkApp(m: AppMetric, say: Say, ctx: { computed: Produced; declarations: ReadonlySet<FactDecl>; setKeys: Set<string> }): void {
  const names = Object.keys(m.units);
  const expected = m.currency ? ['usd', 'eth'] : ['value'];
  if (!sameSet(names, expected)) say(`units ${names.join(',')} do not fit currency=${m.currency} (expected ${expected.join(',')})`);
  if (!nonEmpty(m.description)) say('description is empty');
  if (m.source_names.length === 0) say('source_names is empty');
  const a = m.aggregate;
  // Token metrics read the project's market data at build time: per project, no contract facts.
  if (a.kind === 'market') {
    if (m.dimension !== 'project') say(`dimension ${m.dimension}: a token metric is per project`);
    if (m.input.kind !== 'source' || m.input.source.from !== 'market_data') say('a token metric reads the market-data source');
    if (!m.currency) say('a token metric is money (usd, eth)');
    return;
  }
  if (m.dimension !== 'contract') say(`dimension ${m.dimension}: application metrics are computed per contract`);
  const reads = a.kind === 'ratio' ? [a.numerator, a.denominator] : [a.fact];
  for (const f of reads) {
    if (!ctx.declarations.has(f)) say(`aggregate reads a declaration of ${f.key} that no definition's input declares (import the one declaration)`);
    if (m.status !== 'computed') continue;
    for (const key of Object.values(factKeys(f))) {
      const gs = ctx.computed.get(key);
      if (!gs) say(`aggregate reads fact ${key}, which no computed application definition produces`);
      else for (const g of ['daily', 'hourly'] as const) if (!gs.has(g)) say(`aggregate reads fact ${key}, which is not produced ${g}`);
    }
  }
  if (a.kind === 'sum' && a.fact.unit !== 'plain' && !m.currency) say(`sums money fact ${a.fact.key} but currency=false`);
  if (a.kind === 'unique') {
    const set = (a as { address_set?: { key?: unknown; sql?: object } }).address_set;
    if (!set || !nonEmpty(set.key) || !set.sql || Object.keys(set.sql).length === 0) say('unique aggregation without an address set (key and SQL)');
    else if (m.status === 'computed' && !ctx.setKeys.has(set.key as string)) say(`address set ${String(set.key)} is not kept by the facts engine`);
  }
}
