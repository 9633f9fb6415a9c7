// DuckDB tables. Raw rows are keyed by (origin_key, block_number, tx_index); money is HUGEINT wei.
// Times are unix seconds (raw) or unix milliseconds at a period start (facts), so the same
// arithmetic works on every engine.

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
     is_user_tx BOOLEAN NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS checkpoints (
     origin_key VARCHAR PRIMARY KEY,
     block_number BIGINT NOT NULL,
     block_hash VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS dirty_hours (
     origin_key VARCHAR NOT NULL,
     hour_ms BIGINT NOT NULL,
     PRIMARY KEY (origin_key, hour_ms))`,
];
