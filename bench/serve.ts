// Serving benchmark: our server (node:http) against a bare node:http server answering the same
// bytes, and against nginx (gzip_static) on the same exported documents.
//
//   npm run bench:serve -- [--duration 5] [--connections 50] [--rounds 3] [--workers 1]
//
// Scenarios, each run against every side with the same load generator settings:
//   fee_table_gzip     GET /v1/fees/table.json, Accept-Encoding: gzip
//   metric_detail_gzip GET /v1/metrics/chains/base/txcount.json, Accept-Encoding: gzip
//   revalidate_304     the fee table with If-None-Match = the server's own gzip ETag → 304
//
// The bare node:http server holds the same prepared gzip bytes and header lists and does no more
// than look the path up and compare If-None-Match: the ceiling of node:http itself. Our server ÷
// it (vs_bare_node) is the share of that ceiling the server's logic leaves; the goal is 0.95 or
// more. nginx is the path past node:http's ceiling (docs/http.md, "Past node:http").
//
// Fairness: every side gets the same number of worker processes (--workers, default 1: our
// server and the bare one single-process, nginx worker_processes 1). On a machine with at least
// 2 CPUs the servers are pinned to the first --workers CPUs and wrk to the remaining ones
// (taskset), so the load generator never steals the servers' cores. Each scenario alternates the
// sides for --rounds rounds and keeps each side's best round (other load on the machine only
// lowers figures). The last line of output is one JSON object: our fee-table rps and p99_ms,
// bare_node_rps and vs_bare_node (ours ÷ bare), nginx_rps and ratio (ours ÷ nginx), and under
// `scenarios` the same figures for each scenario.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import cluster from 'node:cluster';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../src/clock.js';
import { Rng } from '../src/devnet/prng.js';
import { buildDocumentSet, type DocumentInput, type DocumentSet } from '../src/documents/document-set.js';
import { serverSettings } from '../src/registry/config.js';
import { DocumentHolder } from '../src/server/document-holder.js';
import { createHttpServer } from '../src/server/http-server.js';
import { openApiDocument } from '../src/documents/openapi.js';
import { prepareSet, type PreparedVariant } from '../src/server/prepared-set.js';
import { freePort } from '../support/free-port.js';
import { startNginx } from '../support/nginx.js';

