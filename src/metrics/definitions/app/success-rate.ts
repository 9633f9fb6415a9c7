// Application success_rate (METRICS.md section 4): Σ successes ÷ Σ txcount over a project's
// contracts. Stored as the two sums (a ratio of ratios would not combine), divided at build
// time: that is the txcount-weighted mean of the contracts' rates over any period or window.
import type { AppMetric, FactAggregate } from '../../definition.js';
import { fraction } from '../../units.js';
import { CONTRACT_TXCOUNT } from './txcount.js';

export const CONTRACT_SUCCESSES: FactAggregate = {
  key: 'contract_successes',
  unit: 'plain',
  granularities: ['hourly', 'daily'],
  sql: { duckdb: () => 'count(*) FILTER (WHERE t.status = 1)', clickhouse: () => 'countIf(t.status = 1)' },
};

export const appSuccessRate: AppMetric = {
  table: 'app',
  metric_id: 'success_rate',
  name: 'Success Rate',
  description: "Share of the transactions to the project's contracts that succeeded (weighted by transaction count).",
  source_names: ['RPC', 'OLI'],
  avg: false,
  category: 'activity',
  currency: false,
  units: { value: fraction },
  aggregate: { kind: 'ratio', numerator: CONTRACT_SUCCESSES, denominator: CONTRACT_TXCOUNT },
  input: { kind: 'contract_transactions', facts: [CONTRACT_SUCCESSES] },
  requires: ['apps'],
  dimension: 'contract',
  status: 'computed',
};
