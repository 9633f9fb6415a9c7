// Child process for the write-group tests: writes the given batches into a DuckDB file through
// DuckDbStore.writeBatch, prints a line after each (with the transactions not committed yet), then
// stays alive holding its open group until the parent SIGKILLs it. Args: one JSON object.
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import { makeBatch, tipOf } from './batches.js';

interface ChildArgs {
  dbPath: string;
  groupRows: number;
  /** [origin_key, from, to] per batch, written in order. */
  batches: Array<[string, number, number]>;
}

const args = JSON.parse(process.argv[2]) as ChildArgs;
const store = await DuckDbStore.open({ path: args.dbPath, groupRows: args.groupRows });
for (const [origin, from, to] of args.batches) {
  const b = makeBatch(origin, from, to);
  await store.writeBatch(origin, b, tipOf(b));
  process.stdout.write(`${JSON.stringify({ written: [origin, from, to], uncommitted: store.uncommittedTransactions })}\n`);
}
process.stdout.write(`${JSON.stringify({ done: true })}\n`);
// Never closes the store (close would commit): the parent kills this process.
setInterval(() => undefined, 60_000);
