// Numeric query results copied chunk by chunk into one Float64Array per column (NULL as NaN),
// for reads of millions of rows (the application documents' raw contract facts and sender sets).
//
// A DOUBLE column's chunk is copied as a block straight from the vector's memory (the C API's
// data and validity pointers, as @duckdb/node-bindings exposes them): the node-api's per-item
// getItem tests validity with BigInt arithmetic, and over 8 million facts of five columns that
// per-cell conversion cost more than DuckDB's query. Other numeric types keep the per-item path.
//
// Each chunk is copied into an array of its own size and the columns are allocated once, at their
// final size, when the last chunk is in: growing one array by doubling allocated about three
// times the result in fresh, zero-filled pages and copied it again at every step, and in a CPU
// profile of the 1,000-project build that allocation cost more than the copies themselves.
import bindings from '@duckdb/node-bindings';
import { DuckDBTypeId, type DuckDBDataChunk, type DuckDBResult } from '@duckdb/node-api';

export async function readNumericColumns(result: DuckDBResult): Promise<{ rows: number; columns: Float64Array[] }> {
  const count = result.columnCount;
  const doubles = Array.from({ length: count }, (_, c) => result.columnTypeId(c) === DuckDBTypeId.DOUBLE);
  // Per column, the chunks' values in order (a chunk holds at most a vector's 2,048 rows).
  const parts: Float64Array[][] = Array.from({ length: count }, () => []);
  let rows = 0;
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
    const n = chunk.rowCount;
    for (let c = 0; c < count; c++) parts[c]!.push(doubles[c] ? copyDoubles(chunk, c, n) : copyItems(chunk, c, n));
    rows += n;
  }
  const columns = parts.map((list) => {
    const out = new Float64Array(rows);
    let at = 0;
    for (const part of list) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  });
  return { rows, columns };
}

function copyDoubles(chunk: DuckDBDataChunk, c: number, n: number): Float64Array {
  const vector = bindings.data_chunk_get_vector(chunk.chunk, c);
  const bytes = bindings.vector_get_data(vector, n * Float64Array.BYTES_PER_ELEMENT);
  // A copy: the vector's memory belongs to the chunk.
  const into = new Float64Array(bytes.buffer, bytes.byteOffset, n).slice();
  // No validity mask: every item is valid. Otherwise bit i of the little-endian 64-bit words.
  const valid = bindings.vector_get_validity(vector, Math.ceil(n / 64) * 8);
  if (!valid) return into;
  for (let byte = 0; byte < valid.length; byte++) {
    const bits = valid[byte]!;
    if (bits === 0xff) continue;
    for (let b = 0; b < 8; b++) {
      const i = byte * 8 + b;
      if (i < n && (bits & (1 << b)) === 0) into[i] = NaN;
    }
  }
  return into;
}

function copyItems(chunk: DuckDBDataChunk, c: number, n: number): Float64Array {
  const vector = chunk.getColumnVector(c);
  const into = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = vector.getItem(i);
    into[i] = v === null ? NaN : Number(v);
  }
  return into;
}
