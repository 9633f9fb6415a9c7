// RowBinary as the ClickHouse store writes blocks and transactions: the column lists agree with
// the tables in schema.ts (a RowBinary row carries no names or types, so a mismatch would store
// garbage), values are laid out as ClickHouse reads them, and values a column cannot hold are
// refused naming the column before anything is sent. That the server reads the rows back exactly
// is proven on a real cluster in test/store/store-ingestion.test.ts.
import { describe, expect, it } from 'vitest';
import { BLOCK_COLUMNS, insertColumns, rowBinary, TX_COLUMNS } from '../../src/store/clickhouse/raw-row-binary.js';
import { RowBinaryWriter } from '../../src/store/clickhouse/row-binary.js';
import { TABLES } from '../../src/store/clickhouse/schema.js';
import { makeBatch } from '../store/helpers/batches.js';

/** name → type of a table's data columns as schema.ts declares them. */
function schemaColumns(table: string): Array<[string, string]> {
  const t = TABLES.find((x) => x.name === table)!;
  return t.columns.split(/,\s*(?![^()]*\))/).map((c) => {
    const [name, ...type] = c.trim().split(/\s+/);
    return [name!, type.join(' ').replace(/\s+DEFAULT\s+.*$/, '')];
  });
}

const bytes = (fill: (w: RowBinaryWriter) => void): string => {
  const w = new RowBinaryWriter();
  fill(w);
  return Buffer.concat(w.finish()).toString('hex');
};

describe('ClickHouse RowBinary rows', () => {
  it('list every column of blocks and transactions with the type schema.ts gives it, in order', () => {
    expect(BLOCK_COLUMNS.map((c) => [c.name, c.type])).toEqual(schemaColumns('blocks'));
    expect(TX_COLUMNS.map((c) => [c.name, c.type])).toEqual(schemaColumns('transactions'));
    expect(insertColumns(BLOCK_COLUMNS)).toBe('origin_key, block_number, block_hash, parent_hash, block_time, gas_used, base_fee_wei, tx_count, version, deleted');
  });

  it('lays values out as ClickHouse reads them', () => {
    expect(bytes((w) => w.string('ab', 's'))).toBe('026162');
    // A length of 200 bytes takes two LEB128 bytes; non-ASCII text counts its UTF-8 bytes.
    expect(bytes((w) => w.string('x'.repeat(200), 's')).slice(0, 6)).toBe('c80178');
    expect(bytes((w) => w.string('é'.repeat(100), 's')).slice(0, 8)).toBe('c801c3a9');
    // ASCII first, then not: the bytes tried as ASCII are overwritten, and the UInt256 after it
    // still finds zeros where it writes none.
    expect(bytes((w) => (w.string('abcdé', 's'), w.uint256(1n, 'u')))).toBe(`0661626364c3a901${'00'.repeat(31)}`);
    expect(bytes((w) => w.nullableString(null, 's'))).toBe('01');
    expect(bytes((w) => w.nullableString('', 's'))).toBe('0000');
    expect(bytes((w) => w.int64(-2, 'i'))).toBe('feffffffffffffff');
    expect(bytes((w) => w.int64(2 ** 40 + 1, 'i'))).toBe('0100000000010000');
    expect(bytes((w) => w.int32(-1, 'i'))).toBe('ffffffff');
    expect(bytes((w) => w.bool(true, 'b'))).toBe('01');
    expect(bytes((w) => w.uint256(0x0102n, 'u'))).toBe(`0201${'00'.repeat(30)}`);
    // Beyond 2^53 and beyond 2^64: exact, little-endian over all 32 bytes.
    expect(bytes((w) => w.uint256(2n ** 64n + 3n, 'u'))).toBe(`03${'00'.repeat(7)}01${'00'.repeat(23)}`);
    expect(bytes((w) => w.uint256(2n ** 256n - 1n, 'u'))).toBe('ff'.repeat(32));
    expect(bytes((w) => w.nullableUint256(null, 'u'))).toBe('01');
  });

  it('refuses what a column cannot hold, naming it', () => {
    const w = new RowBinaryWriter();
    expect(() => w.string(null as unknown as string, 'from_address')).toThrow(/^from_address: expected a string, got null/);
    expect(() => w.uint256(-1n, 'value_wei')).toThrow(/^value_wei: -1 is not a UInt256/);
    expect(() => w.uint256(2n ** 256n, 'value_wei')).toThrow(/value_wei/);
    expect(() => w.int32(2 ** 31, 'tx_index')).toThrow(/tx_index/);
    expect(() => w.int64(1.5, 'block_number')).toThrow(/block_number/);
    expect(() => w.uint8(256, 'status')).toThrow(/status/);
    expect(() => w.bool(1 as unknown as boolean, 'input_empty')).toThrow(/input_empty/);
  });

  it('writes rows across chunk boundaries without losing or reordering bytes', () => {
    const { txs } = makeBatch('c1', 0, 999); // 3,000 rows, about 2 MB: several chunks
    const chunks = rowBinary(TX_COLUMNS, txs, 7);
    expect(chunks.length).toBeGreaterThan(3);
    // The rows written ten at a time (all within a first chunk) give the same bytes in the same order.
    const parts: Buffer[] = [];
    for (let i = 0; i < txs.length; i += 10) parts.push(...rowBinary(TX_COLUMNS, txs.slice(i, i + 10), 7));
    expect(Buffer.concat(chunks).equals(Buffer.concat(parts))).toBe(true);
  });
});
