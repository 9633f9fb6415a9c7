// CONTRACT.md section 6: master.json keys, and supported metrics/chains naming exactly the
// metric detail documents of the same build.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { buildAllDocuments } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { createLogger } from '../../src/log.js';
import { computeFacts } from '../../src/metrics/compute-facts.js';
import { CHAIN_METRICS, FEE_METRICS } from '../../src/metrics/catalog.js';
import { masterJson } from '../../src/documents/master/master.js';
import { ConfigError, loadConfig } from '../../src/registry/config.js';
import { BUILTIN_CHAINS } from '../../src/registry/builtin-chains.js';
import { SOURCES } from '../../src/registry/sources.js';
import { DuckDbStore } from '../../src/store/duckdb/duckdb-store.js';
import { addr, ChainWriter, makeChain } from '../metrics/chain-fixture.js';
import { DAY } from './scenario.js';

const silent = createLogger('silent');
const D0 = Date.UTC(2024, 5, 3);

type Master = {
  current_version: string;
  default_chain_selection: string[];
  default_chain_sorting: string[];
  sources: Record<string, { name: string; url: string; description: string }>;
  ethereum_events: unknown[];
  chains: Record<string, Record<string, unknown> & { supported_metrics: string[]; url_key: string }>;
  metrics: Record<string, Record<string, unknown> & { supported_chains: string[] }>;
  app_metrics: Record<string, unknown>;
  fee_metrics: Record<string, Record<string, unknown>>;
  blockspace_categories: { main_categories: Record<string, string>; sub_categories: Record<string, string>; mapping: Record<string, string[]> };
  last_updated_utc: string;
};

