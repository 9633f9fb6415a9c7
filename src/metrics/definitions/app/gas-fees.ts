// Application gas_fees (METRICS.md section 4): fees paid in calls to a contract, summed exactly
// in the gas token's wei and converted to ETH and USD by the same money step (and prices) as
// the chain's fees.
import type { AppMetric, FactAggregate } from '../../definition.js';
import { eth, usd } from '../../units.js';

export const CONTRACT_FEES_PAID: FactAggregate = {
  key: 'contract_fees_paid',
  unit: 'wei_sum',
  granularities: ['hourly', 'daily'],
  sql: { duckdb: () => 'coalesce(sum(t.fee_wei), 0::HUGEINT)', clickhouse: () => 'sum(t.fee_wei)' },
};

export const appGasFees: AppMetric = {
  table: 'app',
  metric_id: 'gas_fees',
  name: 'Fees Paid',
  description: "Transaction fees paid by users calling the project's contracts.",
  source_names: ['RPC', 'OLI', 'Price feed'],
  avg: true,
  category: 'economics',
  currency: true,
  units: { usd: usd(2, true), eth: eth(4, true) },
  aggregate: { kind: 'sum', fact: CONTRACT_FEES_PAID },
  input: { kind: 'contract_transactions', facts: [CONTRACT_FEES_PAID] },
  requires: ['apps'],
  dimension: 'contract',
  status: 'computed',
};
