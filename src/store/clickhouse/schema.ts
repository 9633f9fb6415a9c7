// ClickHouse tables. Every table is a ReplacingMergeTree on each node (`<name>_local`) keyed like
// DuckDB's primary keys, plus a `Distributed` table `<name>` over the cluster that the store
// reads and writes. Rows carry a `version` (newer wins) and a `deleted` flag: a write replaces
// rows by inserting newer ones, a delete inserts newer tombstones, and reads use FINAL. So a
// retried insert (same keys, same version) collapses into the rows it repeats instead of
// doubling them, and no statement needs a mutation or a transaction.
//
// Sharding keeps each chain's days together: raw rows and facts are placed by (origin_key, UTC
// day), so one day of one chain (its transactions, facts and address sets) lives on one shard,
// and a tombstone always lands on the shard of the row it replaces (same key, same day).
// Money is UInt256 wei, read back as decimal strings. SQL here and in the other files is what
// ClickHouse 24.8 LTS and newer accept.

export interface TableDef {
  name: string;
  columns: string;
  orderBy: string;
  /** The Distributed table's sharding expression. */
  shardBy: string;
}

const CHAIN_DAY_OF_SECONDS = (col: string) => `cityHash64(origin_key, intDiv(${col}, 86400))`;
const CHAIN_DAY_OF_MS = (col: string) => `cityHash64(origin_key, intDiv(${col}, 86400000))`;

export const TABLES: TableDef[] = [
  {
    name: 'blocks',
    columns: `origin_key String, block_number Int64, block_hash String, parent_hash String, block_time Int64,
      gas_used UInt256, base_fee_wei Nullable(UInt256), tx_count Int32`,
    orderBy: 'origin_key, block_number',
    shardBy: CHAIN_DAY_OF_SECONDS('block_time'),
  },
  {
    name: 'transactions',
    columns: `origin_key String, block_number Int64, block_hash String, block_time Int64, tx_hash String, tx_index Int32,
      tx_type Int32, nonce UInt256, from_address String, to_address Nullable(String), created_contract Nullable(String),
      input_empty Bool, selector Nullable(String), value_wei UInt256, gas_limit UInt256, gas_used UInt256, status UInt8,
      gas_price_wei UInt256, l1_fee_wei UInt256, l1_gas_used UInt256, fee_wei UInt256, is_user_tx Bool,
      blob_gas_used UInt256 DEFAULT 0, blob_gas_price_wei UInt256 DEFAULT 0`,
    orderBy: 'origin_key, block_number, tx_index',
    shardBy: CHAIN_DAY_OF_SECONDS('block_time'),
  },
  { name: 'checkpoints', columns: 'origin_key String, block_number Int64, block_hash String', orderBy: 'origin_key', shardBy: 'cityHash64(origin_key)' },
  { name: 'dirty_hours', columns: 'origin_key String, hour_ms Int64', orderBy: 'origin_key, hour_ms', shardBy: 'cityHash64(origin_key)' },
  {
    name: 'prices',
    columns: 'asset String, granularity String, period_ms Int64, usd Float64',
    orderBy: 'asset, granularity, period_ms',
    shardBy: 'cityHash64(asset)',
  },
  {
    name: 'facts',
    columns: 'origin_key String, dimension String, entity String, metric_key String, granularity String, period_ms Int64, value Nullable(Float64)',
    orderBy: 'origin_key, dimension, entity, metric_key, granularity, period_ms',
    shardBy: CHAIN_DAY_OF_MS('period_ms'),
  },
  {
    name: 'native_facts',
    columns: `origin_key String, dimension String, entity String, metric_key String, granularity String, period_ms Int64,
      value Nullable(Float64), exact_wei Nullable(UInt256)`,
    orderBy: 'origin_key, dimension, entity, metric_key, granularity, period_ms',
    shardBy: CHAIN_DAY_OF_MS('period_ms'),
  },
  {
    name: 'address_sets',
    columns: 'set_key String, origin_key String, dimension String, entity String, day_ms Int64, address String',
    orderBy: 'origin_key, set_key, dimension, entity, day_ms, address',
    shardBy: CHAIN_DAY_OF_MS('day_ms'),
  },
  // Contract sets with the contract and the sender as text (DuckDB keeps integer ids; a shared
  // id dictionary would need one writer for the whole cluster).
  {
    name: 'contract_address_sets',
    columns: 'set_key String, origin_key String, contract String, day_ms Int64, address String',
    orderBy: 'origin_key, set_key, contract, day_ms, address',
    shardBy: CHAIN_DAY_OF_MS('day_ms'),
  },
  { name: 'pending_days', columns: 'origin_key String, day_ms Int64', orderBy: 'origin_key, day_ms', shardBy: 'cityHash64(origin_key)' },
  { name: 'fact_status', columns: 'origin_key String, hours_until Int64, days_until Int64', orderBy: 'origin_key', shardBy: 'cityHash64(origin_key)' },
  { name: 'fact_sets', columns: 'origin_key String, signature String', orderBy: 'origin_key', shardBy: 'cityHash64(origin_key)' },
  {
    name: 'price_status',
    columns: 'origin_key String, granularity String, period_ms Int64, asset String, status String, price_period_ms Nullable(Int64)',
    orderBy: 'origin_key, granularity, period_ms, asset',
    shardBy: CHAIN_DAY_OF_MS('period_ms'),
  },
  {
    name: 'labels',
    columns: 'origin_key String, address String, contract_name Nullable(String), owner_project Nullable(String), usage_category Nullable(String), verified Nullable(Bool)',
    orderBy: 'origin_key, address',
    shardBy: 'cityHash64(origin_key, address)',
  },
  {
    name: 'projects',
    columns: `owner_project String, display_name String, description Nullable(String), main_github Nullable(String), twitter Nullable(String),
      website Nullable(String), logo_path Nullable(String), token_symbol Nullable(String), market_data_id Nullable(String), features String`,
    orderBy: 'owner_project',
    shardBy: 'cityHash64(owner_project)',
  },
  // State samples and external series (the SampleStore): one row per chain, key and UTC day.
  {
    name: 'supply_samples',
    columns: 'origin_key String, address String, day_ms Int64, block_number Int64, supply Float64',
    orderBy: 'origin_key, address, day_ms',
    shardBy: CHAIN_DAY_OF_MS('day_ms'),
  },
  {
    name: 'sample_gaps',
    columns: 'origin_key String, source String, day_ms Int64, reason String',
    orderBy: 'origin_key, source, day_ms',
    shardBy: CHAIN_DAY_OF_MS('day_ms'),
  },
  {
    name: 'external_values',
    columns: 'origin_key String, series String, day_ms Int64, usd Float64',
    orderBy: 'origin_key, series, day_ms',
    shardBy: CHAIN_DAY_OF_MS('day_ms'),
  },
  {
    name: 'market_data',
    columns: 'market_data_id String, day_ms Int64, price_usd Nullable(Float64), market_cap_usd Nullable(Float64), volume_usd Nullable(Float64)',
    orderBy: 'market_data_id, day_ms',
    shardBy: 'cityHash64(market_data_id)',
  },
];

