// Child process for the crash test: ingests one chain into a DuckDB file and prints a line
// after every write it made, so the parent can SIGKILL it while it works. Args: one JSON object.
import { FixedClock } from '../../../src/clock.js';
import { Ingestor } from '../../../src/ingest/ingestor.js';
import type { Chain } from '../../../src/registry/types.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';

interface ChildArgs {
  dbPath: string;
  chain: Chain;
  writeMaxBlocks: number;
}

const args = JSON.parse(process.argv[2]) as ChildArgs;
const store = await DuckDbStore.open({ path: args.dbPath });
const ing = new Ingestor({
  store,
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
