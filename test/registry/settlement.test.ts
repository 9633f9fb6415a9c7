// Which chains pay rent where (settlement.ts), read from real config text: the default
// settlement chain, the reasons a chain has no rent, and the one configuration error.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/registry/config.js';
import { settlementPlan } from '../../src/registry/settlement.js';

const POSTER = '0x00000000000000000000000000000000000000b2';

function chains(yaml: string) {
  return parseConfig(yaml, 'c.yaml', { env: {} }).chains;
}

describe('settlement plan', () => {
  it('an L2 settles on ethereum by default, an L1 nowhere; the plan needs addresses and the chain configured', () => {
    const cs = chains(
      [
        'chains:',
        '  - { origin_key: ethereum, rpc_urls: [ "http://e.example" ] }',
        `  - { origin_key: optimism, rpc_urls: [ "http://o.example" ], settlement_addresses: [ ${POSTER} ] }`,
        '  - { origin_key: base, rpc_urls: [ "http://b.example" ] }',
      ].join('\n'),
    );
    const [eth, op, base] = cs;
    expect([eth!.settlement_chain, op!.settlement_chain, base!.settlement_chain]).toEqual([null, 'ethereum', 'ethereum']);
    const keys = new Map(cs.map((c) => [c.origin_key, c]));
    expect(settlementPlan(op!, keys)).toEqual({ settles_on: 'ethereum', senders: [POSTER], rent_in_ether: false });
    // base is built in with its batch poster; an entry that empties the list has none.
    expect(settlementPlan(base!, keys)).toMatchObject({ settles_on: 'ethereum', senders: expect.arrayContaining(['0x5050f69a9786f081509234f1a7f4684b5e5b76c9']) });
    const bare = chains('chains:\n  - { origin_key: ethereum, rpc_urls: [ "http://e.example" ] }\n  - { origin_key: base, rpc_urls: [ "http://b.example" ], settlement_addresses: [] }\n');
    expect(settlementPlan(bare[1]!, new Map(bare.map((c) => [c.origin_key, c])))).toEqual({
      settles_on: null,
      reason: 'no batch poster addresses (set chains.base.settlement_addresses: the accounts that post its batches to ethereum)',
    });
  });

  it('a settlement chain that is not configured: served without rent, and the plan says why', () => {
    const cs = chains(`chains:\n  - { origin_key: optimism, rpc_urls: [ "http://o.example" ], settlement_addresses: [ ${POSTER} ] }\n`);
    expect(settlementPlan(cs[0]!, new Map(cs.map((c) => [c.origin_key, c])))).toEqual({
      settles_on: null,
      reason: 'its settlement chain ethereum is not configured (add it to chains: rent is read from its transactions)',
    });
  });

  it('settlement_chain names another configured chain (an L3), or null', () => {
    const cs = chains(
      [
        'chains:',
        '  - { origin_key: base, rpc_urls: [ "http://b.example" ] }',
        `  - { origin_key: my_l3, name: My L3, evm_chain_id: 777001, family: op, gas_token: ethereum, rpc_urls: [ "http://l3.example" ], settlement_chain: base, settlement_addresses: [ ${POSTER} ] }`,
        `  - { origin_key: optimism, rpc_urls: [ "http://o.example" ], settlement_chain: null }`,
      ].join('\n'),
    );
    expect(settlementPlan(cs[1]!, new Map(cs.map((c) => [c.origin_key, c])))).toEqual({ settles_on: 'base', senders: [POSTER], rent_in_ether: false });
    expect(cs[2]!.settlement_chain).toBeNull();
  });

  it('a chain with its own gas token pays rent in ether (converted as ether); a third token has no rent', () => {
    const cs = chains(
      [
        'chains:',
        '  - { origin_key: ethereum, rpc_urls: [ "http://e.example" ] }',
        `  - { origin_key: mantle, rpc_urls: [ "http://m.example" ], settlement_addresses: [ ${POSTER} ] }`,
        `  - { origin_key: my_l3, name: My L3, evm_chain_id: 777002, family: op, gas_token: degen, rpc_urls: [ "http://l3.example" ], settlement_chain: mantle, settlement_addresses: [ ${POSTER} ] }`,
      ].join('\n'),
    );
    const byKey = new Map(cs.map((c) => [c.origin_key, c]));
    expect(settlementPlan(cs[1]!, byKey)).toEqual({ settles_on: 'ethereum', senders: [POSTER], rent_in_ether: true });
    expect(settlementPlan(cs[2]!, byKey)).toEqual({ settles_on: null, reason: "its settlement chain mantle pays gas in mantle, neither ETH nor this chain's degen" });
  });

  it('a chain settling on itself is a configuration error naming the key', () => {
    const text = `chains:\n  - { origin_key: base, rpc_urls: [ "http://b.example" ], settlement_chain: base }\n`;
    expect(() => parseConfig(text, 'c.yaml', { env: {} })).toThrow(ConfigError);
    expect(() => parseConfig(text, 'c.yaml', { env: {} })).toThrow(/chains\[0\]\.settlement_chain: expected another chain than the chain itself/);
  });
});