const PUBLIC = 'https://bench.example.org';
const BUILT_AT = Date.UTC(2026, 0, 31, 14, 0, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;

// ---------------------------------------------------------------- documents (deterministic)

/** The devnet's seeded generator as a function of floats in [0, 1). */
function rng(seed: number): () => number {
  const g = new Rng(seed);
  return () => g.float();
}

/** Documents shaped and sized like production: 14 fee-table chains, two years of daily data. */
function benchInputs(): DocumentInput[] {
  const r = rng(42);
  const round = (v: number, d: number): number => Math.round(v * 10 ** d) / 10 ** d;
  const chains = ['ethereum', 'base', 'optimism', 'arbitrum', 'mantle', 'scroll', 'zksync_era', 'linea', 'taiko', 'blast', 'mode', 'zora', 'metis', 'manta'];
  const feeHours = Array.from({ length: 30 }, (_, i) => BUILT_AT - (i + 1) * HOUR);
  const cost = () => feeHours.map((t) => {
    const eth = round(r() * 0.0002, 8);
    return [t, eth, round(eth * 3200, 4), round(r(), 2)];
  });
  const rate = () => feeHours.map((t) => [t, round(r() * 80, 4), round(r(), 2)]);
  const feeTable: DocumentInput = {
    path: '/v1/fees/table.json',
    freshness: 'hourly',
    json: {
      chain_data: Object.fromEntries(
        chains.map((c) => [
          c,
          {
            hourly: {
              txcosts_median: { types: ['unix', 'value_eth', 'value_usd', 'normalized'], data: cost() },
              txcosts_native_median: { types: ['unix', 'value_eth', 'value_usd', 'normalized'], data: cost() },
              txcosts_avg: { types: ['unix', 'value_eth', 'value_usd', 'normalized'], data: cost() },
              txcosts_swap: { types: ['unix', 'value_eth', 'value_usd', 'normalized'], data: cost() },
              tps: { types: ['unix', 'value', 'normalized'], data: rate() },
              throughput: { types: ['unix', 'value', 'normalized'], data: rate() },
            },
          },
        ]),
      ),
    },
  };
  const series = (n: number, start: number, step: number) => Array.from({ length: n }, (_, i) => [start + i * step, Math.round(50_000 + r() * 150_000)]);
  const daily = series(730, BUILT_AT - 731 * DAY - (BUILT_AT % DAY), DAY);
  const metricDetail = (chain: string): DocumentInput => ({
    path: `/v1/metrics/chains/${chain}/txcount.json`,
    freshness: 'hourly',
    json: {
      last_updated_utc: '2026-01-31 14:00:00',
      details: {
        metric_id: 'txcount',
        metric_name: 'Transaction Count',
        source: ['RPC'],
        timeseries: {
          daily: { types: ['unix', 'value'], data: daily },
          weekly: { types: ['unix', 'value'], data: series(105, daily[0][0], 7 * DAY) },
          monthly: { types: ['unix', 'value'], data: series(25, daily[0][0], 30 * DAY) },
          quarterly: { types: ['unix', 'value'], data: series(9, daily[0][0], 91 * DAY) },
          daily_7d_rolling: { types: ['unix', 'value'], data: daily.slice(6).map(([t, v]) => [t, round(v * 0.98, 2)]) },
          hourly: { types: ['unix', 'value'], data: series(14 * 24, BUILT_AT - 14 * DAY, HOUR) },
        },
        changes: {
          daily: { types: ['value'], '1d': [0.0123], '7d': [-0.0456], '30d': [0.1], '90d': [0.2], '180d': [0.3], '365d': [1.2] },
          weekly: { types: ['value'], '7d': [0.01], '28d': [0.02], '84d': [0.03], '365d': [0.9] },
          monthly: { types: ['value'], '30d': [0.05], '90d': [0.1], '180d': [0.2], '365d': [0.8] },
          hourly: { types: ['value'], '1d': [0.01], '3d': [0.02], '7d': [0.03] },
        },
        summary: {
          last_1h: { types: ['value'], data: [4211] },
          last_1d: { types: ['value'], data: [101_234] },
          last_7d: { types: ['value'], data: [700_123] },
          last_30d: { types: ['value'], data: [3_001_234] },
        },
      },
    },
  });
  return [feeTable, ...chains.slice(0, 4).map(metricDetail), openApiDocument(PUBLIC)];
}

const benchSet = (): DocumentSet => buildDocumentSet(benchInputs(), BUILT_AT);

// ---------------------------------------------------------------- children: the two node servers

type Mode = 'ours' | 'bare';

/**
 * node:http with nothing of ours: the gzip variant of every document by exact path, 304 when
 * If-None-Match is exactly its ETag. Every scenario sends gzip and exact paths, so these are the
 * bytes and headers our server answers with.
 */
function bareServer(): http.Server {
  const table = new Map<string, PreparedVariant>();
  // benchSet() compresses every document at build time (no lazy variants).
  for (const [path, doc] of prepareSet(benchSet(), { dataSource: '' }).documents) if (doc.gzip.body !== null) table.set(path, doc.gzip);
  return http.createServer((req, res) => {
    const v = table.get(req.url ?? '');
    if (v === undefined) {
      res.writeHead(404).end();
    } else if (req.headers['if-none-match'] === v.etag) {
      res.writeHead(304, v.notModifiedHeaders as string[]).end();
    } else {
      res.writeHead(200, v.headers as string[]).end(v.body);
    }
  });
}

async function runChild(port: number, workers: number, mode: Mode): Promise<void> {
  if (workers > 1 && cluster.isPrimary) {
    process.on('SIGTERM', () => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exit(0);
    });
    let ready = 0;
    for (let i = 0; i < workers; i++) {
      cluster.fork().on('message', (m) => {
        if (m === 'ready' && ++ready === workers) console.log(`ready http://127.0.0.1:${port}`);
      });
    }
    return;
  }
  if (mode === 'bare') {
    await new Promise<void>((r) => bareServer().listen(port, '127.0.0.1', r));
  } else {
    const holder = new DocumentHolder(benchSet());
    const app = createHttpServer({ holder, clock: systemClock, config: serverSettings({ public_base_url: PUBLIC, access_log: false }) });
    await app.listen(port, '127.0.0.1');
  }
  if (cluster.isWorker) process.send?.('ready');
  else console.log(`ready http://127.0.0.1:${port}`);
}

