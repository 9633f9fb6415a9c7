// fees on the shared mock chain (chain-fixture.ts): Σ fee in wei, converted to ETH and USD with
// the period's price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fees } from '../../../src/metrics/definitions/fees.js';
import { factsOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_HOUR_MS as HOUR, type MockFacts } from '../chain-fixture.js';

describe('fees', () => {
  let op: MockFacts;
  let arb: MockFacts;
  beforeAll(async () => {
    op = await factsOnMockChain([fees]);
    arb = await factsOnMockChain([fees], 'arbitrum');
  });
  afterAll(async () => {
    await op.close();
    await arb.close();
  });

  it('sums every fee of the day, L1 fee included, in ETH and at the day\'s USD price', async () => {
    expect(await op.keys()).toEqual([
      'blockspace_contract_deployment_fees_eth',
      'blockspace_contract_deployment_fees_usd',
      'blockspace_native_transfer_fees_eth',
      'blockspace_native_transfer_fees_usd',
      'fees_paid_eth',
      'fees_paid_usd',
    ]);
    expect(await op.value('fees_paid_eth', 'daily', D0)).toBeCloseTo(0.001242, 15);
    expect(await op.value('fees_paid_usd', 'daily', D0)).toBeCloseTo(2.484, 12); // × 2,000
    expect(await op.value('fees_paid_eth', 'daily', D0 + DAY)).toBeCloseTo(0.0000432, 15);
    expect(await op.value('fees_paid_usd', 'daily', D0 + DAY)).toBeCloseTo(0.108, 12); // × 2,500
  });

  it('per hour at the hour\'s price; an hour with blocks but no transactions is 0', async () => {
    expect(await op.value('fees_paid_eth', 'hourly', D0)).toBeCloseTo(0.000666, 15);
    expect(await op.value('fees_paid_usd', 'hourly', D0)).toBeCloseTo(1.3986, 12); // × 2,100
    expect(await op.value('fees_paid_eth', 'hourly', D0 + 2 * HOUR)).toBeCloseTo(0.000576, 15);
    expect(await op.value('fees_paid_usd', 'hourly', D0 + 2 * HOUR)).toBeCloseTo(1.1808, 12); // × 2,050
    expect(await op.value('fees_paid_eth', 'hourly', D0 + 4 * HOUR)).toBe(0);
    expect(await op.value('fees_paid_eth', 'hourly', D0 + HOUR)).toBeUndefined();
  });

  it('Arbitrum: the fee is gas × price (no separate L1 fee)', async () => {
    expect(await arb.value('fees_paid_eth', 'daily', D0)).toBeCloseTo(0.001239, 15);
    expect(await arb.value('fees_paid_eth', 'hourly', D0)).toBeCloseTo(0.000663, 15);
  });

  it('splits the day\'s fees by blockspace use: native transfers (t1 t2; t7) and the deployment t5, daily only', async () => {
    expect(await op.value('blockspace_native_transfer_fees_eth', 'daily', D0)).toBeCloseTo(0.000066, 15);
    expect(await op.value('blockspace_native_transfer_fees_usd', 'daily', D0)).toBeCloseTo(0.132, 12); // × 2,000
    expect(await op.value('blockspace_contract_deployment_fees_eth', 'daily', D0)).toBeCloseTo(0.000576, 15);
    expect(await op.value('blockspace_native_transfer_fees_eth', 'daily', D0 + DAY)).toBeCloseTo(0.0000432, 15);
    expect(await op.value('blockspace_contract_deployment_fees_eth', 'daily', D0 + DAY)).toBe(0);
    expect(await op.value('blockspace_native_transfer_fees_eth', 'hourly', D0)).toBeUndefined();
  });
});
