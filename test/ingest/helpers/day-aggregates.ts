// Per-UTC-day figures straight from the stored raw rows, in the shape tests compare against
// a source of truth (the fake chain, the devnet's groundTruth, anvil's receipts).
import type { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';

export interface DayFigures {
  txcount: number;
  tx_all: number;
  distinct_senders: number;
  fee_wei: bigint;
}

export async function dayAggregates(store: DuckDbStore, originKey: string): Promise<Map<number, DayFigures>> {
  const rows = await store.query<{ day: bigint; txcount: bigint; tx_all: bigint; senders: bigint; fees: bigint | null }>(
    `SELECT block_time // 86400 * 86400000 AS day,
            count(*) FILTER (WHERE is_user_tx) AS txcount,
            count(*) AS tx_all,
            count(DISTINCT from_address) AS senders,
            sum(fee_wei)::HUGEINT AS fees
       FROM transactions WHERE origin_key = $1 GROUP BY 1 ORDER BY 1`,
    [originKey],
  );
  return new Map(rows.map((r) => [Number(r.day), { txcount: Number(r.txcount), tx_all: Number(r.tx_all), distinct_senders: Number(r.senders), fee_wei: BigInt(r.fees ?? 0) }]));
}