// ---------------------------------------------------------------- parent: load generation

interface Figures {
  rps: number;
  p99_ms: number;
  p50_ms: number;
  requests: number;
  errors: number;
}

const WRK_REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nBENCH {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
`;

function haveCommand(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function pinned(cpus: string | null, cmd: string, args: string[]): [string, string[]] {
  return cpus === null ? [cmd, args] : ['taskset', ['-c', cpus, cmd, ...args]];
}

async function load(
  url: string,
  headers: Record<string, string>,
  o: { duration: number; connections: number; threads: number; cpus: string | null; script: string },
): Promise<Figures> {
  if (haveCommand('wrk')) {
    const hArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const [cmd, args] = pinned(o.cpus, 'wrk', ['-t', String(o.threads), '-c', String(o.connections), '-d', `${o.duration}s`, '-s', o.script, ...hArgs, url]);
    const out = spawnSync(cmd, args, { encoding: 'utf8' });
    const line = out.stdout.split('\n').find((l) => l.startsWith('BENCH '));
    if (!line) throw new Error(`wrk failed: ${out.stderr || out.stdout}`);
    const r = JSON.parse(line.slice(6)) as { requests: number; duration_us: number; p50_us: number; p99_us: number; errors: number };
    return { rps: r.requests / (r.duration_us / 1e6), p99_ms: r.p99_us / 1000, p50_ms: r.p50_us / 1000, requests: r.requests, errors: r.errors };
  }
  // Fallback: autocannon (a node process itself, so pinned away from the servers like wrk).
  const bin = fileURLToPath(new URL('../node_modules/.bin/autocannon', import.meta.url));
  const hArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const [cmd, args] = pinned(o.cpus, bin, ['-j', '-c', String(o.connections), '-d', String(o.duration), ...hArgs, url]);
  const out = spawnSync(cmd, args, { encoding: 'utf8' });
  const r = JSON.parse(out.stdout) as { requests: { average: number; total: number }; latency: { p99: number; p50: number }; errors: number; non2xx: number };
  return { rps: r.requests.average, p99_ms: r.latency.p99, p50_ms: r.latency.p50, requests: r.requests.total, errors: r.errors };
}

function get(url: string, headers: Record<string, string>): Promise<{ status: number; etag: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag) }));
      })
      .on('error', reject);
  });
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function startChild(port: number, workers: number, cpus: string | null, mode: Mode): Promise<ChildProcess> {
  const self = fileURLToPath(import.meta.url);
  // --max-semi-space-size: a larger young generation means fewer scavenges per request burst.
  const [cmd, args] = pinned(cpus, process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', self, '--child', String(port), String(workers), mode]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], cwd: fileURLToPath(new URL('..', import.meta.url)) });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('ready ')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
  return child;
}

const SIDES = ['node', 'bare', 'nginx'] as const;
type Side = (typeof SIDES)[number];

async function main(): Promise<void> {
  const duration = arg('duration', 5);
  const connections = arg('connections', 50);
  const rounds = arg('rounds', 3);
  const workers = arg('workers', 1);
  const cpuCount = availableParallelism();
  const canPin = haveCommand('taskset') && cpuCount > workers;
  const serverCpus = canPin ? Array.from({ length: workers }, (_, i) => i).join(',') : null;
  const loadCpus = canPin ? Array.from({ length: cpuCount - workers }, (_, i) => i + workers).join(',') : null;
  const threads = Math.max(1, canPin ? cpuCount - workers : 1);

  const set = benchSet();
  const tmp = await mkdtemp(join(tmpdir(), 'chainlytics-bench-'));
  const script = join(tmp, 'report.lua');
  await writeFile(script, WRK_REPORT);

  const nginx = await startNginx(set, { publicBaseUrl: PUBLIC, workers, ...(serverCpus !== null ? { cpus: serverCpus } : {}) });
  const children: ChildProcess[] = [];
  try {
    const base = { nginx: nginx.base } as Record<Side, string>;
    for (const [side, mode] of [['node', 'ours'], ['bare', 'bare']] as const) {
      const port = await freePort();
      children.push(await startChild(port, workers, serverCpus, mode));
      base[side] = `http://127.0.0.1:${port}`;
    }

    const fee = '/v1/fees/table.json';
    const detail = '/v1/metrics/chains/base/txcount.json';
    const gz = { 'Accept-Encoding': 'gzip' };
    const etagOf = async (b: string) => (await get(b + fee, gz)).etag;
    const scenarios: { name: string; path: string; headers: (base: string) => Promise<Record<string, string>>; status: number }[] = [
      { name: 'fee_table_gzip', path: fee, headers: async () => gz, status: 200 },
      { name: 'metric_detail_gzip', path: detail, headers: async () => gz, status: 200 },
      { name: 'revalidate_304', path: fee, headers: async (b) => ({ ...gz, 'If-None-Match': await etagOf(b) }), status: 304 },
    ];
    const opts = { duration, connections, threads, cpus: loadCpus, script };
    // Warm-up, not recorded: lets V8 optimize both node servers' hot paths and nginx fill its open-file cache.
    for (const side of SIDES) {
      for (const path of [fee, detail]) await load(base[side] + path, gz, { ...opts, duration: 2 });
    }
    const best: Record<string, Record<Side, Figures>> = {};
    for (const s of scenarios) {
      const here = {} as Record<Side, Figures>;
      for (let round = 0; round < rounds; round++) {
        // Sides interleaved in a fixed order, so a burst of other load hits each alike.
        for (const side of SIDES) {
          const headers = await s.headers(base[side]);
          const check = await get(base[side] + s.path, headers);
          if (check.status !== s.status) throw new Error(`${side} ${s.name}: expected ${s.status}, got ${check.status}`);
          const f = await load(base[side] + s.path, headers, opts);
          if (f.errors > 0) throw new Error(`${side} ${s.name}: ${f.errors} errors under load`);
          if (!here[side] || f.rps > here[side].rps) here[side] = f;
        }
      }
      best[s.name] = here;
      const fig = (side: Side) => `${side} ${here[side].rps.toFixed(0).padStart(7)} rps p99 ${here[side].p99_ms.toFixed(2)} ms`;
      console.log(
        `${s.name.padEnd(20)} ${fig('node')} (${(here.node.rps / here.bare.rps).toFixed(2)} of bare, ${(here.node.rps / here.nginx.rps).toFixed(2)} of nginx) | ${fig('bare')} | ${fig('nginx')}`,
      );
    }

    const round2 = (x: number) => Math.round(x * 100) / 100;
    const figuresOf = (f: Record<Side, Figures>) => ({
      rps: Math.round(f.node.rps),
      p99_ms: round2(f.node.p99_ms),
      bare_node_rps: Math.round(f.bare.rps),
      bare_node_p99_ms: round2(f.bare.p99_ms),
      vs_bare_node: round2(f.node.rps / f.bare.rps),
      nginx_rps: Math.round(f.nginx.rps),
      nginx_p99_ms: round2(f.nginx.p99_ms),
      ratio: round2(f.node.rps / f.nginx.rps),
    });
    const report = {
      ...figuresOf(best.fee_table_gzip),
      scenarios: Object.fromEntries(Object.entries(best).map(([k, v]) => [k, figuresOf(v)])),
      config: {
        tool: haveCommand('wrk') ? 'wrk' : 'autocannon',
        duration_s: duration,
        connections,
        wrk_threads: threads,
        rounds,
        workers_each: workers,
        pinned: canPin ? { servers: serverCpus, load: loadCpus } : false,
        cpus: cpuCount,
        fee_table_gzip_bytes: set.entries.get('/v1/fees/table.json')!.gzip.length,
        metric_detail_gzip_bytes: set.entries.get('/v1/metrics/chains/base/txcount.json')!.gzip.length,
      },
    };
    console.log(JSON.stringify(report));
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await nginx.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

if (process.argv.includes('--child')) {
  const i = process.argv.indexOf('--child');
  await runChild(Number(process.argv[i + 1]), Number(process.argv[i + 2] ?? 1), process.argv[i + 3] as Mode);
} else {
  await main();
}
