// Real ClickHouse servers on loopback for the tests and bench:engine: N nodes started from
// chDB's libchdb.so through launch-node.py, every node configured with the same
// `remote_servers` entry so that together they form one cluster of N shards (one replica
// each). Like machines of a real cluster, node i has its own address (127.0.0.i, all loopback
// on Linux) and every node the same HTTP port, which is what the ClickHouse store expects to
// reach each node for its DDL. The TCP ports differ: ClickHouse takes a shard whose host is a
// local address and whose port is its own for itself, and every 127.0.0.i is local here. Nodes are
// stopped by PID (SIGTERM, then SIGKILL) or killed outright (SIGKILL, as a crash or a pulled
// plug would end them) and can be started again on the same data directory and ports, which the
// fault tests use to take one node down.
//
// The listeners abort on bytes that are not ClickHouse protocol, so readiness is probed with
// ClickHouse's own HTTP `/ping` and nothing but ClickHouse clients may be pointed at them.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';

const LAUNCHER = join(dirname(fileURLToPath(import.meta.url)), 'launch-node.py');

/** libchdb.so from the pinned npm package, or an error that says how to get it. */
export function findLibChdb(): string {
  const require = createRequire(import.meta.url);
  let pkg: string;
  try {
    pkg = require.resolve('@chdb/lib-linux-x64-gnu/package.json');
  } catch {
    throw new Error('@chdb/lib-linux-x64-gnu is not installed (a devDependency: run npm install on linux-x64 with glibc)');
  }
  return join(dirname(pkg), 'libchdb.so');
}

/** Debian's python3 (the launcher needs only ctypes), or an error that says how to install it. */
export function findPython(): string {
  for (const p of ['/usr/bin/python3', '/usr/local/bin/python3']) if (existsSync(p)) return p;
  throw new Error('python3 is not installed; the CI script installs it (Debian: apt-get install python3)');
}

export interface ClickHouseNode {
  /** 'node1', 'node2', … (shard i + 1). */
  readonly name: string;
  /** 127.0.0.<i> */
  readonly host: string;
  readonly httpPort: number;
  readonly tcpPort: number;
  /** http://127.0.0.1:<httpPort> */
  readonly url: string;
  /** PID of the running server, null while stopped. */
  pid(): number | null;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGKILL by PID, no shutdown at all (a crash); resolves once the process is gone. */
  kill(): Promise<void>;
  /** The node's server log (warnings and errors). */
  log(): Promise<string>;
}

export interface ClickHouseCluster {
  /** The cluster name in remote_servers. */
  readonly name: string;
  readonly nodes: readonly ClickHouseNode[];
  /** Stops every node and removes the data directories. */
  stop(): Promise<void>;
}

/** Query settings every statement on a node starts from (a statement's own settings win), e.g. `{ max_threads: 1 }`. */
export type NodeQueryDefaults = Readonly<Record<string, string | number>>;

/** Server settings written at the top of every node's config.xml, e.g. `{ memory_worker_period_ms: 1000 }`. */
export type NodeServerSettings = Readonly<Record<string, string | number>>;

/**
 * system.query_log and system.part_log, for a benchmark that wants each statement's and each
 * merge's CPU (bench:engine's BENCH_QUERY_LOG): off by default, since the tests and production
 * runs do not read them and writing them is work of its own.
 */
const SYSTEM_LOGS = `
  <query_log><database>system</database><table>query_log</table><flush_interval_milliseconds>5000</flush_interval_milliseconds></query_log>
  <part_log><database>system</database><table>part_log</table><flush_interval_milliseconds>5000</flush_interval_milliseconds></part_log>`;

function clusterConfig(name: string, hosts: readonly string[], tcpPorts: readonly number[], logFile: string, systemLogs: boolean, server: NodeServerSettings): string {
  const shards = hosts.map((h, i) => `      <shard><replica><host>${h}</host><port>${tcpPorts[i]}</port></replica></shard>`).join('\n');
  const settings = Object.entries(server).map(([k, v]) => `\n  <${k}>${v}</${k}>`).join('');
  return `<clickhouse>${settings}
  <logger><level>warning</level><log>${logFile}</log><errorlog>${logFile}</errorlog><console>false</console></logger>${systemLogs ? SYSTEM_LOGS : ''}
  <remote_servers>
    <${name}>
${shards}
    </${name}>
  </remote_servers>
</clickhouse>
`;
}

