// The catalog of metric definitions is consistent, and the checker that says so is not vacuous:
// each rule is shown failing on a deliberately broken copy of a real definition.
import { describe, expect, it } from 'vitest';
import { APP_METRICS, CHAIN_METRICS, computedChainMetrics, FEE_METRICS } from '../../src/metrics/catalog.js';
import { checkCatalog } from '../../src/metrics/catalog-check.js';
import {
  addressSets,
  contractAddressSets,
  contractAggregates,
  feeColumns,
  moneyFactKeys,
  transactionAggregates,
  valueColumn,
  type AppMetric,
  type ChainMetric,
  type FactAggregate,
  type FeeMetric,
  type MetricDefinition,
} from '../../src/metrics/definition.js';
import { appDaa } from '../../src/metrics/definitions/app/daa.js';
import { appGasFees } from '../../src/metrics/definitions/app/gas-fees.js';
import { appSuccessRate } from '../../src/metrics/definitions/app/success-rate.js';
import { appTxcount } from '../../src/metrics/definitions/app/txcount.js';
import { daa } from '../../src/metrics/definitions/daa.js';
import { TPS, tps } from '../../src/metrics/definitions/fee-table/tps.js';
import { fees } from '../../src/metrics/definitions/fees.js';
import { profit } from '../../src/metrics/definitions/profit.js';
import { DEFINITIONS } from '../../src/metrics/definitions/index.js';
import { TVL, tvl } from '../../src/metrics/definitions/tvl.js';
import { TXCOUNT, txcount } from '../../src/metrics/definitions/txcount.js';

function uniqueFact(m: AppMetric): FactAggregate {
  if (m.aggregate.kind !== 'unique') throw new Error(`${m.metric_id} is not unique`);
  return m.aggregate.fact;
}

/** The problems of the real catalog with `broken` in place of the definition it copies. */
function problemsWith(broken: MetricDefinition, replaces: MetricDefinition): string[] {
  return checkCatalog(DEFINITIONS.map((d) => (d === replaces ? broken : d)));
}

