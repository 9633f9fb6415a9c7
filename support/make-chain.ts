// A complete resolved Chain with test defaults, for the tests' hand-made chains and the
// bench's synthetic ones: only what a caller overrides differs between them.
import { blankProfile } from '../src/registry/builtin-chain-profiles.js';
import type { Chain } from '../src/registry/types.js';

export function makeChain(origin_key: string, over: Partial<Chain> = {}): Chain {
  return {
    origin_key,
    name: origin_key.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
    name_short: origin_key.slice(0, 8),
    evm_chain_id: 1000 + origin_key.length,
    family: 'op',
    gas_token: 'ethereum',
    symbol: 'ETH',
    rpc_urls: ['http://127.0.0.1:1'],
    start: { block: 0 },
    finality_lag: 0,
    flags: { fee_table: true, apps: false },
    chain_type: 'others',
    bucket: 'Others',
    colors: { light: ['#111111', '#222222'], dark: ['#333333', '#444444'], darkTextOnBackground: false },
    ...blankProfile(),
    launch_date: '2024-01-01',
    archived_date: null,
    website: 'https://example.org',
    block_explorers: { Explorer: 'https://explorer.example.org' },
    events: [],
    stablecoins: [],
    settlement_addresses: [],
    // No settlement chain unless a test gives one: its rent needs that chain's transactions.
    settlement_chain: null,
    token: null,
    defillama: null,
    ...over,
  };
}
