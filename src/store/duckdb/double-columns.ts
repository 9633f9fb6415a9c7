// Numeric query results copied chunk by chunk into one Float64Array per column (NULL as NaN),
// for reads of millions of rows (the application documents' raw contract facts and sender sets).
//
// A DOUBLE column's chunk is copied as a block straight from the vector's memory (the C API's
// data and validity pointers, as @duckdb/node-bindings exposes them): the node-api's per-item
// getItem tests validity with BigInt arithmetic, and over 8 million facts of five columns that
// per-cell conversion cost more than DuckDB's query. Other numeric types keep the per-item path.
import bindings from '@duckdb/node-bindings';
import { DuckDBTypeId, type DuckDBDataChunk, type DuckDBResult } from '@duckdb/node-api';

export async function readNumericColumns(result: DuckDBResult): Promise<{ rows: number; columns: Float64Array[] }> {
  const doubles = Array.from({ length: result.columnCount }, (_, c) => result.columnTypeId(c) === DuckDBTypeId.DOUBLE);
  let columns = Array.from({ length: result.columnCount }, () => new Float64Array(1 << 16));
  let rows = 0;
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
    const n = chunk.rowCount;
    if (rows + n > columns[0]!.length) {
      const size = Math.max(2 * columns[0]!.length, rows + n);
      columns = columns.map((old) => {
        const grown = new Float64Array(size);
        grown.set(old.subarray(0, rows));
        return grown;
      });
    }
    columns.forEach((into, c) => (doubles[c] ? copyDoubles(chunk, c, n, into, rows) : copyItems(chunk, c, n, into, rows)));
    rows += n;
  }
  return { rows, columns: columns.map((c) => c.subarray(0, rows)) };
}

function copyDoubles(chunk: DuckDBDataChunk, c: number, n: number, into: Float64Array, at: number): void {
  const vector = bindings.data_chunk_get_vector(chunk.chunk, c);
  const bytes = bindings.vector_get_data(vector, n * Float64Array.BYTES_PER_ELEMENT);
  into.set(new Float64Array(bytes.buffer, bytes.byteOffset, n), at);
  // No validity mask: every item is valid. Otherwise bit i of the little-endian 64-bit words.
  const valid = bindings.vector_get_validity(vector, Math.ceil(n / 64) * 8);
  if (!valid) return;
  for (let byte = 0; byte < valid.length; byte++) {
    const bits = valid[byte]!;
    if (bits === 0xff) continue;
    for (let b = 0; b < 8; b++) {
      const i = byte * 8 + b;
      if (i < n && (bits & (1 << b)) === 0) into[at + i] = NaN;
    }
  }
}

function copyItems(chunk: DuckDBDataChunk, c: number, n: number, into: Float64Array, at: number): void {
  const vector = chunk.getColumnVector(c);
  for (let i = 0; i < n; i++) {
    const v = vector.getItem(i);
    into[at + i] = v === null ? NaN : Number(v);
  }
}
