// The `chainlytics` command as a user runs it: a real child process, real ports, real files.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/free-port.js';
import { startNginxSite } from '../../support/nginx.js';
import { cliRunner } from './helpers/run-cli.js';
import { runInTerminal, screenOf } from './helpers/run-in-terminal.js';

const tmp = mkdtempSync(join(tmpdir(), 'chainlytics-cli-'));
const { run, killAll } = cliRunner();
afterAll(() => {
  killAll();
  rmSync(tmp, { recursive: true, force: true });
});

// Every case here runs beside the others (describe.concurrent, at most vitest's maxConcurrency of
// 5 at once): each is its own child process with its own directory and port, and most of a case is
// waiting on it. Run one after another, the three that start a devnet took ~40 s each and the
// rest 1.5-13 s each of Node start-ups, at load 13-17: 194 s of tests.
//
// The one case that reads another's output, the nginx export, waits for the build case's end.
let siteBuilt!: { resolve: () => void; reject: (err: unknown) => void };
const site = new Promise<void>((resolve, reject) => (siteBuilt = { resolve, reject }));
site.catch(() => undefined); // read by the nginx case; unhandled only if that case is filtered out

/**
 * Resolves once `cond` holds; fails at once, with what the command wrote, if it exits first. No
 * deadline of its own: the first document set took 50-80 s on a machine at load 11-16, against
 * the 90 s this gave it, so a hang is left to the case's timeout.
 */
async function waitFor(cond: () => boolean, exit: Promise<unknown>, what: string, output: () => string): Promise<void> {
  let exited = false;
  void exit.then(() => (exited = true));
  while (!cond()) {
    if (exited) throw new Error(`the command exited before ${what}; it wrote:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.concurrent('chainlytics command', () => {
  it('check-config names file, line, key and fix, and exits 2', async () => {
    const file = join(tmp, 'bad.yaml');
    writeFileSync(file, 'chains:\n  - origin_key: base\n    rpc_urls: [ "ftp://nope" ]\n');
    const r = run(['check-config', file]);
    expect(await r.exit).toBe(2);
    expect(r.out()).toContain(`${file}:3`);
    expect(r.out()).toContain('chains[0].rpc_urls[0]');
    expect(r.out()).not.toMatch(/\n\s+at /); // no stack trace for a user error
  });

  it('serve (no config) runs the devnet, serves documents, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dir = join(tmp, 'serve');
    const r = run(['serve', '--port', String(port), '--data-dir', dir, '--devnet-days', '3', '--devnet-tx-per-day', '100']);
    await waitFor(() => r.out().includes('first document set ready'), r.exit, 'the first document set', r.out);
    expect(r.out()).toContain(`http://localhost:${port}/v1/master.json`);
    const master = await fetch(`http://127.0.0.1:${port}/v1/master.json`);
    expect(master.status).toBe(200);
    const chains = Object.keys((await master.json()).chains);
    expect(chains.length).toBeGreaterThanOrEqual(6);
    const fee = await fetch(`http://127.0.0.1:${port}/v1/fees/table.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(fee.status).toBe(200);
    expect(fee.headers.get('content-encoding')).toBe('gzip');
    expect(existsSync(join(dir, 'devnet.duckdb'))).toBe(true);
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('build --out writes v1/*.json with .gz and .br siblings', async () => {
    const out = join(tmp, 'site');
    const r = run(['build', '--out', out, '--data-dir', join(tmp, 'build'), '--devnet-days', '2', '--devnet-tx-per-day', '80']);
    const code = await r.exit;
    // The export is complete (or never will be) once the command has exited.
    if (code === 0) siteBuilt.resolve();
    else siteBuilt.reject(new Error(`the build case's export failed (exit ${code})`));
    expect(code, r.out()).toBe(0);
    const master = JSON.parse(readFileSync(join(out, 'v1', 'master.json'), 'utf8'));
    expect(master.current_version).toBe('v1');
    const fee = readFileSync(join(out, 'v1', 'fees', 'table.json'));
    expect(gunzipSync(readFileSync(join(out, 'v1', 'fees', 'table.json.gz'))).equals(fee)).toBe(true);
    expect(existsSync(join(out, 'v1', 'fees', 'table.json.br'))).toBe(true);
    expect(existsSync(join(out, 'v1', 'openapi.json'))).toBe(true);
    // The blockspace documents of every chain whose tab master.json shows, and their overview.
    const withBlockspace = Object.keys(master.chains).filter((k) => master.chains[k].tab_status.blockspace === 'active');
    expect(withBlockspace.length).toBeGreaterThan(0);
    for (const k of withBlockspace) expect(JSON.parse(readFileSync(join(out, 'v1', 'chains', 'blockspace', `${k}.json`), 'utf8')).chain_name, k).toBe(master.chains[k].name);
    expect(Object.keys(JSON.parse(readFileSync(join(out, 'v1', 'blockspace', 'overview.json'), 'utf8')).data.chains)).toContain('all_l2s');
  });

  it('serve --transport uws says the transport was removed and what to use instead, and does not start', async () => {
    const r = run(['serve', '--transport', 'uws', '--port', '18098']);
    expect(await r.exit).not.toBe(0);
    expect(r.out()).toContain('the uws transport was removed');
    expect(r.out()).toContain('from nginx or a CDN');
  });

  it('serve --config with no chains says what to add and exits 2', async () => {
    const file = join(tmp, 'empty.yaml');
    writeFileSync(file, 'engine: duckdb\n');
    const r = run(['serve', '--config', file, '--port', '18099']);
    expect(await r.exit).toBe(2);
    expect(r.out()).toContain('no chains configured');
  });
});

