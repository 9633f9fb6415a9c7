// Application txcount (METRICS.md section 4): transactions to a contract, per contract and
// period. `contract_transactions` are already only the calls that count for applications
// (non-empty input, fee > 0, a `to`: the store applies that filter), so this is a plain count.
// Its key differs from the chain txcount so that a reader of the raw tables cannot mix them.
import type { AppMetric, FactAggregate } from '../../definition.js';
import { count } from '../../units.js';

export const CONTRACT_TXCOUNT: FactAggregate = {
  key: 'contract_txcount',
  unit: 'plain',
  granularities: ['hourly', 'daily'],
  sql: { duckdb: () => 'count(*)', clickhouse: () => 'count()' },
};

export const appTxcount: AppMetric = {
  table: 'app',
  metric_id: 'txcount',
  name: 'Transaction Count',
  description: "Transactions calling the project's contracts (non-empty input, a fee paid).",
  source_names: ['RPC', 'OLI'],
  avg: true,
  category: 'activity',
  currency: false,
  units: { value: count },
  aggregate: { kind: 'sum', fact: CONTRACT_TXCOUNT },
  input: { kind: 'contract_transactions', facts: [CONTRACT_TXCOUNT] },
  requires: ['apps'],
  dimension: 'contract',
  status: 'computed',
};
