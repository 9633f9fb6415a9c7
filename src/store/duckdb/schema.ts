// DuckDB tables. Raw rows are keyed by (origin_key, block_number, tx_index); money is HUGEINT wei.
// Times are unix seconds (raw) or unix milliseconds at a period start (facts), so the same
// arithmetic works on every engine.
import { LABEL_TABLES_DDL } from './labels.js';
import { SAMPLE_TABLES_DDL } from './samples.js';

/** The layout this code writes; migrate.ts brings older files up to it at open. */
export const SCHEMA_VERSION = 5;

// Distinct addresses per set, subject and day: any window's distinct count is exact from these.
// The set key is declared by the metric that counts it (e.g. 'daa').
export const ADDRESS_SETS_DDL = `CREATE TABLE IF NOT EXISTS address_sets (
     set_key VARCHAR NOT NULL,
     origin_key VARCHAR NOT NULL,
     dimension VARCHAR NOT NULL,
     entity VARCHAR NOT NULL,
     day_ms BIGINT NOT NULL,
     address VARCHAR NOT NULL)`;

// Integer ids of addresses (senders and contracts) for the contract sets below: application
// reads deduplicate millions of (group, day, address) rows, and hashing and sorting a 4-byte id
// is several times cheaper than a 42-character string. Ids are never reused or removed, so a
// stored id always means the same address.
export const ADDRESS_IDS_DDL = `CREATE TABLE IF NOT EXISTS address_ids (
     address VARCHAR NOT NULL,
     id UINTEGER NOT NULL)`;

// Per-day address sets of contracts (dimension 'contract' of address_sets, kept apart since
// version 4): the contract and the address as address_ids ids.
export const CONTRACT_ADDRESS_SETS_DDL = `CREATE TABLE IF NOT EXISTS contract_address_sets (
     set_key VARCHAR NOT NULL,
     origin_key VARCHAR NOT NULL,
     contract_id UINTEGER NOT NULL,
     day_ms BIGINT NOT NULL,
     address_id UINTEGER NOT NULL)`;

