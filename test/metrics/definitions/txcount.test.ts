// txcount on the shared mock chain (chain-fixture.ts): user transactions per day and hour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { txcount } from '../../../src/metrics/definitions/txcount.js';
import { factsOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_HOUR_MS as HOUR, type MockFacts } from '../chain-fixture.js';

describe('txcount', () => {
  let op: MockFacts;
  let arb: MockFacts;
  beforeAll(async () => {
    op = await factsOnMockChain([txcount]);
    arb = await factsOnMockChain([txcount], 'arbitrum');
  });
  afterAll(async () => {
    await op.close();
    await arb.close();
  });

  it('counts user transactions per complete day; OP deposits (gas price 0) are not counted', async () => {
    expect(await op.keys()).toEqual(['blockspace_contract_deployment_txcount', 'blockspace_native_transfer_txcount', 'txcount']);
    expect(await op.value('txcount', 'daily', D0)).toBe(4);
    expect(await op.value('txcount', 'daily', D0 + DAY)).toBe(1);
    expect(await op.value('txcount', 'daily', D0 + 2 * DAY)).toBeUndefined(); // day 2 still runs
  });

  it('per complete hour: 0 in an hour with blocks but no transactions, no fact without blocks', async () => {
    expect(await op.value('txcount', 'hourly', D0)).toBe(3);
    expect(await op.value('txcount', 'hourly', D0 + HOUR)).toBeUndefined();
    expect(await op.value('txcount', 'hourly', D0 + 2 * HOUR)).toBe(1);
    expect(await op.value('txcount', 'hourly', D0 + 4 * HOUR)).toBe(0);
    expect(await op.value('txcount', 'hourly', D0 + DAY)).toBe(1);
    expect(await op.value('txcount', 'hourly', D0 + 2 * DAY + 3 * HOUR)).toBeUndefined(); // the head's hour
  });

  it('Arbitrum: a transaction that used gas is a user transaction whatever its price; one with no gas is not', async () => {
    expect(await arb.value('txcount', 'daily', D0)).toBe(5);
    expect(await arb.value('txcount', 'hourly', D0)).toBe(4);
    expect(await arb.value('txcount', 'hourly', D0 + 2 * HOUR)).toBe(1);
  });

  it('splits the user transactions of a day by blockspace use: native transfers (t1 t2; t7) and deployments (t5), daily only', async () => {
    expect(await op.value('blockspace_native_transfer_txcount', 'daily', D0)).toBe(2);
    expect(await op.value('blockspace_contract_deployment_txcount', 'daily', D0)).toBe(1);
    expect(await op.value('blockspace_native_transfer_txcount', 'daily', D0 + DAY)).toBe(1);
    expect(await op.value('blockspace_contract_deployment_txcount', 'daily', D0 + DAY)).toBe(0);
    expect(await op.value('blockspace_native_transfer_txcount', 'hourly', D0)).toBeUndefined();
    // Arbitrum's gas-using deposit t3 is a user transaction with an empty input: a native transfer.
    expect(await arb.value('blockspace_native_transfer_txcount', 'daily', D0)).toBe(3);
  });
});
