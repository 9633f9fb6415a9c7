import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CHAINS, BUILTIN_CHAIN_KEYS, builtinChain } from '../../src/registry/builtin-chains.js';
import { parseConfig } from '../../src/registry/config.js';
import { eventSchema } from '../../src/registry/config-schema.js';
import { CHAIN_FAMILIES } from '../../src/registry/types.js';

// The public facts the task fixes (origin_key → EIP-155 id, family); written out here, not
// read from the code under test.
const EXPECTED: Record<string, { id: number; family: string }> = {
  ethereum: { id: 1, family: 'ethereum' },
  optimism: { id: 10, family: 'op' },
  base: { id: 8453, family: 'op' },
  arbitrum: { id: 42161, family: 'arbitrum' },
  arbitrum_nova: { id: 42170, family: 'arbitrum' },
  zksync_era: { id: 324, family: 'zksync' },
  scroll: { id: 534352, family: 'scroll' },
  linea: { id: 59144, family: 'default' },
  polygon_zkevm: { id: 1101, family: 'default' },
  mantle: { id: 5000, family: 'op' },
  taiko: { id: 167000, family: 'default' },
  blast: { id: 81457, family: 'op' },
  zora: { id: 7777777, family: 'op' },
  mode: { id: 34443, family: 'op' },
  unichain: { id: 130, family: 'op' },
  celo: { id: 42220, family: 'op' },
};

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

describe('built-in chains', () => {
  it('cover at least 14 chains with the right chain ids and families', () => {
    expect(BUILTIN_CHAINS.length).toBeGreaterThanOrEqual(14);
    for (const [key, want] of Object.entries(EXPECTED)) {
      const c = builtinChain(key);
      expect(c, key).toBeDefined();
      expect({ key, id: c!.evm_chain_id, family: c!.family }).toEqual({ key, id: want.id, family: want.family });
    }
  });

  it('have unique origin_keys and chain ids', () => {
    expect(new Set(BUILTIN_CHAIN_KEYS).size).toBe(BUILTIN_CHAINS.length);
    expect(new Set(BUILTIN_CHAINS.map((c) => c.evm_chain_id)).size).toBe(BUILTIN_CHAINS.length);
  });

  it('name custom gas tokens by price-source id and ticker', () => {
    expect([builtinChain('mantle')!.gas_token, builtinChain('mantle')!.symbol]).toEqual(['mantle', 'MNT']);
    expect([builtinChain('celo')!.gas_token, builtinChain('celo')!.symbol]).toEqual(['celo', 'CELO']);
    const ethGas = BUILTIN_CHAINS.filter((c) => !['mantle', 'celo'].includes(c.origin_key));
    expect(ethGas.every((c) => c.gas_token === 'ethereum' && c.symbol === 'ETH')).toBe(true);
  });

  it('bake in no RPC URLs or settlement addresses and enable the fee table and apps', () => {
    for (const c of BUILTIN_CHAINS) {
      expect(c.rpc_urls, c.origin_key).toEqual([]);
      expect(c.settlement_addresses, c.origin_key).toEqual([]);
      expect(c.flags, c.origin_key).toEqual({ fee_table: true, apps: true });
    }
  });

  it('use finality lags of 64 on Ethereum and 100-300 blocks on L2s', () => {
    expect(builtinChain('ethereum')!.finality_lag).toBe(64);
    for (const c of BUILTIN_CHAINS.filter((c) => c.origin_key !== 'ethereum')) {
      expect(c.finality_lag, c.origin_key).toBeGreaterThanOrEqual(100);
      expect(c.finality_lag, c.origin_key).toBeLessThanOrEqual(300);
    }
  });

  it('carry well-formed display facts', () => {
    for (const c of BUILTIN_CHAINS) {
      const ctx = c.origin_key;
      expect(c.origin_key, ctx).toMatch(/^[a-z0-9_]+$/);
      expect(CHAIN_FAMILIES, ctx).toContain(c.family);
      expect(c.name.length > 0 && c.name_short.length > 0, ctx).toBe(true);
      expect(['l1', 'rollup', 'others'], ctx).toContain(c.chain_type);
      expect(c.bucket.length, ctx).toBeGreaterThan(0);
      for (const color of [...c.colors.light, ...c.colors.dark]) expect(color, ctx).toMatch(/^#[0-9A-F]{6}$/i);
      expect(c.colors.light.length > 0 && c.colors.dark.length > 0, ctx).toBe(true);
      expect(isDay(c.launch_date!), `${ctx} launch_date`).toBe(true);
      expect('date' in c.start && isDay(c.start.date), `${ctx} start`).toBe(true);
      expect(new URL(c.website!).protocol, ctx).toBe('https:');
      expect(Object.keys(c.block_explorers).length, ctx).toBeGreaterThan(0);
      for (const url of Object.values(c.block_explorers)) expect(new URL(url).protocol, ctx).toBe('https:');
      for (const e of c.events) {
        expect(eventSchema.safeParse(e).error, `${ctx} event ${e.title}`).toBeUndefined();
        expect(isDay(e.date), ctx).toBe(true);
        expect(new URL(e.source).protocol, ctx).toBe('https:');
      }
    }
  });

  it('start Celo at its L2 migration, after its L1 launch', () => {
    const celo = builtinChain('celo')!;
    expect(celo.start).toEqual({ date: '2025-03-26' });
    expect(celo.launch_date! < '2025-03-26').toBe(true);
  });

  it('list stablecoins whose addresses carry a valid EIP-55 checksum', () => {
    const coins = BUILTIN_CHAINS.flatMap((c) => c.stablecoins.map((s) => ({ chain: c.origin_key, ...s })));
    expect(coins.length).toBeGreaterThan(0);
    for (const s of coins) {
      // A mistyped character in a mixed-case address breaks its checksum: getAddress recomputes it.
      expect(getAddress(s.address), `${s.chain} ${s.symbol}`).toBe(s.address);
      expect([6, 18], `${s.chain} ${s.symbol}`).toContain(s.decimals);
    }
  });

  it('hand out copies, so one caller cannot change another caller\'s defaults', () => {
    const a = builtinChain('base')!;
    a.rpc_urls.push('http://mutated');
    a.flags.apps = false;
    expect(builtinChain('base')!.rpc_urls).toEqual([]);
    expect(builtinChain('base')!.flags.apps).toBe(true);
    expect(builtinChain('no_such_chain')).toBeUndefined();
  });

  it('are each accepted by the config validator with only an RPC URL added', () => {
    const yaml = ['chains:', ...BUILTIN_CHAIN_KEYS.map((k) => `  - { origin_key: ${k}, rpc_urls: [ "http://127.0.0.1:1/${k}" ] }`)].join('\n');
    const cfg = parseConfig(yaml, 'all-builtins.yaml', { env: {} });
    expect(cfg.chains.map((c) => c.origin_key)).toEqual([...BUILTIN_CHAIN_KEYS]);
    for (const c of cfg.chains) {
      const { rpc_urls, stablecoins, ...facts } = c;
      const builtin = builtinChain(c.origin_key)!;
      expect(rpc_urls).toEqual([`http://127.0.0.1:1/${c.origin_key}`]);
      expect(stablecoins.map((s) => s.address)).toEqual(builtin.stablecoins.map((s) => s.address.toLowerCase()));
      const { rpc_urls: _r, stablecoins: _s, ...builtinFacts } = builtin;
      expect(facts).toEqual(builtinFacts);
    }
  });
});