export const DUCKDB_SCHEMA: string[] = [
  `CREATE TABLE IF NOT EXISTS blocks (
     origin_key VARCHAR NOT NULL,
     block_number BIGINT NOT NULL,
     block_hash VARCHAR NOT NULL,
     parent_hash VARCHAR NOT NULL,
     block_time BIGINT NOT NULL,
     gas_used HUGEINT NOT NULL,
     base_fee_wei HUGEINT,
     tx_count INTEGER NOT NULL,
     PRIMARY KEY (origin_key, block_number))`,
  // No primary key here: idempotency comes from replacing whole blocks inside one transaction,
  // and an index would slow the appender down several times.
  `CREATE TABLE IF NOT EXISTS transactions (
     origin_key VARCHAR NOT NULL,
     block_number BIGINT NOT NULL,
     block_hash VARCHAR NOT NULL,
     block_time BIGINT NOT NULL,
     tx_hash VARCHAR NOT NULL,
     tx_index INTEGER NOT NULL,
     tx_type INTEGER NOT NULL,
     nonce HUGEINT NOT NULL,
     from_address VARCHAR NOT NULL,
     to_address VARCHAR,
     created_contract VARCHAR,
     input_empty BOOLEAN NOT NULL,
     selector VARCHAR,
     value_wei HUGEINT NOT NULL,
     gas_limit HUGEINT NOT NULL,
     gas_used HUGEINT NOT NULL,
     status TINYINT NOT NULL,
     gas_price_wei HUGEINT NOT NULL,
     l1_fee_wei HUGEINT NOT NULL,
     l1_gas_used HUGEINT NOT NULL,
     fee_wei HUGEINT NOT NULL,
     is_user_tx BOOLEAN NOT NULL,
     -- Last, as version 4 files gain them by ALTER TABLE ADD COLUMN (which appends).
     blob_gas_used HUGEINT NOT NULL DEFAULT 0,
     blob_gas_price_wei HUGEINT NOT NULL DEFAULT 0)`,
  `CREATE TABLE IF NOT EXISTS checkpoints (
     origin_key VARCHAR PRIMARY KEY,
     block_number BIGINT NOT NULL,
     block_hash VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS dirty_hours (
     origin_key VARCHAR NOT NULL,
     hour_ms BIGINT NOT NULL,
     PRIMARY KEY (origin_key, hour_ms))`,

  // ---- prices and metric facts ----
  // One USD price per asset and period; `granularity` is 'daily' or 'hourly', period_ms its start.
  `CREATE TABLE IF NOT EXISTS prices (
     asset VARCHAR NOT NULL,
     granularity VARCHAR NOT NULL,
     period_ms BIGINT NOT NULL,
     usd DOUBLE NOT NULL,
     PRIMARY KEY (asset, granularity, period_ms))`,
  // Published figures per subject (origin_key + dimension + entity, see store/facts.ts), key and
  // period. No primary key: a period is replaced by delete + insert inside one transaction (an
  // index would also slow bulk rebuilds). A NULL value means "computed, undefined" (e.g. a
  // median over no fees). `dimension` and `entity` come last because version 1 files gain them
  // by ALTER TABLE ADD COLUMN, which appends: fresh and migrated files have the same layout.
  `CREATE TABLE IF NOT EXISTS facts (
     origin_key VARCHAR NOT NULL,
     metric_key VARCHAR NOT NULL,
     granularity VARCHAR NOT NULL,
     period_ms BIGINT NOT NULL,
     value DOUBLE,
     dimension VARCHAR NOT NULL DEFAULT 'chain',
     entity VARCHAR NOT NULL DEFAULT '')`,
  // Money figures in the chain's gas-token wei, before any price: `exact_wei` is the exact
  // HUGEINT sum for summed keys (NULL for medians and means, which are not integers).
  `CREATE TABLE IF NOT EXISTS native_facts (
     origin_key VARCHAR NOT NULL,
     metric_key VARCHAR NOT NULL,
     granularity VARCHAR NOT NULL,
     period_ms BIGINT NOT NULL,
     value DOUBLE,
     exact_wei HUGEINT,
     dimension VARCHAR NOT NULL DEFAULT 'chain',
     entity VARCHAR NOT NULL DEFAULT '')`,
  ADDRESS_SETS_DDL,
  ADDRESS_IDS_DDL,
  CONTRACT_ADDRESS_SETS_DDL,
  // The contract sets with their addresses, in address_sets' columns: for inspection and tests
  // (reads join the ids themselves).
  `CREATE VIEW IF NOT EXISTS contract_address_set_rows AS
     SELECT s.set_key, s.origin_key, 'contract' AS dimension, c.address AS entity, s.day_ms, a.address
     FROM contract_address_sets s JOIN address_ids c ON c.id = s.contract_id JOIN address_ids a ON a.id = s.address_id`,
  // Days whose hours were computed before the day itself was complete.
  `CREATE TABLE IF NOT EXISTS pending_days (
     origin_key VARCHAR NOT NULL,
     day_ms BIGINT NOT NULL,
     PRIMARY KEY (origin_key, day_ms))`,
  // How far each chain's facts are complete (exclusive ends, ms): documents end their series here.
  `CREATE TABLE IF NOT EXISTS fact_status (
     origin_key VARCHAR PRIMARY KEY,
     hours_until BIGINT NOT NULL,
     days_until BIGINT NOT NULL)`,
  // Which fact set (a signature of the computed keys × granularities) each chain's facts hold:
  // a different one at start recomputes the retained hours (src/metrics/fact-set.ts).
  `CREATE TABLE IF NOT EXISTS fact_sets (
     origin_key VARCHAR PRIMARY KEY,
     signature VARCHAR NOT NULL)`,
  // Periods whose money conversion used a fallback price or had none (status 'fallback' | 'missing').
  `CREATE TABLE IF NOT EXISTS price_status (
     origin_key VARCHAR NOT NULL,
     granularity VARCHAR NOT NULL,
     period_ms BIGINT NOT NULL,
     asset VARCHAR NOT NULL,
     status VARCHAR NOT NULL,
     price_period_ms BIGINT)`,
  // Application metadata: labels, the project directory, token market data (labels.ts).
  ...LABEL_TABLES_DDL,
  // Per-day values read from chain state (eth_call) and the days that could not be read (samples.ts).
  ...SAMPLE_TABLES_DDL,
  // One row: the layout version of this file (migrate.ts).
  `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`,
];
