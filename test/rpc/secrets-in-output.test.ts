// No ${NAME} value and no part of an RPC URL's path or query may appear in any output: /healthz,
// /metrics, log lines, thrown error messages, config errors. A running Service ingests chains
// whose RPC URLs carry keys of every length and shape in every part of the URL, against local
// HTTP servers that fail in each way that produces a message (refused port, 401 and 500 echoing
// the request and the key, malformed JSON ending in the key, a node that never answers, an
// unresolvable host). Then every output is searched for every spelling of every key.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { domainToASCII } from 'node:url';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Service } from '../../src/app/service.js';
import { FixedClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { ConfigError } from '../../src/registry/config-error.js';
import { parseConfig } from '../../src/registry/config.js';
import type { AppConfig } from '../../src/registry/app-config.js';
import { RpcClient } from '../../src/rpc/client.js';
import { RpcError } from '../../src/rpc/errors.js';
import { createHttpServer, type ChainlyticsHttpServer } from '../../src/server/http-server.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';

// Deterministic 120-character key of base64 characters (with / + =).
const LONG = Array.from({ length: 120 }, (_, i) => 'AbC9/+=xYz'[(i * 7) % 10]).join('');
const KEYS: Record<string, string> = {
  one_char: 'Ж',
  two_chars: 'ßq',
  short_ascii: 'Qx7=%',
  slash_eq_pct: 'a/b=c%2Fd',
  issue_16: 'AAAAsecret16BBBB',
  url_encoded: '%41%42%43secretZ',
  query_like: 'k=v&t=/y?z',
  long_120: LONG,
};
/** Keys that can stand in a host name or user info without changing the URL's structure. */
const HOSTABLE = new Set(['one_char', 'issue_16', 'url_encoded']);

type Mode = 'refused' | 'http401' | 'http500' | 'malformed' | 'hang';
const MODES: Mode[] = ['refused', 'http401', 'http500', 'malformed', 'hang'];

const servers: Server[] = [];
const ports = {} as Record<Mode, number>;

/** A node that fails in `mode`, echoing the request target (and so the key) like careless providers. */
async function failingNode(mode: Exclude<Mode, 'refused'>): Promise<number> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const echo = `request ${req.url} auth ${req.headers.authorization ?? ''}`;
      if (mode === 'hang') return; // never answers
      if (mode === 'malformed') {
        res.setHeader('content-type', 'application/json');
        return res.end(`{"jsonrpc":"2.0","result": ${echo}`);
      }
      res.statusCode = mode === 'http401' ? 401 : 500;
      res.end(`invalid api key: ${echo}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

async function refusedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

interface Entry {
  chain: string;
  keyName: string;
  placement: string;
  template: string;
  named: boolean;
}

function entries(): Entry[] {
  const out: Entry[] = [];
  let n = 0;
  for (const keyName of Object.keys(KEYS)) {
    const placements: Array<[string, (port: number) => string]> = [
      ['path', (p) => `http://127.0.0.1:${p}/v3/\${K_${keyName}}`],
      ['query', (p) => `http://127.0.0.1:${p}/nodepath?apikey=\${K_${keyName}}&x=1`],
      ['fragment', (p) => `http://127.0.0.1:${p}/nodepath#\${K_${keyName}}`],
    ];
    if (HOSTABLE.has(keyName)) {
      placements.push(['userinfo', (p) => `http://user:\${K_${keyName}}@127.0.0.1:${p}/nodepath`]);
      placements.push(['host', (p) => `http://\${K_${keyName}}.invalid:${p}/nodepath`]);
    }
    for (const [placement, make] of placements) {
      const mode = MODES[n % MODES.length];
      out.push({ chain: `c${n}`, keyName, placement, template: make(ports[mode]), named: n % 4 === 3 });
      n++;
    }
  }
  return out;
}

function yamlFor(list: Entry[]): string {
  const lines = ['prices: { coingecko_url: null }', 'chains:'];
  list.forEach((e, i) => {
    const url = JSON.stringify(e.template);
    lines.push(
      `  - origin_key: ${e.chain}`,
      `    name: Chain ${i}`,
      `    evm_chain_id: ${900000 + i}`,
      '    family: ethereum',
      '    gas_token: ethereum',
      `    rpc_urls: [ ${e.named ? `{ url: ${url}, name: provider-${i} }` : url} ]`,
    );
  });
  return lines.join('\n') + '\n';
}

const ENV: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(KEYS).map(([k, v]) => [`K_${k}`, v]));

/** Every way a key can be written in output: as is, escaped, decoded, lower-cased, punycoded. */
function spellings(key: string): string[] {
  const out = new Set([key, encodeURIComponent(key), encodeURI(key), JSON.stringify(key).slice(1, -1), key.toLowerCase()]);
  try {
    out.add(decodeURIComponent(key));
    out.add(decodeURIComponent(key).toLowerCase());
  } catch {
    // not percent-encoded
  }
  const puny = domainToASCII(key);
  if (puny.includes('xn--')) out.add(puny);
  return [...out];
}