describe('metric catalog', () => {
  it('the definitions pass every rule', () => {
    expect(checkCatalog(DEFINITIONS)).toEqual([]);
  });

  it('lists the chain and fee-table metrics in their published order', () => {
    expect(CHAIN_METRICS.map((m) => m.metric_id)).toEqual(['txcount', 'daa', 'fees', 'txcosts', 'throughput', 'stables_mcap', 'rent_paid', 'profit', 'market_cap', 'fdv', 'tvl', 'app_revenue']);
    expect(computedChainMetrics().map((m) => m.metric_id)).toEqual(['txcount', 'daa', 'fees', 'txcosts', 'throughput', 'stables_mcap', 'rent_paid', 'profit', 'market_cap', 'fdv', 'tvl', 'app_revenue']);
    expect(FEE_METRICS.map((m) => m.metric)).toEqual(['txcosts_median', 'txcosts_native_median', 'txcosts_swap', 'txcosts_avg', 'throughput', 'tps']);
    // Application metrics are their own table: never chain metrics (no chain documents, not in master.json `metrics`).
    expect(APP_METRICS.map((m) => m.metric_id)).toEqual(['txcount', 'daa', 'gas_fees', 'success_rate', 'market_cap', 'token_price', 'token_volume']);
    expect(CHAIN_METRICS.some((m) => (m as { table: string }).table === 'app')).toBe(false);
    expect(CHAIN_METRICS.find((m) => m.metric_id === 'stables_mcap')!.metric_keys).toEqual(['stables_mcap', 'stables_mcap_eth']);
    expect(CHAIN_METRICS.find((m) => m.metric_id === 'fees')!.metric_keys).toEqual(['fees_paid_usd', 'fees_paid_eth']);
  });

  it('gives the facts engine each fact and address set once, planned metrics left out', () => {
    expect(transactionAggregates(DEFINITIONS).map((f) => f.key)).toEqual([
      'txcount',
      'blockspace_native_transfer_txcount',
      'blockspace_contract_deployment_txcount',
      'daa',
      'fees_paid',
      'blockspace_native_transfer_fees',
      'blockspace_contract_deployment_fees',
      'txcosts_median',
      'gas_per_second',
      'txcosts_native_median',
      'txcosts_swap',
      'txcosts_avg',
      'tps',
    ]);
    expect(addressSets(DEFINITIONS).map((s) => s.key)).toEqual(['daa']);
    expect(contractAggregates(DEFINITIONS).map((f) => f.key)).toEqual(['contract_txcount', 'contract_daa', 'contract_fees_paid', 'contract_successes']);
    expect(contractAddressSets(DEFINITIONS).map((s) => s.key)).toEqual(['contract_senders']);
    expect(moneyFactKeys(DEFINITIONS)).toEqual(['fees_paid', 'blockspace_native_transfer_fees', 'blockspace_contract_deployment_fees', 'txcosts_median', 'txcosts_native_median', 'txcosts_swap', 'txcosts_avg', 'contract_fees_paid']);
  });

  it('fails an application metric with a chain fact key, a foreign dimension or input, or units that do not fit', () => {
    if (appTxcount.aggregate.kind !== 'sum') throw new Error('app txcount is a sum');
    const clash: FactAggregate = { ...appTxcount.aggregate.fact, key: 'txcount' };
    const renamed: AppMetric = { ...appTxcount, aggregate: { kind: 'sum', fact: clash }, input: { kind: 'contract_transactions', facts: [clash] } };
    expect(problemsWith(renamed, appTxcount)).toEqual([
      'fact txcount is computed both per chain and per contract: give the contract fact its own key',
      // success_rate's ratio still reads the original declaration, which nothing computes now.
      "app success_rate: aggregate reads a declaration of contract_txcount that no definition's input declares (import the one declaration)",
      'app success_rate: aggregate reads fact contract_txcount, which no computed application definition produces',
    ]);
    expect(problemsWith({ ...appDaa, dimension: 'chain' }, appDaa)).toEqual(['app daa: dimension chain: application metrics are computed per contract']);
    expect(problemsWith({ ...appGasFees, input: { kind: 'transactions', facts: appGasFees.input.facts as FactAggregate[] } }, appGasFees)).toEqual([
      'app gas_fees: status computed but the transactions input is not implemented for app metrics',
      'app gas_fees: aggregate reads fact contract_fees_paid_eth, which no computed application definition produces',
      'app gas_fees: aggregate reads fact contract_fees_paid_usd, which no computed application definition produces',
    ]);
    expect(problemsWith({ ...appGasFees, currency: false }, appGasFees)).toEqual([
      'app gas_fees: units usd,eth do not fit currency=false (expected value)',
      'app gas_fees: sums money fact contract_fees_paid but currency=false',
    ]);
  });

  it('fails an application unique metric without its address set, and a chain metric on contract transactions', () => {
    const noSet = { ...appDaa, aggregate: { kind: 'unique', fact: uniqueFact(appDaa) } } as unknown as AppMetric;
    expect(problemsWith(noSet, appDaa)).toEqual(['app daa: unique aggregation without an address set (key and SQL)']);
    const perContract: ChainMetric = { ...txcount, input: { kind: 'contract_transactions', facts: [TXCOUNT] } };
    expect(problemsWith(perContract, txcount)).toContain('txcount: status computed but the contract_transactions input is not implemented for chain metrics');
    expect(appSuccessRate.status).toBe('computed');
  });

  it('fails a column whose fact key was edited by hand (a typo)', () => {
    const col = txcount.columns[0]!;
    const broken: ChainMetric = { ...txcount, metric_keys: ['txcnt'], columns: [{ ...col, fact_key: 'txcnt' }] };
    expect(problemsWith(broken, txcount)).toEqual([
      'txcount: column value reads txcnt, but its fact txcount is stored as txcount',
      'txcount: column value reads fact txcnt, which no computed definition produces',
    ]);
  });

  it('fails a column reading a fact that no definition produces', () => {
    const orphan: FactAggregate = { key: 'txcount_v2', unit: 'plain', granularities: ['hourly', 'daily'], sql: { duckdb: () => 'count(*)' } };
    const broken: ChainMetric = { ...txcount, ...valueColumn(orphan) };
    expect(problemsWith(broken, txcount)).toEqual([
      "txcount: column value reads a declaration of txcount_v2 that no definition's input declares (import the one declaration)",
      'txcount: column value reads fact txcount_v2, which no computed definition produces',
    ]);
  });

  it('fails a column reading a fact not produced at a granularity it publishes', () => {
    // tps as it was before the fee line chart needed it daily: an hourly-only fact.
    const hourlyTps: FactAggregate = { ...TPS, granularities: ['hourly'] };
    const hourlyFee: FeeMetric = { ...tps, ...feeColumns(hourlyTps), input: { kind: 'transactions', facts: [hourlyTps] } };
    const broken: ChainMetric = { ...txcount, ...valueColumn(hourlyTps) };
    expect(checkCatalog(DEFINITIONS.map((d) => (d === txcount ? broken : d === tps ? hourlyFee : d)))).toEqual(['txcount: column value reads fact tps, which is not produced daily']);
  });

  it('fails two different declarations of one fact key, and a column not reading its input\'s declaration', () => {
    const copy: FactAggregate = { ...TXCOUNT };
    const second: ChainMetric = { ...txcount, metric_id: 'txcount_copy', input: { kind: 'transactions', facts: [copy] } };
    expect(checkCatalog([...DEFINITIONS, second])).toEqual(['fact txcount is declared twice (txcount_copy): import the one declaration instead']);
    const stray: ChainMetric = { ...txcount, ...valueColumn(copy) };
    expect(problemsWith(stray, txcount)).toEqual([
      "txcount: column value reads a declaration of txcount that no definition's input declares (import the one declaration)",
    ]);
  });

  it('fails an incomplete name, category, source names, units or flags', () => {
    expect(problemsWith({ ...fees, name: ' ' }, fees)).toEqual(['fees: name is empty']);
    expect(problemsWith({ ...fees, category: '' }, fees)).toEqual(['fees: category is empty']);
    expect(problemsWith({ ...fees, source_names: [] }, fees)).toEqual(['fees: source_names are incomplete']);
    expect(problemsWith({ ...fees, units: { usd: fees.units.usd! } }, fees)).toEqual(['fees: units usd are not one per column (usd,eth)']);
    const { decimals: _dropped, ...noDecimals } = fees.units.eth!;
    expect(problemsWith({ ...fees, units: { ...fees.units, eth: noDecimals as never } }, fees)).toEqual(['fees: units.eth.decimals is not number']);
    expect(problemsWith({ ...fees, avg: undefined as never }, fees)).toEqual(['fees: flag avg is not a boolean']);
    expect(problemsWith({ ...fees, empty_value: undefined as never }, fees)).toEqual(['fees: empty_value is neither 0 nor null']);
    const feeTps: FeeMetric = { ...tps, name_short: '' };
    expect(problemsWith(feeTps, tps)).toEqual(['fee table tps: name_short is empty']);
  });

  it('fails duplicated ids and fee-table priorities', () => {
    expect(checkCatalog([...DEFINITIONS, txcount])).toContain('txcount: duplicate id');
    expect(problemsWith({ ...tps, priority: 1 }, tps)).toEqual(['fee table tps: priority 1 is used twice']);
  });

  it('fails a unique metric without its address set (which does not compile either)', () => {
    // @ts-expect-error a `unique` metric must name its address set
    const typed: ChainMetric = { ...daa, address_set: undefined };
    expect(problemsWith(typed, daa)).toEqual(['daa: unique aggregation without an address set (key and SQL)']);
  });

  it('fails a metric marked computed whose source the facts stage does not run, so nothing produces its facts', () => {
    expect(problemsWith({ ...tvl, input: { kind: 'source', source: { from: 'price_feed', asset: 'ethereum' }, facts: [TVL] } }, tvl)).toEqual([
      'tvl: status computed but the price_feed source is not implemented',
      'tvl: column usd reads fact tvl, which no computed definition produces',
      'tvl: column eth reads fact tvl_eth, which no computed definition produces',
    ]);
  });

  it('fails a derived metric whose inputs no definition declares', () => {
    if (profit.input.kind !== 'derived') throw new Error('profit is derived from fees and rent_paid');
    const broken: ChainMetric = { ...profit, input: { ...profit.input, from: [{ key: 'rent', unit: 'money', granularities: ['daily'] }] } };
    expect(problemsWith(broken, profit)).toEqual(["profit: derived from rent, which no definition's input declares"]);
    expect(profit.input.combine([10, 4])).toBe(6);
    expect(profit.input.combine([10, null])).toBeNull();
  });

  it('fails a fee-table metric whose facts are not its declaration\'s keys', () => {
    const broken: FeeMetric = { ...tps, facts: { value: 'tsp', divisor: 1 } };
    expect(problemsWith(broken, tps)).toEqual(['fee table tps: facts tsp are not the keys of its fact tps', 'fee table tps: reads fact tsp, which no computed definition produces']);
  });
});

describe('metric requirements (what check-config asks of a chain)', () => {
  it('a declaration that differs from what the input reads fails, for sources and derivations alike', () => {
    const rentPaid = DEFINITIONS.find((d) => d.table === 'chain' && d.metric_id === 'rent_paid') as ChainMetric;
    expect(problemsWith({ ...rentPaid, requires: [] }, rentPaid)).toEqual(['rent_paid: requires [] but its input needs [settlement]']);
    // profit is derived from fees (the chain's own transactions) and rent: it needs what rent needs.
    expect(problemsWith({ ...profit, requires: ['stablecoins'] }, profit)).toEqual(['profit: requires [stablecoins] but its input needs [settlement]']);
    // One too many would hide a metric the chain does publish.
    expect(problemsWith({ ...txcount, requires: ['settlement'] }, txcount)).toEqual(['txcount: requires [settlement] but its input needs []']);
    expect(problemsWith({ ...tps, requires: [] }, tps)).toEqual(['fee table tps: requires [] but its input needs [fee_table]']);
  });
});
