// Application daa (METRICS.md section 4): distinct senders to any of a project's contracts.
// Per-contract counts do not add up over contracts, chains or days, so the metric keeps a
// per-day sender set per contract; a project's count over any days and any set of contracts
// is then an exact distinct count over the union of those sets, decided at build time.
// The per-period count per contract is stored as well: exact for one contract (the contracts
// table) and the only per-hour figure, since sets are kept per day.
import type { AddressSetDecl, AppMetric, FactAggregate } from '../../definition.js';
import { count } from '../../units.js';

export const CONTRACT_DAA: FactAggregate = {
  key: 'contract_daa',
  unit: 'plain',
  granularities: ['hourly', 'daily'],
  sql: { duckdb: () => 'count(DISTINCT t.from_address)', clickhouse: () => 'uniqExact(t.from_address)' },
};

export const CONTRACT_SENDERS: AddressSetDecl = {
  key: 'contract_senders',
  sql: { duckdb: () => 't.from_address', clickhouse: () => 't.from_address' },
};

export const appDaa: AppMetric = {
  table: 'app',
  metric_id: 'daa',
  name: 'Active Addresses',
  description: "Distinct addresses sending transactions to any of the project's contracts; over a window, each address counts once.",
  source_names: ['RPC', 'OLI'],
  avg: true,
  category: 'activity',
  currency: false,
  units: { value: count },
  aggregate: { kind: 'unique', fact: CONTRACT_DAA, address_set: CONTRACT_SENDERS },
  input: { kind: 'contract_transactions', facts: [CONTRACT_DAA] },
  requires: ['apps'],
  dimension: 'contract',
  status: 'computed',
};
