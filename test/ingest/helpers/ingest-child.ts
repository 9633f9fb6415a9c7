// Child process for the crash test: ingests one chain into a DuckDB file and prints a line
// after every write it made, so the parent can SIGKILL it while it works. Args: one JSON object.
// With `groupRows` the store commits groups of that many transactions, and every writeBatch is
// printed (`write`: its first and last block, `uncommitted`: transactions in the open group);
// with `hangInGroup` too, the child stops ingesting after the first write that leaves a group open
// after an earlier commit, and waits to be killed: a kill in the middle of a group, not by timing.
import { FixedClock } from '../../../src/clock.js';
import { Ingestor } from '../../../src/ingest/ingestor.js';
import type { Chain } from '../../../src/registry/types.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';
import type { Store } from '../../../src/store/store.js';

interface ChildArgs {
  dbPath: string;
  chain: Chain;
  writeMaxBlocks: number;
  groupRows?: number;
  hangInGroup?: boolean;
}

const args = JSON.parse(process.argv[2]) as ChildArgs;
const store = await DuckDbStore.open({ path: args.dbPath, groupRows: args.groupRows });
let committed = false;
const writeBatch = async (...a: Parameters<Store['writeBatch']>): Promise<void> => {
  await store.writeBatch(...a);
  if (args.groupRows === undefined) return;
  const blocks = a[1].blocks;
  const uncommitted = store.uncommittedTransactions;
  const hang = args.hangInGroup === true && committed && uncommitted > 0;
  process.stdout.write(`${JSON.stringify({ write: [blocks[0]?.block_number, blocks.at(-1)?.block_number], uncommitted, hang })}\n`);
  if (uncommitted === 0) committed = true;
  if (hang) {
    setInterval(() => undefined, 60_000);
    await new Promise(() => undefined);
  }
};
// Every other method runs on the store itself, bound to it (its queue and caches are its fields).
const printing = new Proxy(store, {
  get: (target, key) => {
    if (key === 'writeBatch') return writeBatch;
    const v = Reflect.get(target, key, target) as unknown;
    return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(target) : v;
  },
}) as Store;
const ing = new Ingestor({
  store: printing,
  chains: [args.chain],
  clock: new FixedClock(0),
  batchSize: 20,
  tuning: { writeMaxBlocks: args.writeMaxBlocks, writeMaxMs: 60_000 },
  onProgress: (p) => {
    if (p.blocks_written > 0) process.stdout.write(`${JSON.stringify({ last_block: p.last_block })}\n`);
  },
});
const res = await ing.syncOnce();
await ing.close();
await store.close();
process.stdout.write(`${JSON.stringify({ done: res.ok, error: res.chains[0].error })}\n`);
process.exit(res.ok ? 0 : 1);