function leaks(text: string): string[] {
  const found: string[] = [];
  for (const [name, key] of Object.entries(KEYS)) for (const s of spellings(key)) if (text.includes(s)) found.push(`${name} as ${JSON.stringify(s)}`);
  // Parts of the URLs' paths and queries that are not keys.
  for (const part of ['/v3/', 'apikey', 'nodepath', '.invalid', 'user:']) if (text.includes(part)) found.push(`URL part ${part}`);
  return found;
}

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    cb();
  },
});
const clock = new FixedClock(Date.UTC(2025, 2, 10, 12, 30));
let list: Entry[];
let config: AppConfig;
let store: DuckDbStore;
let service: Service;
let http: ChainlyticsHttpServer;
let base: string;

beforeAll(async () => {
  ports.refused = await refusedPort();
  for (const m of MODES) if (m !== 'refused') ports[m] = await failingNode(m);
  list = entries();
  config = parseConfig(yamlFor(list), 'secrets.yaml', { env: ENV, clock });
  store = await DuckDbStore.open({ path: ':memory:' });
  const logger = createLogger('debug', sink);
  // 1 s, not less: on a loaded 2-core machine a local 401 or 500 can take a few hundred ms, and
  // a timeout there would hide the failure mode the test exercises.
  const rpc = { maxAttempts: 2, timeoutMs: 1_000, backoff: { baseMs: 5, maxMs: 10 }, badCooldownMs: 50 };
  service = new Service({ config, store, clock, logger, rpc });
  http = createHttpServer({ holder: service.holder, clock, config: { ...config.server, access_log: true }, health: () => service.health(), logger });
  base = await http.listen(0, '127.0.0.1');
  await service.round();
});

afterAll(async () => {
  await http?.close();
  await service?.close();
  await store?.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe('RPC secrets in output', () => {
  it('every failure mode was exercised', () => {
    const text = lines.join('\n');
    expect(text).toMatch(/ECONNREFUSED/);
    expect(text).toMatch(/HTTP 401/);
    expect(text).toMatch(/HTTP 500/);
    expect(text).toMatch(/malformed JSON/);
    expect(text).toMatch(/no answer from .* within 1000 ms/);
  });

  it('/healthz names each endpoint by its label and shows no key, URL part or upstream byte', async () => {
    const res = await fetch(`${base}/healthz`);
    const body = await res.text();
    expect(leaks(body)).toEqual([]);
    expect(body).not.toMatch(/invalid api key|request |http:\/\//);
    const health = JSON.parse(body) as { chains: Array<{ origin_key: string; message?: string }> };
    for (const e of list) {
      const c = health.chains.find((x) => x.origin_key === e.chain)!;
      const i = list.indexOf(e);
      expect(c.message, `${e.chain} (${e.keyName} in ${e.placement})`).toContain(e.named ? `${e.chain} provider-${i}` : `${e.chain} rpc#1`);
    }
  });

  it('/metrics shows no key or URL part', async () => {
    const body = await (await fetch(`${base}/metrics`)).text();
    expect(leaks(body)).toEqual([]);
  });

  it('no log line holds a key or a URL path or query, and every line is JSON', () => {
    expect(lines.length).toBeGreaterThan(list.length);
    for (const l of lines) {
      expect(() => JSON.parse(l)).not.toThrow();
      expect(leaks(l), l).toEqual([]);
    }
  });

  it('thrown errors (message and public text) hold no key or URL part', async () => {
    for (const chain of config.chains) {
      const rpc = new RpcClient({ urls: chain.rpc_urls, label: chain.origin_key, maxAttempts: 2, timeoutMs: 300, backoff: { baseMs: 5, maxMs: 10 } });
      const err = await rpc.call('eth_blockNumber', []).then(
        () => null,
        (e: unknown) => e,
      );
      await rpc.close();
      expect(err).toBeInstanceOf(RpcError);
      const e = err as RpcError;
      expect(leaks(e.message), e.message).toEqual([]);
      expect(leaks(e.publicMessage), e.publicMessage).toEqual([]);
      expect(leaks(String(e.stack)), 'stack').toEqual([]);
    }
  });

  it('config errors never print a substituted value', () => {
    // Each key substituted where a whole URL belongs: not an http URL, so the loader reports it.
    const yaml = Object.keys(KEYS)
      .map((k, i) => `  - { origin_key: bad${i}, name: B, evm_chain_id: ${800000 + i}, family: ethereum, gas_token: ethereum, rpc_urls: [ "\${K_${k}}" ] }`)
      .join('\n');
    let message = '';
    try {
      parseConfig(`chains:\n${yaml}\n`, 'bad.yaml', { env: ENV, clock });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/bad\.yaml:2:\d+ chains\[0\]\.rpc_urls\[0\]/);
    for (const [name, key] of Object.entries(KEYS)) for (const s of spellings(key)) expect(message.includes(s), `${name} as ${s}`).toBe(false);
  });
});
