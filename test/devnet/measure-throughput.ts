// Measures how fast the devnet serves history to an ingester-like client: every block with
// full transactions plus its receipts, in JSON-RPC batches, all chains at once, the devnet in
// its own process (as `npm start` runs it). Prints one JSON line.
//   npx tsx test/devnet/measure-throughput.ts [historyDays=120] [txPerDay=2000] [blocksPerBatch=25] [concurrencyPerChain=3]
// DEVNET_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the devnet process.
import { readFileSync } from 'node:fs';
import { startDevnetProcess } from '../../src/devnet/process.js';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

const [days = 120, txPerDay = 2000, perBatch = 25, concurrency = 3] = process.argv.slice(2).map(Number);

async function rpc(url: string, body: unknown): Promise<{ parsed: any; bytes: number }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { parsed: JSON.parse(text), bytes: text.length };
}

const dev = await startDevnetProcess({ historyDays: days, txPerDay }, { execArgv: process.env.DEVNET_NODE_ARGS?.split(' ').filter(Boolean) });
try {
  let txs = 0;
  let blocks = 0;
  let bytes = 0;
  const t0 = performance.now();
  const devCpu0 = cpuSeconds(dev.pid);
  const cpu0 = process.cpuUsage();
  await Promise.all(
    dev.info.chains.map(async (c) => {
      const head = parseInt((await rpc(c.url, { jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] })).parsed.result, 16);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next <= head) {
          const from = next;
          const to = Math.min(head, from + perBatch - 1);
          next = to + 1;
          const calls = [];
          for (let n = from; n <= to; n++) {
            const hex = `0x${n.toString(16)}`;
            calls.push({ jsonrpc: '2.0', id: 2 * n, method: 'eth_getBlockByNumber', params: [hex, true] });
            calls.push({ jsonrpc: '2.0', id: 2 * n + 1, method: 'eth_getBlockReceipts', params: [hex] });
          }
          const r = await rpc(c.url, calls);
          bytes += r.bytes;
          for (const item of r.parsed) {
            if (item.error) throw new Error(`${c.origin_key}: ${item.error.message}`);
            if (item.id % 2 === 0) {
              blocks++;
              txs += item.result.transactions.length;
            }
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    }),
  );
  const s = (performance.now() - t0) / 1000;
  const devnetCpu = cpuSeconds(dev.pid) - devCpu0;
  const c = process.cpuUsage(cpu0);
  const clientCpu = (c.user + c.system) / 1e6;
  console.log(JSON.stringify({ historyDays: days, txPerDay, blocksPerBatch: perBatch, concurrencyPerChain: concurrency, chains: dev.info.chains.length, blocks, txs, seconds: +s.toFixed(2), tx_per_s: Math.round(txs / s), mb: Math.round(bytes / 1e6), mb_per_s: Math.round(bytes / 1e6 / s), devnet_cpu_s: +devnetCpu.toFixed(1), devnet_us_per_tx: +((devnetCpu / txs) * 1e6).toFixed(1), client_cpu_s: +clientCpu.toFixed(1) }));
} finally {
  await dev.close();
}