// CONTRACT.md section 6, key by key and in order, with the type each value must have.
type Check = (v: unknown) => boolean;
const isStr: Check = (v) => typeof v === 'string';
const isStrOrNull: Check = (v) => v === null || typeof v === 'string';
const isBool: Check = (v) => typeof v === 'boolean';
const isNum: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isObj: Check = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStrArray: Check = (v) => Array.isArray(v) && v.every(isStr);
const isUrlMap: Check = (v) => isObj(v) && Object.values(v as object).every(isStr);
const isDay: Check = (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const both = (...checks: Check[]): Check => (v) => checks.every((c) => c(v));
const keysAre = (keys: string[]): Check => (v) => isObj(v) && JSON.stringify(Object.keys(v as object)) === JSON.stringify(keys);

const TOP_LEVEL: Array<[string, Check]> = [
  ['current_version', (v) => v === 'v1'],
  ['default_chain_selection', (v) => isStrArray(v) && (v as string[]).length <= 5],
  ['default_chain_sorting', isStrArray],
  ['chains', isObj],
  ['sources', isObj],
  ['custom_logos', isObj],
  ['da_layers', isObj],
  ['metrics', isObj],
  ['da_metrics', isObj],
  ['app_metrics', isObj],
  ['fee_metrics', isObj],
  ['blockspace_categories', isObj],
  ['maturity_levels', isObj],
  ['composition_types', isObj],
  ['ethereum_events', (v) => Array.isArray(v)],
  ['last_updated_utc', (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v)],
];

const CHAIN_KEYS: Array<[string, Check]> = [
  ['name', isStr],
  ['name_short', isStr],
  ['url_key', (v) => typeof v === 'string' && /^[a-z0-9-]+$/.test(v)],
  ['chain_type', (v) => ['l1', 'rollup', 'others', '-'].includes(v as string)],
  ['caip2', (v) => v === null || (typeof v === 'string' && /^eip155:\d+$/.test(v))],
  ['evm_chain_id', (v) => v === null || Number.isInteger(v)],
  ['deployment', (v) => v === 'PROD' || v === 'DEV'],
  ['description', isStr],
  ['company', isStr],
  ['symbol', isStr],
  ['gas_token', isStr],
  ['bucket', both(isStr, (v) => (v as string).length > 0)],
  ['ecosystem', (v) => isStrArray(v) && (v as string[]).includes('all-chains')],
  ['colors', (v) => keysAre(['light', 'dark', 'darkTextOnBackground'])(v) && isStrArray((v as { light: unknown }).light) && isStrArray((v as { dark: unknown }).dark) && isBool((v as { darkTextOnBackground: unknown }).darkTextOnBackground)],
  ['logo', (v) => v === null || (keysAre(['body', 'width', 'height'])(v) && isStr((v as { body: unknown }).body))],
  ['technology', isStr],
  ['purpose', isStr],
  ['da_layer', isStrOrNull],
  // Never null (CONTRACT.md 11.6): the reference UI sorts on maturity.split('_').
  ['maturity', both(isStr, (v) => (v as string).length > 0)],
  ['launch_date', (v) => v === null || isDay(v)],
  ['enable_contracts', isBool],
  ['l2beat_stage', (v) => v === null || keysAre(['stage', 'hex'])(v)],
  ['l2beat_link', isStrOrNull],
  ['l2beat_id', isStrOrNull],
  ['raas', isStrOrNull],
  ['stack', (v) => keysAre(['label', 'url'])(v) && isStr((v as { label: unknown }).label) && isStr((v as { url: unknown }).url)],
  ['links', (v) => {
    if (!keysAre(['website', 'twitter', 'github', 'docs', 'block_explorers', 'bridges', 'socials', 'others'])(v)) return false;
    const l = v as Record<string, unknown>;
    return ['website', 'twitter', 'github', 'docs'].every((k) => isStrOrNull(l[k])) && ['block_explorers', 'bridges', 'socials', 'others'].every((k) => isUrlMap(l[k]));
  }],
  ['website', isStrOrNull],
  ['twitter', isStrOrNull],
  ['block_explorer', isStrOrNull],
  ['block_explorers', isUrlMap],
  ['rhino_listed', (v) => v === false],
  ['rhino_naming', (v) => v === null],
  ['tab_status', (v) => keysAre(['overview', 'fundamentals', 'economics', 'apps', 'blockspace', 'user_insights'])(v) && Object.values(v as object).every((s) => s === 'active' || s === 'locked')],
  ['excluded_metrics', isStrArray],
  ['similar_chains', (v) => isStrArray(v) && (v as string[]).length <= 7],
  ['supported_metrics', isStrArray],
];

const METRIC_KEYS: Array<[string, Check]> = [
  ['name', isStr],
  ['icon', (v) => typeof v === 'string' && /^metrics-[a-z0-9]+$/.test(v)],
  ['description', both(isStr, (v) => (v as string).length > 0)],
  ['category', isStr],
  ['fundamental', (v) => v === true],
  ['metric_keys', isStrArray],
  ['units', isObj],
  ['avg', isBool],
  ['all_l2s_aggregate', (v) => ['sum', 'unique', 'weighted_mean'].includes(v as string)],
  ['monthly_agg', (v) => ['sum', 'avg', 'unique'].includes(v as string)],
  ['max_date_fill', (v) => v === false],
  ['ranking_bubble', isBool],
  ['ranking_landing', isBool],
  ['log_default', (v) => v === false],
  ['url_path', (v) => typeof v === 'string' && /^\/fundamentals\/[a-z0-9-]+$/.test(v)],
  ['hourly_available', isBool],
  ['source', both(isStrArray, (v) => (v as string[]).length > 0)],
  ['metric_type', (v) => v === 'metrics'],
  ['supported_chains', isStrArray],
];

function expectKeys(entry: Record<string, unknown>, spec: Array<[string, Check]>, what: string): void {
  expect(Object.keys(entry), what).toEqual(spec.map(([k]) => k));
  for (const [k, is] of spec) expect(is(entry[k]), `${what}.${k} = ${JSON.stringify(entry[k])}`).toBe(true);
}
const expectChainKeys = (c: Record<string, unknown>) => expectKeys(c, CHAIN_KEYS, `chain ${String(c.url_key)}`);
const expectMetricKeys = (m: Record<string, unknown>) => expectKeys(m, METRIC_KEYS, `metric ${String(m.name)}`);

describe('master.json (CONTRACT.md 6)', () => {
  let store: DuckDbStore;
  let inputs: DocumentInput[];
  let master: Master;
  const alpha = makeChain('op_mainnet', { name: 'OP Mainnet', name_short: 'OP', evm_chain_id: 10 });
  const idle = makeChain('idle_chain');
  // A chain whose only activity is system transactions: daa > 0, txcount always 0.
  const quiet = makeChain('quiet');

  beforeAll(async () => {
    store = await DuckDbStore.open({ path: ':memory:' });
    await new ChainWriter(store, alpha).write([{ time: (D0 + 3_600_000) / 1000, txs: [{ from: addr(1) }, { from: addr(2) }] }, { time: (D0 + DAY) / 1000 }]);
    await new ChainWriter(store, quiet).write([{ time: (D0 + 3_600_000) / 1000, txs: [{ from: addr(3), gasPrice: 0n }] }, { time: (D0 + DAY) / 1000 }]);
    const clock = new FixedClock(D0 + DAY + 7_200_000);
    await computeFacts(store, [alpha, idle, quiet], clock, { logger: silent });
    ({ inputs } = await buildAllDocuments(store, [alpha, idle, quiet], clock, { logger: silent }));
    master = JSON.parse(JSON.stringify(inputs.find((i) => i.path === '/v1/master.json')!.json)) as Master;
  });
  afterAll(async () => {
    await store.close();
  });

  it('has exactly the top-level keys of the contract, in its order', () => {
    expect(Object.keys(master)).toEqual(TOP_LEVEL.map(([k]) => k));
    for (const [k, is] of TOP_LEVEL) expect(is((master as Record<string, unknown>)[k]), k).toBe(true);
    expect(master.current_version).toBe('v1');
    expect(master.last_updated_utc).toBe('2024-06-04 02:00:00');
    // Every application metric is described even without any project (app-documents.contract.test.ts checks the keys).
    expect(Object.keys(master.app_metrics as object)).toEqual(['txcount', 'daa', 'gas_fees', 'success_rate', 'market_cap', 'token_price', 'token_volume']);
  });

  it('lists every configured chain (ethereum first, then alphabetical) with the contract keys; url_key replaces _ with -', () => {
    // all_l2s (CONTRACT.md section 8) is listed once documents exist for it: the fixture's L2s have some.
    expect(Object.keys(master.chains)).toEqual(['all_l2s', 'idle_chain', 'op_mainnet', 'quiet']);
    const c = master.chains.op_mainnet!;
    for (const chain of Object.values(master.chains)) expectChainKeys(chain);
    expect(c).toMatchObject({ name: 'OP Mainnet', name_short: 'OP', url_key: 'op-mainnet', evm_chain_id: 10, caip2: 'eip155:10', deployment: 'PROD', symbol: 'ETH', gas_token: 'ethereum' });
    expect(c.ecosystem).toEqual(['all-chains']);
    expect(c.excluded_metrics).toEqual(CHAIN_METRICS.map((m) => m.metric_id).filter((id) => !c.supported_metrics.includes(id)));
    // op_mainnet has a chain overview; idle_chain has no complete day, so none (chain-overview.ts).
    expect(c.tab_status).toEqual({ overview: 'active', fundamentals: 'active', economics: 'active', apps: 'locked', blockspace: 'active', user_insights: 'locked' });
    expect(master.chains.idle_chain!.tab_status).toMatchObject({ overview: 'locked', fundamentals: 'locked', economics: 'locked', blockspace: 'locked' });
    // No labels, so no application data anywhere (app-documents.contract.test.ts has the true case).
    for (const chain of Object.values(master.chains)) expect(chain.enable_contracts).toBe(false);
    // makeChain gives every test chain the same bucket: each is similar to the others.
    expect(c.similar_chains).toEqual(['idle_chain', 'quiet']);
  });

  it('tab_status: overview, economics and blockspace are active exactly for the chains whose documents exist', () => {
    const paths = new Set(inputs.map((i) => i.path));
    for (const [ok, chain] of Object.entries(master.chains)) {
      const tabs = chain.tab_status as Record<string, string>;
      const active = (has: boolean) => (has ? 'active' : 'locked');
      expect(tabs.overview, ok).toBe(active(paths.has(`/v1/chains/${ok}/overview.json`)));
      expect(tabs.blockspace, ok).toBe(active(paths.has(`/v1/chains/blockspace/${ok}.json`)));
      expect(tabs.economics, ok).toBe(active(['fees', 'rent_paid', 'profit'].some((m) => paths.has(`/v1/metrics/chains/${ok}/${m}.json`))));
    }
    // quiet has facts but only system transactions: no blockspace document, the tab stays locked.
    expect(master.chains.quiet!.tab_status).toMatchObject({ blockspace: 'locked' });
    expect(paths.has('/v1/chains/blockspace/op_mainnet.json')).toBe(true);
  });

  it('ranks the default chains by exact active addresses over the last 7 days', () => {
    // op_mainnet: 2 senders, quiet: 1, idle_chain: none.
    expect(master.default_chain_selection).toEqual(['op_mainnet', 'quiet', 'idle_chain']);
    // Every PROD key is sorted; the aggregate goes last (it is no chain a user picks first).
    expect(master.default_chain_sorting).toEqual(['op_mainnet', 'quiet', 'idle_chain', 'all_l2s']);
  });

  it('describes every source name a metric or a details.source uses', () => {
    for (const m of CHAIN_METRICS) {
      expect(master.metrics[m.metric_id]!.source).toEqual([...m.source_names]);
      for (const name of m.source_names) {
        expect(master.sources[name], name).toBeDefined();
        // A catalog name must have a real description in src/registry/sources.ts, not the fallback.
        expect(SOURCES.map((s) => s.name), name).toContain(name);
        expect(master.sources[name]!.description.length, name).toBeGreaterThan(10);
      }
    }
    for (const [k, s] of Object.entries(master.sources)) expect(Object.keys(s)).toEqual(['name', 'url', 'description']), expect(s.name).toBe(k);
  });

  it('supported_metrics and supported_chains name exactly the metric documents built', () => {
    const built = new Set(inputs.map((i) => i.path).filter((p) => p.startsWith('/v1/metrics/chains/')));
    for (const [ok, c] of Object.entries(master.chains)) {
      for (const m of CHAIN_METRICS) {
        const has = built.has(`/v1/metrics/chains/${ok}/${m.metric_id}.json`);
        expect(c.supported_metrics.includes(m.metric_id)).toBe(has);
        expect(master.metrics[m.metric_id]!.supported_chains.includes(ok)).toBe(has);
      }
    }
    expect(master.chains.op_mainnet!.supported_metrics).toEqual(['txcount', 'daa', 'fees', 'txcosts', 'throughput']);
    expect(master.chains.idle_chain!.supported_metrics).toEqual([]);
    // Only system transactions: active addresses and gas, but no user transactions and no fees.
    expect(master.chains.quiet!.supported_metrics).toEqual(['daa', 'throughput']);
    expect(master.metrics.tvl!.supported_chains).toEqual([]);
  });

  it('describes every catalog metric with the contract keys', () => {
    expect(Object.keys(master.metrics)).toEqual(CHAIN_METRICS.map((m) => m.metric_id));
    for (const m of Object.values(master.metrics)) {
      expectMetricKeys(m);
      expect(m.fundamental).toBe(true);
      expect(['sum', 'avg', 'unique']).toContain(m.monthly_agg);
      for (const u of Object.values(m.units as Record<string, Record<string, unknown>>)) {
        expect(Object.keys(u).sort()).toEqual(['agg', 'agg_tooltip', 'currency', 'decimals', 'decimals_tooltip', 'prefix', 'suffix']);
      }
    }
    expect(master.metrics.fees).toMatchObject({ metric_keys: ['fees_paid_usd', 'fees_paid_eth'], monthly_agg: 'sum', hourly_available: true });
    expect(Object.keys(master.metrics.fees!.units as object)).toEqual(['usd', 'eth']);
    expect(master.metrics.daa).toMatchObject({ metric_keys: ['daa'], monthly_agg: 'unique', all_l2s_aggregate: 'unique', icon: 'metrics-dailyactiveaddresses' });
    expect(master.metrics.txcount).toMatchObject({ icon: 'metrics-transactioncount', url_path: '/fundamentals/transaction-count', all_l2s_aggregate: 'sum' });
    expect(master.metrics.txcosts).toMatchObject({ all_l2s_aggregate: 'weighted_mean' });
    expect(master.metrics.throughput).toMatchObject({ metric_keys: ['gas_per_second'] });
  });

  it('describes the six fee metrics; only tps and throughput invert normalization', () => {
    expect(Object.keys(master.fee_metrics).sort()).toEqual(['throughput', 'tps', 'txcosts_avg', 'txcosts_median', 'txcosts_native_median', 'txcosts_swap']);
    for (const [k, f] of Object.entries(master.fee_metrics)) {
      expect(Object.keys(f).sort()).toEqual(['category', 'currency', 'invert_normalization', 'name', 'name_short', 'priority', 'units']);
      expect(f.invert_normalization).toBe(k === 'tps' || k === 'throughput');
      expect(f.currency).toBe(k.startsWith('txcosts'));
    }
    expect(Object.values(master.fee_metrics).map((f) => f.priority).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('blockspace categories map every sub category to one main category', () => {
    const b = master.blockspace_categories;
    const mapped = Object.values(b.mapping).flat();
    expect(new Set(mapped).size).toBe(mapped.length);
    expect(mapped.sort()).toEqual(Object.keys(b.sub_categories).sort());
    expect(Object.keys(b.mapping).sort()).toEqual(Object.keys(b.main_categories).sort());
    expect(b.main_categories).toMatchObject({ finance: 'Finance', token_transfers: 'Token Transfers', cross_chain: 'Cross-Chain', unlabeled: 'Unlabeled' });
    expect(b.mapping.token_transfers).toEqual(['native_transfer', 'stablecoin', 'fungible_tokens']);
  });
});

describe('master.json chains beyond the registry: all_l2s and the built-in chains', () => {
  const builtAt = Date.UTC(2025, 5, 1, 12);
  const supported = new Map<string, string[]>(BUILTIN_CHAINS.map((c) => [c.origin_key, ['txcount', 'daa']]));
  // What the all_l2s builder records for the aggregate (CONTRACT.md section 8).
  supported.set('all_l2s', ['txcount', 'daa']);
  const activity = new Map(BUILTIN_CHAINS.map((c, i) => [c.origin_key, c.origin_key === 'base' ? 1e6 : i]));
  const m = JSON.parse(
    JSON.stringify(masterJson({ chains: BUILTIN_CHAINS, metrics: CHAIN_METRICS, feeMetrics: FEE_METRICS, supported, activity, builtAt })),
  ) as Master;

  it('lists all_l2s among the chains, ethereum first, then alphabetical, every key typed', () => {
    const keys = Object.keys(m.chains);
    expect(keys[0]).toBe('ethereum');
    expect(keys.slice(1)).toEqual([...keys.slice(1)].sort());
    expect(keys).toContain('all_l2s');
    for (const c of Object.values(m.chains)) expectChainKeys(c);
    for (const x of Object.values(m.metrics)) expectMetricKeys(x);
    expect(m.chains.all_l2s).toMatchObject({ name: 'All L2s', chain_type: '-', bucket: '-', deployment: 'PROD', url_key: 'all-l2s', supported_metrics: ['txcount', 'daa'] });
    expect(m.metrics.txcount!.supported_chains).toContain('all_l2s');
  });

  it('ranks all_l2s as no chain: not selected by default, sorted last', () => {
    expect(m.default_chain_selection[0]).toBe('base');
    expect(m.default_chain_selection).not.toContain('all_l2s');
    expect(m.default_chain_sorting[0]).toBe('ethereum');
    expect(m.default_chain_sorting[1]).toBe('base');
    expect(m.default_chain_sorting.at(-1)).toBe('all_l2s');
    expect([...m.default_chain_sorting].sort()).toEqual(Object.keys(m.chains).sort());
  });

  it('publishes real facts for the built-in chains and the ethereum events', () => {
    for (const c of BUILTIN_CHAINS) {
      const e = m.chains[c.origin_key]! as unknown as Record<string, unknown> & { links: Record<string, unknown> };
      expect((e.description as string).length, c.origin_key).toBeGreaterThan(20);
      expect(e.links.twitter, c.origin_key).toMatch(/^https:\/\//);
      expect(e.links.website, c.origin_key).toBe(c.website);
      expect(e.block_explorer, c.origin_key).toBe(Object.values(c.block_explorers)[0]);
      expect(e.launch_date, c.origin_key).toBe(c.launch_date);
      if (c.chain_type !== 'l1') expect(e.da_layer, c.origin_key).toBeTruthy();
    }
    expect(m.chains.base).toMatchObject({ bucket: 'OP Stack', company: 'Coinbase', stack: { label: 'OP Stack' }, caip2: 'eip155:8453' });
    expect(m.chains.base!.ecosystem).toEqual(['all-chains', 'op-stack', 'op-super']);
    expect(m.chains.arbitrum!.ecosystem).toEqual(['all-chains', 'arbitrum-orbit']);
    expect(m.chains.base!.similar_chains).toContain('optimism');
    expect(m.ethereum_events.length).toBeGreaterThan(0);
    for (const ev of m.ethereum_events) expect(Object.keys(ev as object)).toEqual(['date', 'type', 'title', 'short_title', 'description', 'source', 'show_in_chart']);
  });
});

describe('master.json from an operator config (the real loader and builder)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chainlytics-master-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('round-trips overridden chain fields into master.json', async () => {
    const path = write(
      'chainlytics.yaml',
      [
        'chains:',
        '  - origin_key: optimism',
        '    rpc_urls: [ "http://127.0.0.1:1" ]',
        '    description: Our own OP Mainnet node.',
        '    bucket: Superchain',
        '    deployment: DEV',
        '    colors: { light: [ "#000001" ], dark: [ "#000002" ], darkTextOnBackground: true }',
        '    ecosystem: [ op-stack ]',
        '    l2beat_stage: { stage: Stage 1, hex: "#FFC61B" }',
        '    maturity: 4_robust',
        '    raas: null',
        '    stack: { label: OP Stack v9 }',
        '    links: { docs: https://docs.example.org, bridges: { Ours: https://bridge.example.org } }',
        '    logo: { body: "<path d=\\"M0 0h1v1H0z\\"/>", width: 1, height: 1 }',
        '  - origin_key: my_chain',
        '    name: My Chain',
        '    evm_chain_id: 12345',
        '    family: default',
        '    gas_token: ethereum',
        '    rpc_urls: [ "http://127.0.0.1:2" ]',
        '    company: Example Labs',
        '    da_layer: Celestia',
        '    technology: Optimium',
        '',
      ].join('\n'),
    );
    const cfg = loadConfig(path, {});
    const store = await DuckDbStore.open({ path: ':memory:' });
    try {
      const { inputs } = await buildAllDocuments(store, cfg.chains, new FixedClock(Date.UTC(2025, 0, 2)), { logger: silent });
      const m = JSON.parse(JSON.stringify(inputs.find((i) => i.path === '/v1/master.json')!.json)) as Master;
      // optimism is marked DEV, so it is no member of all_l2s; my_chain is no L2 with facts here.
      expect(Object.keys(m.chains)).toEqual(['my_chain', 'optimism']);
      for (const c of Object.values(m.chains)) expectChainKeys(c);
      const op = m.chains.optimism!;
      expect(op).toMatchObject({
        description: 'Our own OP Mainnet node.',
        bucket: 'Superchain',
        deployment: 'DEV',
        colors: { light: ['#000001'], dark: ['#000002'], darkTextOnBackground: true },
        ecosystem: ['all-chains', 'op-stack'],
        l2beat_stage: { stage: 'Stage 1', hex: '#FFC61B' },
        maturity: '4_robust',
        raas: null,
        stack: { label: 'OP Stack v9', url: '' },
        logo: { body: '<path d="M0 0h1v1H0z"/>', width: 1, height: 1 },
        // Built-in values the file does not touch stay.
        company: 'OP Labs',
        name: 'OP Mainnet',
        evm_chain_id: 10,
      });
      // links merge key by key: the built-in twitter stays beside the new docs link.
      expect(op.links).toMatchObject({ docs: 'https://docs.example.org', twitter: 'https://x.com/Optimism', bridges: { Ours: 'https://bridge.example.org' } });
      expect(m.chains.my_chain).toMatchObject({ company: 'Example Labs', da_layer: 'Celestia', technology: 'Optimium', bucket: 'Other', caip2: 'eip155:12345', stack: { label: '', url: '' } });
      // A DEV chain is listed but not ranked.
      expect(m.default_chain_sorting).toEqual(['my_chain']);
      expect(m.default_chain_selection).toEqual(['my_chain']);
    } finally {
      await store.close();
    }
  });

  it('rejects a malformed chain field naming file:line:col, the key and the fix', () => {
    const path = write(
      'bad.yaml',
      ['chains:', '  - origin_key: base', '    rpc_urls: [ "http://127.0.0.1:1" ]', '    ecosystem: [ OP Stack ]', '    links: { twitter: x.com/base }', ''].join('\n'),
    );
    let err: unknown;
    try {
      loadConfig(path, {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as ConfigError).message;
    expect(message).toContain(`${path}:4:18 chains[0].ecosystem[0]: expected an id of lower-case letters, digits and -; found "OP Stack". Fix: write op-stack`);
    expect(message).toContain(`${path}:5:23 chains[0].links.twitter: expected an http:// or https:// URL, or null; found "x.com/base". Fix: add the scheme: https://x.com/base`);
  });
});