describe.concurrent('chainlytics on a terminal', () => {
  const size = { cols: 140, rows: 40 };
  const DEVNET_CHAINS = ['ethereum', 'optimism', 'base', 'arbitrum', 'linea', 'mantle'];
  /** A human log line: UTC time, the level in its column, then stage, chain and message. */
  const LOG_LINE = /^\d\d:\d\d:\d\d (TRACE|DEBUG|INFO |WARN |ERROR|FATAL) \S/;

  it('serve: one live block of per-chain bars redrawn in place, human log lines above it, no JSON, no access log', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color', LOG_LEVEL: 'info' };
    // Node's colour detection (hasColors) also says no colour under CI=true (CI systems set it)
    // and NODE_DISABLE_COLORS: the terminal this case draws is a colour one whoever runs it.
    for (const name of ['LOG_FORMAT', 'NO_COLOR', 'FORCE_COLOR', 'NODE_DISABLE_COLORS', 'CI']) delete env[name];
    const r = runInTerminal(['serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', join(tmp, 'tty'), '--devnet-days', '2', '--devnet-tx-per-day', '40'], size, env);
    await waitFor(() => r.raw().includes('first document set ready'), r.exit, 'the first document set', r.raw);
    // Requests a person's browser would make: none of them may print a line.
    for (const path of ['/v1/master.json', '/healthz', '/v1/nosuch.json']) await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
    const before = r.raw().length;
    // The bars redraw at most 10 times a second: wait for one redraw after the requests.
    await waitFor(() => r.raw().length > before, r.exit, 'a redraw', r.raw);
    r.type('\x03');
    expect(await r.exit).toBe(0);

    const lines = await screenOf(r.raw(), size);
    const texts = lines.map((l) => l.text);
    // One bar per chain on the whole screen, scrollback included: redrawn in place, never reprinted.
    const barRows = DEVNET_CHAINS.map((chain) => {
      const rows = texts.flatMap((t, i) => (new RegExp(`^${chain}\\s+\\S+ \\d+% \\d+/\\d+ blocks \\| `).test(t) ? [i] : []));
      expect(rows, `${chain} bar rows in:\n${texts.join('\n')}`).toHaveLength(1);
      return rows[0]!;
    });
    // The bars are one block, in the chains' order.
    expect(barRows).toEqual(barRows.map((_, i) => barRows[0]! + i));
    const blockStart = barRows[0]!;
    // What was written while the block was shown is above it: the first-set notice and log lines.
    const ready = texts.findIndex((t) => t.startsWith('first document set ready after'));
    expect(ready).toBeGreaterThan(-1);
    expect(ready).toBeLessThan(blockStart);
    const logRows = texts.flatMap((t, i) => (LOG_LINE.test(t) ? [i] : []));
    expect(logRows.some((i) => i > ready && i < blockStart && texts[i]!.includes('document set published'))).toBe(true);
    // Human lines only: no JSON object, no pino field names, no access-log line. (A 2-day devnet
    // has no price gaps; that its feed's gaps are not warnings is test/app/price-gap-log.test.ts.)
    for (const t of texts) {
      expect(t).not.toContain('{"level"');
      expect(t.trimStart().startsWith('{')).toBe(false);
      expect(t).not.toMatch(/GET \/(v1|healthz)/);
    }
    // The level is coloured: INFO in green (palette 2) on a colour terminal.
    const info = lines.find((l) => / INFO  /.test(l.text))!;
    expect(info.colorAt(info.text.indexOf('INFO'))).toBe(2);
  }); // the config's hang guard: beside the other two devnet cases this one takes longer than alone

  it('--help names the log flags and variables; a bad LOG_LEVEL or --log-format stops the command at once, naming what is accepted', async () => {
    // Side by side: each is a Node start-up and nothing more. (serve, build and ingest take the
    // flags from one helper in src/cli/main.ts.)
    const help = run(['serve', '--help']);
    const env = run(['ingest', '--data-dir', join(tmp, 'bad-env')], { LOG_LEVEL: 'loud' });
    const format = run(['build', '--out', join(tmp, 'x'), '--log-format', 'xml']);
    expect(await help.exit).toBe(0);
    for (const text of ['--log-level <level>', '$LOG_LEVEL', '--log-format <format>', '$LOG_FORMAT', '--access-log']) expect(help.out()).toContain(text);
    expect(await env.exit).toBe(2);
    expect(env.out()).toContain('LOG_LEVEL');
    expect(env.out()).toContain('"loud"');
    expect(env.out()).toContain('one of trace, debug, info, warn, error, fatal, silent');
    expect(await format.exit).not.toBe(0);
    expect(format.out()).toContain("'xml' is invalid");
    expect(format.out()).toContain('auto, pretty, json');
  });
});

