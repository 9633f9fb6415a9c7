import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CHAINS, BUILTIN_CHAIN_KEYS, builtinChain } from '../../src/registry/builtin-chains.js';
import { BUILTIN_SETTLEMENT_ADDRESSES, SENDER_ROLES } from '../../src/registry/builtin-settlement-addresses.js';
import { BUILTIN_STABLECOINS } from '../../src/registry/builtin-stablecoins.js';
import { BUILTIN_TOKENS } from '../../src/registry/builtin-tokens.js';
import { devnetConfigText } from '../../src/app/devnet.js';
import { parseConfig } from '../../src/registry/config.js';
import { makeChain } from '../../support/make-chain.js';
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

  it('bake in no RPC URLs and enable the fee table and apps', () => {
    for (const c of BUILTIN_CHAINS) {
      expect(c.rpc_urls, c.origin_key).toEqual([]);
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

// The sourced data files (builtin-settlement-addresses.ts, builtin-stablecoins.ts,
// builtin-tokens.ts). What each chain must have is written out here from the public record the
// files cite, not read from them: a chain dropped from a file, or an entry that stops reaching
// the resolved chain, fails.
describe('built-in chain data: batch posters, stablecoins, market-data ids', () => {
  // Rollups whose senders on Ethereum are published (taiko: anyone proposes; arbitrum_nova
  // shares Arbitrum One's poster, so sender-only rent could not tell them apart).
  const WITH_SENDERS = ['optimism', 'base', 'arbitrum', 'zksync_era', 'scroll', 'linea', 'polygon_zkevm', 'mantle', 'blast', 'zora', 'mode', 'unichain', 'celo'];
  // Each chain's current batch poster, as the OP Stack superchain registry / growthepie publish it.
  const POSTERS: Record<string, string> = {
    optimism: '0x6887246668a3b87f54deb3b94ba47a6f63f32985',
    base: '0x5050f69a9786f081509234f1a7f4684b5e5b76c9',
    arbitrum: '0xc1b634853cb333d3ad8663715b08f41a3aec47cc',
    zora: '0x625726c858dbf78c0125436c943bf4b4be9d9033',
    mode: '0x99199a22125034c808ff20f377d91187e8050f2e',
    unichain: '0x2f60a5184c63ca94f82a27100643dbabe4f3f7fd',
    blast: '0x415c8893d514f9bc5211d36eeda4183226b84aa7',
    celo: '0x0cd08c7f7a96aa9635f761b49216b9ea74c5ca60',
  };
  const MARKET_IDS: Record<string, string> = { ethereum: 'ethereum', optimism: 'optimism', arbitrum: 'arbitrum', mantle: 'mantle', celo: 'celo', zksync_era: 'zksync', scroll: 'scroll', linea: 'linea', taiko: 'taiko', blast: 'blast', zora: 'zora', mode: 'mode' };
  const sourced = (s: string) => /^https:\/\/\S+/.test(s);

  it('every address is EIP-55 checksummed, sourced, on a built-in chain, and in no role twice for one chain', () => {
    const entries = Object.entries(BUILTIN_SETTLEMENT_ADDRESSES);
    expect(entries.length).toBeGreaterThan(0);
    for (const [key, list] of entries) {
      expect(BUILTIN_CHAIN_KEYS, key).toContain(key);
      expect(builtinChain(key)!.chain_type, key).not.toBe('l1');
      for (const e of list) {
        expect(getAddress(e.address), `${key} ${e.address}`).toBe(e.address);
        expect(sourced(e.source), `${key} ${e.address} source`).toBe(true);
      }
      const pairs = list.map((e) => `${e.role} ${e.address.toLowerCase()}`);
      expect(new Set(pairs).size, key).toBe(pairs.length);
      // An address plays one role for a chain: a sender is never also where it posts.
      const addresses = list.map((e) => e.address.toLowerCase());
      expect(new Set(addresses).size, key).toBe(addresses.length);
    }
  });

  it('no sender is listed for two chains: rent is attributed by sender', () => {
    const owner = new Map<string, string>();
    for (const [key, list] of Object.entries(BUILTIN_SETTLEMENT_ADDRESSES)) {
      for (const e of list.filter((x) => SENDER_ROLES.has(x.role))) {
        const a = e.address.toLowerCase();
        expect(owner.get(a), `${a} of ${key}`).toBeUndefined();
        owner.set(a, key);
      }
    }
    expect(owner.size).toBeGreaterThanOrEqual(WITH_SENDERS.length);
  });

  it('every rollup named carries its senders, lower case, with its known batch poster among them; the others none', () => {
    for (const key of WITH_SENDERS) expect(builtinChain(key)!.settlement_addresses.length, key).toBeGreaterThan(0);
    for (const [key, poster] of Object.entries(POSTERS)) expect(builtinChain(key)!.settlement_addresses, key).toContain(poster);
    for (const c of BUILTIN_CHAINS) {
      for (const a of c.settlement_addresses) expect(a, c.origin_key).toBe(a.toLowerCase());
      if (!WITH_SENDERS.includes(c.origin_key)) expect(c.settlement_addresses, c.origin_key).toEqual([]);
    }
  });

  it('stablecoins: checksummed, 6 or 18 decimals, USD, sourced, each address and symbol once per chain, on every chain', () => {
    for (const [key, coins] of Object.entries(BUILTIN_STABLECOINS)) {
      expect(BUILTIN_CHAIN_KEYS, key).toContain(key);
      for (const s of coins) {
        expect(getAddress(s.address), `${key} ${s.symbol}`).toBe(s.address);
        expect([6, 18], `${key} ${s.symbol}`).toContain(s.decimals);
        expect(s.peg).toBe('usd');
        expect(sourced(s.source), `${key} ${s.symbol}`).toBe(true);
      }
      expect(new Set(coins.map((s) => s.address.toLowerCase())).size, key).toBe(coins.length);
      expect(new Set(coins.map((s) => s.symbol)).size, key).toBe(coins.length);
    }
    for (const c of BUILTIN_CHAINS) expect(c.stablecoins.length, c.origin_key).toBeGreaterThan(0);
    // Native USDC where Circle issues it (its address on Ethereum, the one everyone knows).
    expect(builtinChain('ethereum')!.stablecoins.find((s) => s.symbol === 'USDC')?.address).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
  });

  it('market-data ids: the chains with a token of their own carry it, sourced', () => {
    for (const [key, id] of Object.entries(MARKET_IDS)) expect(builtinChain(key)!.token?.market_data_id, key).toBe(id);
    for (const [key, t] of Object.entries(BUILTIN_TOKENS)) {
      expect(BUILTIN_CHAIN_KEYS, key).toContain(key);
      expect(sourced(t.source), key).toBe(true);
      expect(t.total_supply === null || (Number.isInteger(t.total_supply) && t.total_supply > 0), key).toBe(true);
    }
    for (const key of ['base', 'arbitrum_nova', 'polygon_zkevm', 'unichain']) expect(builtinChain(key)!.token, key).toBeNull();
  });
});

describe('the config `chainlytics devnet` prints', () => {
  it('keeps the devnet\'s own stablecoins, batch poster and token on chains named like built-in ones', () => {
    // What the devnet decides for a chain it imitates: its contracts and poster, none of the real ones.
    const coin = { symbol: 'USDC', address: '0x00000000000000000000000000000000000c0001' as const, decimals: 6, peg: 'usd' as const };
    const devnetChains = [
      makeChain('ethereum', { evm_chain_id: 901, family: 'ethereum', chain_type: 'l1', rpc_urls: ['http://127.0.0.1:1/eth'], stablecoins: [coin], token: { market_data_id: 'ethereum', total_supply: null } }),
      makeChain('base', { evm_chain_id: 902, rpc_urls: ['http://127.0.0.1:1/base'], stablecoins: [], settlement_addresses: ['0x00000000000000000000000000000000000b0002'] }),
      makeChain('mantle', { evm_chain_id: 903, gas_token: 'mantle', rpc_urls: ['http://127.0.0.1:1/mnt'], token: { market_data_id: 'mantle', total_supply: 6_000 } }),
    ];
    const cfg = parseConfig(devnetConfigText(devnetChains, 'http://127.0.0.1:1/prices'), 'devnet.yaml', { env: {} });
    const [eth, base, mantle] = cfg.chains;
    expect(eth!.stablecoins).toEqual([coin]);
    expect(eth!.token).toMatchObject({ market_data_id: 'ethereum', total_supply: null });
    expect(base!.stablecoins).toEqual([]);
    expect(base!.settlement_addresses).toEqual(['0x00000000000000000000000000000000000b0002']);
    expect(base!.token).toBeNull();
    expect(mantle!.settlement_addresses).toEqual([]);
    expect(mantle!.token).toMatchObject({ market_data_id: 'mantle', total_supply: 6_000 });
    // Without these lines the built-in addresses would have come back.
    expect(builtinChain('base')!.settlement_addresses.length).toBeGreaterThan(0);
    expect(cfg.prices.coingecko_url).toBe('http://127.0.0.1:1/prices');
  });
});
