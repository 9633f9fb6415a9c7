// Time from start to the first complete document set of `chainlytics serve` on the embedded
// default (the built-in devnet chains, a fresh data directory), the figure behind README
// command one (npm run bench:start).
//
//   npm run bench:start -- [--runs 1] [any serve flag, e.g. --devnet-tx-per-day 1000]
//   BENCH_TIMEOUT_S=900 npm run bench:start    (a heavily loaded machine)
//
// Each run starts the real command as a child process on a free port with an empty data
// directory, polls /v1/fees/table.json every 250 ms until it answers 200, reads the document
// count from /healthz and the child's peak RSS from /proc, then stops it with SIGTERM. The command
// runs the compiled code (dist/), built first when out of date as `npm start` builds it; the build
// is not part of the figure. The last line of output is one JSON object: first_set_s (the slowest
// run), listening_s (the slowest first answer of any kind: start-up before ingestion), cpu_s
// (the most CPU seconds the command and its devnet child used up to the first set), runs,
// documents, peak_rss_mb.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../scripts/build.js';
import { freePort } from '../support/free-port.js';

/** A run gives up after this; BENCH_TIMEOUT_S raises it on a machine loaded by other work. */
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 300);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Serve flags passed through: everything after the script except --runs N. */
function serveFlags(): string[] {
  const out: string[] = [];
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') i++;
    else out.push(argv[i]);
  }
  return out;
}

async function peakRssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds (user + system) used so far by `pid` and its live descendants (the devnet child),
 * from /proc: on a machine loaded by other work, wall time says more about the others than
 * about the command. Clock ticks are 100 per second on Linux.
 */
async function cpuSeconds(pid: number): Promise<number> {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue;
    // Fields after the command name (which may hold spaces) in parentheses: state ppid … utime stime.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(name), Number(f[1]));
    ticks.set(Number(name), Number(f[11]) + Number(f[12]));
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, parent] of parents) if (!tree.has(p) && tree.has(parent)) (tree.add(p), (grew = true));
  }
  let sum = 0;
  for (const p of tree) sum += ticks.get(p) ?? 0;
  return Math.round(sum) / 100;
}

async function once(run: number): Promise<{ listening_s: number; first_set_s: number; cpu_s: number; documents: number; peak_rss_mb: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chainlytics-start-'));
  const port = await freePort();
  const bin = fileURLToPath(new URL('../bin/chainlytics.js', import.meta.url));
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir, ...serveFlags()], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  // The first answer of any kind (a 503 before the first set): start-up alone, before ingestion.
  let listening: number | null = null;
  try {
    for (;;) {
      if (exited !== null) throw new Error(`serve exited with ${exited} before the first set:\n${stderr}`);
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed > TIMEOUT_S) throw new Error(`no document set after ${TIMEOUT_S} s`);
      const r = await fetch(`http://127.0.0.1:${port}/v1/fees/table.json`).catch(() => null);
      if (r !== null) listening ??= elapsed;
      if (r?.status === 200) {
        const firstSet = elapsed;
        const cpu = await cpuSeconds(child.pid!);
        await r.arrayBuffer();
        const health = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { document_set?: { documents?: number } };
        const peak = await peakRssMb(child.pid!);
        process.stderr.write(`run ${run}: answering after ${listening!.toFixed(2)} s, first set after ${firstSet.toFixed(1)} s (${cpu.toFixed(1)} CPU-s), peak RSS ${peak} MB\n`);
        return { listening_s: Math.round(listening! * 100) / 100, first_set_s: Math.round(firstSet * 10) / 10, cpu_s: cpu, documents: health.document_set?.documents ?? NaN, peak_rss_mb: peak };
      }
      await r?.arrayBuffer();
      await new Promise((res) => setTimeout(res, listening === null ? 20 : 250));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((res) => (exited !== null ? res(null) : child.once('exit', res)));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await ensureBuilt();
const runs = arg('runs', 1);
const results = [];
for (let i = 1; i <= runs; i++) results.push(await once(i));
console.log(
  JSON.stringify({
    first_set_s: Math.max(...results.map((r) => r.first_set_s)),
    target_s: 90,
    listening_s: Math.max(...results.map((r) => r.listening_s)),
    cpu_s: Math.max(...results.map((r) => r.cpu_s)),
    runs: results,
    documents: results[0].documents,
    peak_rss_mb: Math.max(...results.map((r) => r.peak_rss_mb)),
    serve_flags: serveFlags(),
  }),
);
