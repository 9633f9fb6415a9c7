import { FixedClock, HOUR_MS } from '../src/clock.js';
import { buildAllDocuments } from '../src/documents/build-all.js';
import { makeEntry } from '../src/documents/document-set.js';
import { DuckDbStore } from '../src/store/duckdb/duckdb-store.js';
import { makeChain } from '../support/make-chain.js';
import { createLogger } from '../src/log.js';
const store = await DuckDbStore.open({ path: '/tmp/bench.duckdb' });
const chains = [0, 1, 2].map((i) => makeChain(`bench_${i}`, { name: `Bench ${i}`, name_short: `B${i}`, evm_chain_id: 70_000 + i, family: i % 3 === 1 ? 'arbitrum' : 'op', gas_token: i === 2 ? 'bench-token' : 'ethereum', symbol: i === 2 ? 'BT' : 'ETH' }));
const END = Date.UTC(2024, 6, 1);
const clock = new FixedClock(END + 30 * 60_000);
for (let k = 0; k < 2; k++) {
  let t = performance.now();
  const { inputs } = await buildAllDocuments(store, chains, clock, { logger: createLogger('silent') });
  console.log('build', (performance.now() - t).toFixed(0));
  t = performance.now();
  const per: [string, number, number][] = [];
  for (const i of inputs) { const s = performance.now(); const e = makeEntry(i, 0); per.push([i.path, e.body.length, performance.now() - s]); }
  console.log('entries', (performance.now() - t).toFixed(0));
  if (k === 1) for (const p of per.sort((a, b) => b[2] - a[2]).slice(0, 12)) console.log(p[2].toFixed(1), p[1], p[0]);
}
await store.close();