async function answersPing(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/ping`, { signal: AbortSignal.timeout(1000) });
    return res.ok && (await res.text()).startsWith('Ok');
  } catch {
    return false; // not listening yet
  }
}

async function waitReady(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = existsSync(logFile) ? (await readFile(logFile, 'utf8')).slice(-2000) : '';
      throw new Error(`clickhouse node at ${url} exited during start-up (${child.exitCode ?? child.signalCode})\n${log}`);
    }
    if (await answersPing(url)) return;
    if (performance.now() > deadline) throw new Error(`clickhouse node at ${url} did not answer /ping within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

class LocalNode implements ClickHouseNode {
  readonly url: string;
  private child: ChildProcess | null = null;
  private stderr = '';

  constructor(
    readonly name: string,
    readonly host: string,
    readonly httpPort: number,
    readonly tcpPort: number,
    private readonly dir: string,
    private readonly queryDefaults: NodeQueryDefaults,
  ) {
    this.url = `http://${host}:${httpPort}`;
  }

  get logFile(): string {
    return join(this.dir, 'server.log');
  }

  pid(): number | null {
    return this.child?.pid ?? null;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const args = [
      LAUNCHER,
      findLibChdb(),
      `--config-file=${join(this.dir, 'config.xml')}`,
      `--path=${join(this.dir, 'data')}/`,
      `--listen_host=${this.host}`,
      `--tcp_port=${this.tcpPort}`,
      `--http_port=${this.httpPort}`,
      // The configuration's <logger> level is not applied by this entry point (it logged every
      // query at trace level, ~20 lines each); the command line's is.
      '--log-level=warning',
      // Settings given on this command line are the defaults of every session, HTTP ones included.
      ...Object.entries(this.queryDefaults).map(([k, v]) => `--${k}=${v}`),
    ];
    // The server's own start-up lines go to stderr; kept (the last few KB) for a failed start.
    const child = spawn(findPython(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    this.stderr = '';
    child.stderr?.on('data', (b: Buffer) => {
      this.stderr = (this.stderr + b.toString('utf8')).slice(-4000);
    });
    child.once('exit', () => {
      if (this.child === child) this.child = null;
    });
    try {
      await waitReady(this.url, child, this.logFile, 30_000);
    } catch (err) {
      await this.stop();
      throw new Error(`${(err as Error).message}\n${this.stderr}`);
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const done = exited(child);
    process.kill(child.pid, 'SIGTERM');
    const timer = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    }, 5000);
    await done;
    clearTimeout(timer);
    this.child = null;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const done = exited(child);
    process.kill(child.pid, 'SIGKILL');
    await done;
    this.child = null;
  }

  async log(): Promise<string> {
    return existsSync(this.logFile) ? readFile(this.logFile, 'utf8') : '';
  }
}

function bindable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

/** A port free on every one of `hosts` a moment ago. */
async function portFreeOn(hosts: readonly string[]): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, hosts[0], () => {
        const addr = srv.address();
        const p = typeof addr === 'object' && addr ? addr.port : 0;
        srv.close(() => resolve(p));
      });
    });
    let ok = true;
    for (const h of hosts.slice(1)) if (!(await bindable(h, port))) ok = false;
    if (ok) return port;
  }
  throw new Error(`no port free on all of ${hosts.join(', ')}`);
}

/** A cluster whose ports, directories and configuration exist but whose nodes may not run yet. */
export interface PreparedClickHouseCluster extends ClickHouseCluster {
  /** Where the nodes keep their data, configuration and logs (removed by `stop`). */
  readonly root: string;
  /** Starts every node and waits for each to answer; on a failure stops them all and throws. */
  start(): Promise<void>;
}

export interface ClusterOptions {
  /** Default 2. */
  shards?: number;
  /** Default 'chainlytics'. */
  name?: string;
  /** The nodes' default query settings (none by default: the engine's own, as in production). */
  queryDefaults?: NodeQueryDefaults;
  /** Keep system.query_log and system.part_log (default false). */
  systemLogs?: boolean;
  /** The nodes' server settings (none by default: the engine's own, as in production). */
  serverSettings?: NodeServerSettings;
}

/**
 * Picks the ports and writes every node's configuration without starting a node: vitest's
 * globalSetup hands the addresses to the test files before the nodes have finished starting.
 */
export async function prepareClickHouseCluster(opts: ClusterOptions = {}): Promise<PreparedClickHouseCluster> {
  const shards = opts.shards ?? 2;
  const name = opts.name ?? 'chainlytics';
  const root = await mkdtemp(join(tmpdir(), 'chainlytics-clickhouse-'));
  const hosts = Array.from({ length: shards }, (_, i) => `127.0.0.${i + 1}`);
  const taken = new Set<number>();
  const fresh = async (): Promise<number> => {
    for (;;) {
      const p = await portFreeOn(hosts);
      if (!taken.has(p)) {
        taken.add(p);
        return p;
      }
    }
  };
  const httpPort = await fresh();
  const tcpPorts: number[] = [];
  for (let i = 0; i < shards; i++) tcpPorts.push(await fresh());
  const nodes: LocalNode[] = [];
  for (let i = 0; i < shards; i++) {
    const dir = join(root, `node${i + 1}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'config.xml'), clusterConfig(name, hosts, tcpPorts, join(dir, 'server.log'), opts.systemLogs ?? false, opts.serverSettings ?? {}));
    nodes.push(new LocalNode(`node${i + 1}`, hosts[i]!, httpPort, tcpPorts[i]!, dir, opts.queryDefaults ?? {}));
  }
  const stop = async (): Promise<void> => {
    await Promise.all(nodes.map((n) => n.stop()));
    await rm(root, { recursive: true, force: true });
  };
  const start = async (): Promise<void> => {
    try {
      await Promise.all(nodes.map((n) => n.start()));
    } catch (err) {
      await Promise.all(nodes.map((n) => n.stop()));
      throw err;
    }
  };
  return { name, nodes, root, start, stop };
}

/** Starts `shards` nodes (default 2) forming one cluster `name` (default 'chainlytics'). */
export async function startClickHouseCluster(opts: ClusterOptions = {}): Promise<ClickHouseCluster> {
  const cluster = await prepareClickHouseCluster(opts);
  try {
    await cluster.start();
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return { name: cluster.name, nodes: cluster.nodes, stop: cluster.stop };
}

/** Resolves once every url answers ClickHouse's `/ping`; rejects with `failed()`'s text as soon as it returns one. */
export async function waitForPing(urls: readonly string[], failed: () => Promise<string | null>): Promise<void> {
  for (const url of urls) {
    for (;;) {
      const why = await failed();
      if (why !== null) throw new Error(`the shared ClickHouse cluster did not start: ${why}`);
      if (await answersPing(url)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
