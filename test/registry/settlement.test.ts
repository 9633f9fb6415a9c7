// Which chains pay rent where (settlement.ts), read from real config text: the default
// settlement chain, the reasons a chain has no rent, and the one configuration error.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/registry/config.js';
import { rentNotes, settlementPlan } from '../../src/registry/settlement.js';

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
    expect(settlementPlan(base!, keys)).toMatchObject({ settles_on: null, reason: expect.stringContaining('no settlement_addresses') });
    expect(rentNotes(cs)).toEqual([expect.stringMatching(/^base: no rent_paid or profit: no settlement_addresses/)]);
  });

  it('a settlement chain that is not configured: served without rent, and check-config notes say why', () => {
    const cs = chains(`chains:\n  - { origin_key: optimism, rpc_urls: [ "http://o.example" ], settlement_addresses: [ ${POSTER} ] }\n`);
    expect(settlementPlan(cs[0]!, new Map(cs.map((c) => [c.origin_key, c])))).toEqual({ settles_on: null, reason: expect.stringContaining('settlement chain ethereum is not configured') });
    expect(rentNotes(cs)).toEqual(['optimism: no rent_paid or profit: its settlement chain ethereum is not configured (add it to chains: rent is read from its transactions)']);
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
