// What a valid configuration turns into: defaults, built-in chains merged with the file's keys,
// environment substitution and overrides, paths relative to the config file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { builtinChain } from '../../src/registry/builtin-chains.js';
import { loadConfig, parseConfig } from '../../src/registry/config.js';

const dir = mkdtempSync(join(tmpdir(), 'chainlytics-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig(null): defaults', () => {
  it('has no chains and the documented defaults', () => {
    const cfg = loadConfig(null, {});
    expect(cfg.source).toBe('(defaults)');
    expect(cfg.engine).toBe('duckdb');
    expect(cfg.chains).toEqual([]);
    expect(cfg.data_dir).toBe(join(process.cwd(), 'data'));
    expect(cfg.duckdb_path).toBe(join(process.cwd(), 'data', 'chainlytics.duckdb'));
    expect(cfg.retention_days).toBeNull();
    expect(cfg.server).toEqual({
      port: 8080,
      host: '0.0.0.0',
      public_base_url: 'http://localhost:8080',
      public_base_url_given: false,
      trust_proxy: false,
      access_log: true,
      query_cache_bytes: 64 * 1024 * 1024, // server.query_cache_mb: 64
      rate_limits: { apps_details_per_minute: 10, routes: [] },
      api_keys: { require_for_apps: false, keys: [] },
      connections: {
        max_open: 4096,
        max_open_per_address: 1024,
        first_head_timeout_seconds: 10,
        max_queued_responses: 16,
        write_stall_seconds: 20,
        header_timeout_seconds: 10,
        request_timeout_seconds: 30,
      },
    });
    expect(cfg.prices).toEqual({
      coingecko_url: 'https://api.coingecko.com',
      coingecko_api_key_env: 'COINGECKO_API_KEY',
      coingecko_api_key: null,
      csv: [],
    });
  });

  it('still honours PORT, and the default public URL follows it', () => {
    const cfg = loadConfig(null, { PORT: '9123' });
    expect(cfg.server.port).toBe(9123);
    expect(cfg.server.public_base_url).toBe('http://localhost:9123');
  });

  it('an empty or comment-only file means the same defaults', () => {
    const a = parseConfig('', 'empty.yaml', { env: {}, baseDir: dir });
    const b = parseConfig('# nothing here yet\n', 'comments.yaml', { env: {}, baseDir: dir });
    expect({ ...a, source: '' }).toEqual({ ...b, source: '' });
    expect(a.chains).toEqual([]);
  });
});

describe('built-in chains in a config file', () => {
  it('need only rpc_urls; every other fact comes from the built-in entry', () => {
    const cfg = parseConfig('chains:\n  - origin_key: base\n    rpc_urls: [ "https://base.example/rpc" ]\n', 'c.yaml', { env: {}, baseDir: dir });
    const builtin = builtinChain('base')!;
    expect(cfg.chains).toEqual([
      {
        ...builtin,
        rpc_urls: ['https://base.example/rpc'],
        stablecoins: builtin.stablecoins.map((s) => ({ ...s, address: s.address.toLowerCase() })),
      },
    ]);
  });

  it('let the file override any key; flags merge key by key', () => {
    const text = [
      'chains:',
      '  - origin_key: mantle',
      '    rpc_urls: [ "https://a.example", "https://b.example" ]',
      '    name: Mantle Network',
      '    finality_lag: 12',
      '    start: { block: 123 }',
      '    flags: { apps: false }',
      '    launch_date: null',
      '    settlement_addresses: [ 0xABCDEFabcdef0123456789ABCDEFabcdef012345 ]',
    ].join('\n');
    const [c] = parseConfig(text, 'c.yaml', { env: {}, baseDir: dir }).chains;
    expect(c.name).toBe('Mantle Network');
    expect(c.name_short).toBe('Mantle'); // not given: built-in value kept
    expect(c.rpc_urls).toEqual(['https://a.example', 'https://b.example']);
    expect(c.finality_lag).toBe(12);
    expect(c.start).toEqual({ block: 123 });
    expect(c.flags).toEqual({ fee_table: true, apps: false });
    expect(c.launch_date).toBeNull();
    expect([c.gas_token, c.symbol]).toEqual(['mantle', 'MNT']);
    expect(c.settlement_addresses).toEqual(['0xabcdefabcdef0123456789abcdefabcdef012345']);
  });

  it('keep file order', () => {
    const text = 'chains:\n' + ['zora', 'ethereum', 'arbitrum'].map((k) => `  - { origin_key: ${k}, rpc_urls: [ "http://127.0.0.1/${k}" ] }`).join('\n');
    expect(parseConfig(text, 'c.yaml', { env: {} }).chains.map((c) => c.origin_key)).toEqual(['zora', 'ethereum', 'arbitrum']);
  });
});

describe('chains that are not built in', () => {
  const text = [
    'chains:',
    '  - origin_key: my_chain',
    '    name: My Chain',
    '    evm_chain_id: 12345',
    '    family: arbitrum',
    '    gas_token: my-token',
    '    rpc_urls: [ "http://127.0.0.1:8545" ]',
    '    events: [ { date: 2024-01-02, type: launch, title: Mainnet launch } ]',
    '    stablecoins: [ { symbol: USDC, address: 0x00000000000000000000000000000000000000A1, decimals: 6 } ]',
  ].join('\n');

  it('get documented defaults for what they omit', () => {
    const [c] = parseConfig(text, 'c.yaml', { env: {} }).chains;
    expect(c).toMatchObject({
      origin_key: 'my_chain',
      name: 'My Chain',
      name_short: 'My Chain',
      evm_chain_id: 12345,
      family: 'arbitrum',
      gas_token: 'my-token',
      symbol: 'MY-TOKEN',
      start: { block: 0 },
      finality_lag: 100,
      flags: { fee_table: true, apps: true },
      // No da_layer: nothing says it posts its data to Ethereum (CONTRACT.md 11.6).
      chain_type: 'others',
      maturity: 'NA',
      bucket: 'Other',
      launch_date: null,
      website: null,
      block_explorers: {},
      settlement_addresses: [],
    });
    expect(c.events).toEqual([{ date: '2024-01-02', type: 'launch', title: 'Mainnet launch', short_title: 'Mainnet launch', description: '', source: '' }]);
    expect(c.stablecoins).toEqual([{ symbol: 'USDC', address: '0x00000000000000000000000000000000000000a1', decimals: 6, peg: 'usd' }]);
    for (const color of [...c.colors.light, ...c.colors.dark]) expect(color).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('get colours that depend on the origin_key only', () => {
    const a = parseConfig(text, 'c.yaml', { env: {} }).chains[0].colors;
    const b = parseConfig(text.replace('My Chain', 'Renamed'), 'c.yaml', { env: {} }).chains[0].colors;
    const other = parseConfig(text.replace('my_chain', 'another_chain'), 'c.yaml', { env: {} }).chains[0].colors;
    expect(a).toEqual(b);
    expect(other).not.toEqual(a);
  });
});

describe('environment', () => {
  it('substitutes ${VAR} in rpc_urls, possibly several per URL', () => {
    const text = 'chains:\n  - origin_key: base\n    rpc_urls: [ "https://${HOST}/v2/${KEY}", "${FULL}" ]\n';
    const [c] = parseConfig(text, 'c.yaml', { env: { HOST: 'node.example', KEY: 'k3y', FULL: 'http://127.0.0.1:9545' } }).chains;
    expect(c.rpc_urls).toEqual(['https://node.example/v2/k3y', 'http://127.0.0.1:9545']);
  });

  it('PORT overrides server.port', () => {
    const text = 'server:\n  port: 8080\n  public_base_url: https://data.example.org/\n';
    const cfg = parseConfig(text, 'c.yaml', { env: { PORT: '3000' } });
    expect(cfg.server.port).toBe(3000);
    expect(cfg.server.public_base_url).toBe('https://data.example.org'); // given: kept, without trailing slash
  });

  it('reads the price API key from the named variable', () => {
    const text = 'prices:\n  coingecko_api_key_env: MY_CG_KEY\n';
    expect(parseConfig(text, 'c.yaml', { env: { MY_CG_KEY: 'cg-123' } }).prices.coingecko_api_key).toBe('cg-123');
    expect(parseConfig(text, 'c.yaml', { env: {} }).prices.coingecko_api_key).toBeNull();
    expect(parseConfig('prices:\n  coingecko_api_key_env: null\n  coingecko_url: null\n', 'c.yaml', { env: { COINGECKO_API_KEY: 'x' } }).prices).toMatchObject({
      coingecko_url: null,
      coingecko_api_key_env: null,
      coingecko_api_key: null,
    });
  });
});

describe('files and paths', () => {
  it('resolves data_dir and price CSVs against the config file\'s directory', () => {
    const sub = join(dir, 'conf');
    mkdirSync(join(sub, 'prices'), { recursive: true });
    writeFileSync(join(sub, 'prices', 'eth.csv'), 'date,asset,usd\n');
    const path = join(sub, 'chainlytics.yaml');
    writeFileSync(path, 'data_dir: ./state\nprices:\n  csv: [ prices/eth.csv ]\n');
    const cfg = loadConfig(path, {});
    expect(cfg.source).toBe(path);
    expect(cfg.data_dir).toBe(join(sub, 'state'));
    expect(cfg.duckdb_path).toBe(join(sub, 'state', 'chainlytics.duckdb'));
    expect(cfg.prices.csv).toEqual([join(sub, 'prices', 'eth.csv')]);
  });

  it('turns start: { days_ago } into a date from the injected clock', () => {
    const clock = new FixedClock(Date.UTC(2025, 2, 10, 17, 45));
    const text = 'chains:\n  - origin_key: base\n    rpc_urls: [ "http://h.example" ]\n    start: { days_ago: 14 }\n';
    expect(parseConfig(text, 'c.yaml', { env: {}, clock }).chains[0].start).toEqual({ date: '2025-02-24' });
    const path = join(dir, 'days.yaml');
    writeFileSync(path, text.replace('14', '0'));
    expect(loadConfig(path, {}, clock).chains[0].start).toEqual({ date: '2025-03-10' });
  });

  it('passes route limits, proxy hops and the client bound through to the server settings', () => {
    const text = [
      'server:',
      '  trust_proxy: 2',
      '  rate_limits:',
      '    apps_details_per_minute: 0',
      '    routes: [ { prefix: /v1/metrics/, per_minute: 600, name: metrics } ]',
      '    max_clients: 5000',
    ].join('\n');
    const s = parseConfig(text, 'c.yaml', { env: {} }).server;
    expect(s.trust_proxy).toBe(2);
    expect(s.rate_limits).toEqual({ apps_details_per_minute: 0, routes: [{ prefix: '/v1/metrics/', per_minute: 600, name: 'metrics' }], max_clients: 5000 });
  });

  it('stores API key hashes in lower case with the default per-key limit', () => {
    const hash = 'AB'.repeat(32);
    const cfg = parseConfig(`server:\n  api_keys:\n    require_for_apps: true\n    keys: [ { name: acme, sha256: ${hash} } ]\n`, 'c.yaml', { env: {} });
    expect(cfg.server.api_keys).toEqual({ require_for_apps: true, keys: [{ name: 'acme', sha256: 'ab'.repeat(32), per_minute: 600 }] });
  });

  it('reads unquoted 0x addresses as text, keeping leading zeros', () => {
    // YAML 1.2 would read 0x0b2C... as a hexadecimal integer.
    const text = 'chains:\n  - origin_key: optimism\n    rpc_urls: [ "http://h.example" ]\n    settlement_addresses: [ 0x0000000000000000000000000000000000000010 ]\n';
    expect(parseConfig(text, 'c.yaml', { env: {} }).chains[0].settlement_addresses).toEqual(['0x0000000000000000000000000000000000000010']);
  });
});
