// The daily facts the blockspace documents read for the two categories a transaction has by
// itself (METRICS.md section 5): native transfers (empty input, a `to`) and contract deployments
// (no `to`). Calls to contracts need no fact of their own: the application facts already hold
// every called contract's daily txcount and fees (definitions/app/), and the documents apply the
// labels at build time. Kept as facts because the raw transactions are pruned after the
// retention, while the blockspace daily series covers all history. Declared here and listed in
// the inputs of txcount and fees, whose user transactions they split, so the facts engine runs
// them in the same scan of each day.
import type { FactAggregate } from './definition.js';

/** The synthetic categories, in the order the documents list them. */
export const SYNTHETIC_KINDS = ['native_transfer', 'contract_deployment'] as const;
export type SyntheticKind = (typeof SYNTHETIC_KINDS)[number];

// The same user transactions as txcount (is_user_tx), split by the rule of store/blockspace.ts.
const WHERE: Record<SyntheticKind, { duckdb: string; clickhouse: string }> = {
  native_transfer: {
    duckdb: 't.is_user_tx AND t.to_address IS NOT NULL AND t.input_empty',
    clickhouse: 't.is_user_tx AND t.to_address IS NOT NULL AND t.input_empty',
  },
  contract_deployment: { duckdb: 't.is_user_tx AND t.to_address IS NULL', clickhouse: 't.is_user_tx AND t.to_address IS NULL' },
};

function txcountOf(kind: SyntheticKind): FactAggregate {
  return {
    key: `blockspace_${kind}_txcount`,
    unit: 'plain',
    granularities: ['daily'],
    sql: { duckdb: () => `count(*) FILTER (WHERE ${WHERE[kind].duckdb})`, clickhouse: () => `countIf(${WHERE[kind].clickhouse})` },
  };
}

function feesOf(kind: SyntheticKind): FactAggregate {
  return {
    key: `blockspace_${kind}_fees`,
    unit: 'wei_sum',
    granularities: ['daily'],
    sql: {
      duckdb: () => `coalesce(sum(t.fee_wei) FILTER (WHERE ${WHERE[kind].duckdb}), 0::HUGEINT)`,
      clickhouse: () => `sumIf(t.fee_wei, ${WHERE[kind].clickhouse})`,
    },
  };
}

/** Per synthetic kind: its daily user-transaction count and its fees (wei, converted by the money step). */
export const SYNTHETIC_FACTS: Record<SyntheticKind, { txcount: FactAggregate; fees: FactAggregate }> = {
  native_transfer: { txcount: txcountOf('native_transfer'), fees: feesOf('native_transfer') },
  contract_deployment: { txcount: txcountOf('contract_deployment'), fees: feesOf('contract_deployment') },
};

export const SYNTHETIC_TXCOUNT_FACTS: readonly FactAggregate[] = SYNTHETIC_KINDS.map((k) => SYNTHETIC_FACTS[k].txcount);
export const SYNTHETIC_FEE_FACTS: readonly FactAggregate[] = SYNTHETIC_KINDS.map((k) => SYNTHETIC_FACTS[k].fees);
