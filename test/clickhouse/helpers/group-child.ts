// Child process for the ClickHouse write-group test: writes the given batches through
// ClickHouseStore.writeBatch with a group of `groupRows` transactions, prints a line after each
// (with the transactions not sent yet), then stays alive holding its open group until the parent
// SIGKILLs it. Args: one JSON object.
import { ClickHouseStore } from '../../../src/store/clickhouse/clickhouse-store.js';
import type { ClickHouseSettings } from '../../../src/registry/store-settings.js';
import { makeBatch, tipOf } from '../../store/helpers/batches.js';

interface ChildArgs {
  settings: ClickHouseSettings;
  groupRows: number;
  /** [origin_key, from, to] per batch, written in order. */
  batches: Array<[string, number, number]>;
}

const args = JSON.parse(process.argv[2]) as ChildArgs;
const store = await ClickHouseStore.open(args.settings, {}, { groupRows: args.groupRows });
for (const [origin, from, to] of args.batches) {
  const b = makeBatch(origin, from, to);
  await store.writeBatch(origin, b, tipOf(b));
  process.stdout.write(`${JSON.stringify({ written: [origin, from, to], uncommitted: store.uncommittedTransactions })}\n`);
}
process.stdout.write(`${JSON.stringify({ done: true })}\n`);
// Never closes the store (close would send the group): the parent kills this process.
setInterval(() => undefined, 60_000);
