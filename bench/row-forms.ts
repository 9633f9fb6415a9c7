// What the synthetic workloads (engine-workload.ts, volume-workload.ts) write their rows with,
// in the three forms each of their definitions takes: JavaScript for Store.writeBatch, and the
// SQL of DuckDB and of ClickHouse for the history each engine generates itself with
// INSERT … SELECT over a number range. A formula written with these pieces gives the same rows
// in all three, which is what lets a benchmark compare the engines on the same data.

/** `n` as 0x plus `width` lower-case hex digits (the JavaScript twin of Dialect.hex). */
export const hex = (n: number, width: number): string => `0x${n.toString(16).padStart(width, '0')}`;

/**
 * A multiplicative hash of a row number (Knuth's 2654435761, or another odd multiplier) into
 * 0 … 2^32 - 1: exact in 64-bit SQL integers for j < 3·10^9, and in JavaScript through Math.imul.
 */
export const mix = (j: number, by = KNUTH): number => Math.imul(j, by) >>> 0;
export const mixSql = (j: string, by = KNUTH): string => `((${j}) * ${by}) % 4294967296`;
export const KNUTH = 2654435761;

/** The SQL pieces that differ between the engines. */
export interface Dialect {
  /** A relation of `x` = 0 … count-1. */
  range(count: number): string;
  /** `x` as 0x plus `width` lower-case hex digits. */
  hex(x: string, width: number): string;
  intDiv(a: string, b: number | string): string;
  /** Extra columns and values after the data columns (ClickHouse's version and deleted). */
  tail: { columns: string; values: string };
}

export const DUCKDB: Dialect = {
  range: (count) => `range(${count}) r(x)`,
  hex: (x, width) => `printf('0x%0${width}x', ${x})`,
  intDiv: (a, b) => `(${a}) // ${b}`,
  tail: { columns: '', values: '' },
};

export const CLICKHOUSE: Dialect = {
  range: (count) => `(SELECT number AS x FROM numbers(${count}))`,
  hex: (x, width) => `concat('0x', leftPad(lower(hex(toUInt64(${x}))), ${width}, '0'))`,
  intDiv: (a, b) => `intDiv(${a}, ${b})`,
  tail: { columns: ', version, deleted', values: ', 1, 0' },
};

export const TX_COLUMNS =
  'origin_key, block_number, block_hash, block_time, tx_hash, tx_index, tx_type, nonce, from_address, to_address, created_contract, input_empty, selector, value_wei, gas_limit, gas_used, status, gas_price_wei, l1_fee_wei, l1_gas_used, fee_wei, is_user_tx, blob_gas_used, blob_gas_price_wei';
export const BLOCK_COLUMNS = 'origin_key, block_number, block_hash, parent_hash, block_time, gas_used, base_fee_wei, tx_count';

/**
 * The dirty hours of blocks [from, to) of a chain with a block every `blockS` seconds from `t0`
 * (unix s): `from` must start an hour, so each hour is written once per call (the last one may be
 * partial). The facts stage computes exactly these, as after ingestion.
 */
export function dirtyHoursSql(d: Dialect, originKey: string, t0: number, blockS: number, from: number, to: number): string {
  const perHour = 3600 / blockS;
  return `
    INSERT INTO dirty_hours (origin_key, hour_ms${d.tail.columns})
    SELECT '${originKey}', (${t0} + (${from} + x * ${perHour}) * ${blockS}) * 1000${d.tail.values}
    FROM ${d.range(Math.ceil((to - from) / perHour))}`;
}