// Issue 25: the CLI a newcomer meets, and the export under the real nginx.
describe.concurrent('chainlytics command: version, help, chains, check-config, nginx-config', () => {
  const repo = join(import.meta.dirname, '../..');

  it('--version and -V print the version of package.json', async () => {
    const version = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;
    const runs = [run(['--version']), run(['-V'])];
    for (const r of runs) {
      expect(await r.exit).toBe(0);
      expect(r.out()).toBe(`${version}\n`);
    }
  });

  it('--help lists every environment variable read in src/', async () => {
    // Every fixed name the code reads: process.env.X, env.X / env['X'] of a ProcessEnv, and
    // the default names of the *_env settings (app-config.ts DEFAULTS).
    const names = new Set<string>();
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    for (const file of walk(join(repo, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:process\.env|env)(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)) names.add(m[1] ?? m[2]);
      for (const m of text.matchAll(/\b[a-z_]+_env:\s*'([A-Z][A-Z0-9_]*)'/g)) names.add(m[1]);
    }
    // The scan finds what is known to be read (so it cannot pass by finding nothing).
    for (const known of ['PORT', 'LOG_LEVEL', 'COINGECKO_API_KEY']) expect(names).toContain(known);
    const r = run(['--help']);
    expect(await r.exit).toBe(0);
    const environment = r.out().slice(r.out().indexOf('Environment'));
    for (const name of names) expect(environment, name).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    // The names the config file chooses are described too.
    expect(environment).toContain('rpc_urls');
    expect(environment).toContain('password_env');
  });

  it('devnet and serve use one default for transactions per day', async () => {
    const devnet = run(['devnet', '--help']);
    const serve = run(['serve', '--help']);
    expect([await devnet.exit, await serve.exit]).toEqual([0, 0]);
    const flat = (s: string) => s.replace(/\s+/g, ' ');
    const a = /--tx-per-day <n> mean transactions per day per chain \(default: (\d+)\)/.exec(flat(devnet.out()))?.[1];
    const b = /--devnet-tx-per-day <n> devnet: mean transactions per day per chain \(default (\d+)\)/.exec(flat(serve.out()))?.[1];
    expect(a).toBeDefined();
    expect(a).toBe(b);
    expect(Number(a)).toBe(600);
  });

  it('chains prints a plain aligned table, and --json the same chains as JSON', async () => {
    const r = run(['chains']);
    expect(await r.exit).toBe(0);
    const lines = r.out().trimEnd().split('\n');
    expect(r.out()).not.toMatch(/[|`]/); // no Markdown
    expect(lines[0]).toMatch(/^origin_key +name +evm_chain_id +family/);
    // Every text column starts where its header starts ("name", "family"), on every row.
    expect(lines.length).toBeGreaterThan(5);
    const base = lines.find((l) => l.startsWith('base '))!;
    for (const header of ['name', 'family']) {
      const at = lines[0].indexOf(header);
      for (const l of lines.slice(1)) expect(`${l[at - 1]}${l[at]}`, `${header} in ${l}`).toMatch(/^ \S$/);
    }
    expect(base.slice(lines[0].indexOf('name'))).toMatch(/^Base +8453 +op +ethereum \(ETH\)/);
    const j = run(['chains', '--json']);
    expect(await j.exit).toBe(0);
    const chains = JSON.parse(j.out()) as { origin_key: string; evm_chain_id: number; name: string }[];
    expect(chains.map((c) => c.origin_key)).toEqual(lines.slice(1).map((l) => l.split(' ')[0]));
    expect(chains.find((c) => c.origin_key === 'base')).toMatchObject({ evm_chain_id: 8453, name: 'Base', family: 'op', symbol: 'ETH' });
    expect(chains.find((c) => c.origin_key === 'ethereum')).toMatchObject({ evm_chain_id: 1, chain_type: 'l1' });
  });

  it('check-config of another kind of file says which kind it is, not a list of errors', async () => {
    const labels = join(tmp, 'labels.csv');
    writeFileSync(labels, 'address,chain_id,tag_id,value\n0x0000000000000000000000000000000000000001,eip155:8453,owner_project,uniswap\n');
    const cases: [string, RegExp][] = [
      [join(repo, 'examples/projects-overlay.example.yaml'), /this looks like a projects overlay file.*check-config.*reads the service config.*projects\.overlay/s],
      [labels, /this looks like an OLI labels file.*labels\.files/s],
      [join(repo, 'deploy/nginx/chainlytics.conf'), /this looks like an nginx configuration file/],
    ];
    // A service config with a mistake is still a list of errors, not another kind of file.
    const typo = join(tmp, 'typo.yaml');
    writeFileSync(typo, 'chains:\n  - origin_key: base\n    rpc_url: [ "https://node.example" ]\n');
    const t = run(['check-config', typo]);
    const runs = cases.map(([file]) => run(['check-config', file]));
    for (const [i, [file, message]] of cases.entries()) {
      const r = runs[i];
      expect(await r.exit, file).toBe(2);
      expect(r.out(), file).toMatch(message);
      expect(r.out(), file).not.toMatch(/expected|unknown key/);
    }
    expect(await t.exit).toBe(2);
    expect(t.out()).toContain('chains[0].rpc_url');
    expect(t.out()).not.toContain('this looks like');
  });

  it('a config without chains is an error whose snippet, added to the file, makes it valid', async () => {
    const file = join(tmp, 'no-chains.yaml');
    writeFileSync(file, 'retention_days: 30\n');
    const r = run(['check-config', file]);
    expect(await r.exit).toBe(2);
    expect(r.out()).toContain('no chains configured');
    expect(r.out()).not.toContain('valid');
    const out = r.out();
    const snippet = out.slice(out.indexOf('\nchains:\n') + 1, out.indexOf('\n\n', out.indexOf('\nchains:\n')) + 1);
    expect(snippet).toMatch(/^chains:\n  - origin_key: \S+/);
    writeFileSync(file, `retention_days: 30\n${snippet}`);
    const fixed = run(['check-config', file], { BASE_RPC_KEY: 'k' });
    expect(await fixed.exit, fixed.out()).toBe(0);
    expect(fixed.out()).toContain('valid. 1 chains');
  });

  it('deploy/nginx/chainlytics.conf is exactly what nginx-config prints for /srv/chainlytics', async () => {
    const r = run(['nginx-config', '--root', '/srv/chainlytics', '--listen', '80', '--public-base-url', 'https://chainlytics.example.org']);
    expect(await r.exit).toBe(0);
    expect(r.out()).toBe(readFileSync(join(repo, 'deploy/nginx/chainlytics.conf'), 'utf8'));
    expect(r.out()).toMatch(/^\s*root \/srv\/chainlytics;$/m);
    // The README exports to the same directory.
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toContain('--out /srv/chainlytics');
    const bad = run(['nginx-config', '--root', '/srv/chainlytics', '--listen', '80; evil']);
    expect(await bad.exit).toBe(2);
    expect(bad.out()).toContain('--listen: expected a port or address:port');
  });

  it('the export of build --out under the real nginx, configured by nginx-config: dashboard, /docs and its links, a relative OpenAPI server', async () => {
    // The directory the build test above wrote (devnet, no config, so no public_base_url).
    await site;
    const out = join(tmp, 'site');
    expect(existsSync(join(out, 'v1', 'master.json'))).toBe(true);
    chmodSync(tmp, 0o755); // nginx's workers run as an unprivileged user
    const nginx = await startNginxSite(async (listen) => {
      const r = run(['nginx-config', '--root', out, '--listen', listen]);
      expect(await r.exit, r.out()).toBe(0);
      return r.out();
    });
    try {
      const get = async (path: string) => {
        const res = await fetch(`${nginx.base}${path}`);
        return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
      };
      const page = await get('/');
      expect([page.status, page.type]).toEqual([200, 'text/html; charset=utf-8']);
      const assets = [...page.text.matchAll(/(?:src|href)="(\/[^"]*)"/g)].map((m) => m[1]);
      expect(assets.length).toBeGreaterThan(0);
      for (const a of assets) expect((await get(a)).status, a).toBe(200);
      expect(page.text).toContain('href="/docs"'); // the page's link to the API explorer

      // /docs is the dashboard's page again (it opens on the API explorer), and what the
      // explorer reads is there: the OpenAPI description and master.json.
      const docs = await get('/docs');
      expect([docs.status, docs.type]).toEqual([200, 'text/html; charset=utf-8']);
      expect(docs.text).toBe(page.text);
      for (const path of ['/v1/openapi.json', '/v1/master.json', '/v1/labels/projects_filtered.json']) expect((await get(path)).status, path).toBe(200);

      const openapi = JSON.parse((await get('/v1/openapi.json')).text) as { servers: { url: string }[]; paths: Record<string, unknown> };
      expect(openapi.servers).toEqual([{ url: '/v1' }]);
      expect(JSON.stringify(openapi)).not.toContain('localhost');
      // The relative server resolves against where openapi.json was fetched: the documents are there.
      const master = await fetch(new URL('master.json', `${new URL(openapi.servers[0].url, nginx.base)}/`));
      expect(master.status).toBe(200);
      expect(await nginx.errorLog()).not.toMatch(/\[(warn|error|crit|alert|emerg)\]/);
    } finally {
      await nginx.stop();
    }
  });
});

describe.concurrent('check-config: which metrics each chain will publish', () => {
  // Real built-in chains with nothing but RPC URLs. The URLs point at a real HTTP server that
  // counts what it is asked: check-config must validate without reaching any node.
  it('lists rent_paid, profit and stables_mcap for chains with built-in data, and says why a chain lacks one, on a terminal and in --json, asking no node', async () => {
    const { createServer } = await import('node:http');
    let asked = 0;
    const node = createServer((_req, res) => {
      asked += 1;
      res.end('{}');
    });
    await new Promise<void>((r) => node.listen(0, '127.0.0.1', r));
    const port = (node.address() as { port: number }).port;
    try {
      const file = join(tmp, 'real-chains.yaml');
      const keys = ['ethereum', 'base', 'arbitrum_nova'];
      writeFileSync(file, ['chains:', ...keys.map((k) => `  - { origin_key: ${k}, rpc_urls: [ "http://127.0.0.1:${port}/${k}" ] }`)].join('\n'));
      const text = run(['check-config', file]);
      const json = run(['check-config', '--json', file]);
      expect(await text.exit, text.out()).toBe(0);
      expect(await json.exit, json.out()).toBe(0);

      // The table: one row per chain and metric, "why not" filled only where it does not publish.
      const row = (chain: string, metric: string) => text.out().split('\n').find((l) => new RegExp(`^${chain}\\s+${metric}\\s`).test(l))?.split(/\s{2,}/);
      for (const m of ['rent_paid', 'profit', 'stables_mcap', 'txcount']) expect(row('base', m), m).toEqual(['base', m, 'yes']);
      expect(row('arbitrum_nova', 'stables_mcap')).toEqual(['arbitrum_nova', 'stables_mcap', 'yes']);
      const noPoster = 'no batch poster addresses (set chains.arbitrum_nova.settlement_addresses: the accounts that post its batches to ethereum)';
      expect(row('arbitrum_nova', 'rent_paid')).toEqual(['arbitrum_nova', 'rent_paid', 'no', noPoster]);
      expect(row('arbitrum_nova', 'profit')).toEqual(['arbitrum_nova', 'profit', 'no', noPoster]);
      expect(row('base', 'market_cap')).toEqual(['base', 'market_cap', 'no', 'no market-data id (set chains.base.token.market_data_id)']);
      expect(row('ethereum', 'market_cap')).toEqual(['ethereum', 'market_cap', 'yes']);
      expect(row('ethereum', 'fdv')).toEqual(['ethereum', 'fdv', 'no', 'no total supply (set chains.ethereum.token.total_supply or token.address)']);
      expect(row('base', 'tvl')).toEqual(['base', 'tvl', 'no', 'no tvl source (set external.defillama_url, or external.tvl_csv)']);
      expect(row('base', 'fee table \\(6 metrics\\)')).toEqual(['base', 'fee table (6 metrics)', 'yes']);

      // --json: the same answers, every metric of every chain, in the configured order.
      const report = JSON.parse(json.out()) as { valid: boolean; chains: Array<{ origin_key: string; metrics: Array<{ table: string; metric: string; publishes: boolean; reasons: string[] }> }> };
      expect(report.valid).toBe(true);
      expect(report.chains.map((c) => c.origin_key)).toEqual(keys);
      const metric = (chain: string, id: string) => report.chains.find((c) => c.origin_key === chain)!.metrics.find((m) => m.table === 'chain' && m.metric === id);
      expect(metric('base', 'rent_paid')).toEqual({ table: 'chain', metric: 'rent_paid', publishes: true, reasons: [] });
      expect(metric('base', 'stables_mcap')).toEqual({ table: 'chain', metric: 'stables_mcap', publishes: true, reasons: [] });
      expect(metric('arbitrum_nova', 'profit')).toEqual({ table: 'chain', metric: 'profit', publishes: false, reasons: [noPoster] });
      expect(metric('ethereum', 'rent_paid')).toEqual({ table: 'chain', metric: 'rent_paid', publishes: false, reasons: ['no settlement chain (an L1, or settlement_chain: null)'] });
      expect(report.chains[0].metrics.filter((m) => m.table === 'fee')).toHaveLength(6);
      expect(asked).toBe(0);

    } finally {
      await new Promise((r) => node.close(r));
    }
  });
});