/** A column added to a table after its first release: added where an older table lacks it. */
export interface AddedColumn {
  table: string;
  column: string;
  /** The ALTER that adds it (in order: a column may be placed after an earlier one). */
  ddl: string;
}

/**
 * The statements that create the database and every table on one node (idempotent), in stages:
 * a stage's statements depend only on earlier stages, so they may run at once (a store on a
 * remote cluster opens in a few round trips per node, not one per statement). Then the columns
 * tables created by older releases lack (`added`), checked in system.columns first: a current
 * table has them all, and an ALTER, even one that changes nothing, costs a metadata round.
 */
export function nodeDdl(database: string, cluster: string): { stages: string[][]; added: AddedColumn[] } {
  const local = TABLES.map(
    (t) => `CREATE TABLE IF NOT EXISTS ${database}.${t.name}_local (${t.columns}, version UInt64, deleted UInt8)
       ENGINE = ReplacingMergeTree(version, deleted) ORDER BY (${t.orderBy})`,
  );
  const distributed = TABLES.map(
    (t) => `CREATE TABLE IF NOT EXISTS ${database}.${t.name} AS ${database}.${t.name}_local
       ENGINE = Distributed(${cluster}, ${database}, ${t.name}_local, ${t.shardBy})`,
  );
  // Tables created before transactions had blob columns get them, with 0 as DuckDB's migration gives.
  const added: AddedColumn[] = [];
  for (const table of ['transactions_local', 'transactions']) {
    added.push({ table, column: 'blob_gas_used', ddl: `ALTER TABLE ${database}.${table} ADD COLUMN IF NOT EXISTS blob_gas_used UInt256 DEFAULT 0 AFTER is_user_tx` });
    added.push({ table, column: 'blob_gas_price_wei', ddl: `ALTER TABLE ${database}.${table} ADD COLUMN IF NOT EXISTS blob_gas_price_wei UInt256 DEFAULT 0 AFTER blob_gas_used` });
  }
  return { stages: [[`CREATE DATABASE IF NOT EXISTS ${database}`], local, distributed], added };
}

function tableDef(name: string): TableDef {
  const t = TABLES.find((x) => x.name === name);
  if (!t) throw new Error(`no ClickHouse table ${name}`);
  return t;
}

/** The data columns of a table (without version and deleted), in order. */
export function columnsOf(name: string): string[] {
  return columnTypesOf(name).map((c) => c.name);
}

/** The data columns of a table with their types (a DEFAULT left out), in order. */
export function columnTypesOf(name: string): Array<{ name: string; type: string }> {
  // No type of these tables has a comma inside its parentheses, so a comma ends a column.
  return tableDef(name).columns.split(',').map((c) => {
    const [col, type] = c.trim().split(/\s+/);
    return { name: col!, type: type! };
  });
}

/** The columns of a table's sorting key: what makes two rows the same row (a newer version replaces the older). */
export function keyColumnsOf(name: string): string[] {
  return tableDef(name).orderBy.split(',').map((c) => c.trim());
}
