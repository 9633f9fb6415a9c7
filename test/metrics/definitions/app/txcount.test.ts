// Application txcount on the mock chain: of its transactions only t4 (A's call, day 0 00:40)
// is a contract transaction (input, fee > 0, a `to`): the transfers t1, t2, t7 to the same
// address have empty input, the deposit t3 and t6 pay no fee, t5 is a deployment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appTxcount } from '../../../../src/metrics/definitions/app/txcount.js';
import { factsOnMockChain, MOCK_CONTRACT, MOCK_D0, MOCK_DAY_MS, type MockFacts } from '../../chain-fixture.js';

describe('app txcount', () => {
  let m: MockFacts;
  beforeAll(async () => {
    m = await factsOnMockChain([appTxcount]);
  });
  afterAll(() => m.close());

  it('counts contract transactions per contract, day and hour', async () => {
    expect(await m.contractValue(MOCK_CONTRACT, 'contract_txcount', 'daily', MOCK_D0)).toBe(1);
    expect(await m.contractValue(MOCK_CONTRACT, 'contract_txcount', 'hourly', MOCK_D0)).toBe(1);
    // Day 1 has only t7, a plain transfer: no row, which readers take as 0.
    expect(await m.contractValue(MOCK_CONTRACT, 'contract_txcount', 'daily', MOCK_D0 + MOCK_DAY_MS)).toBeUndefined();
  });

  it('writes no chain facts', async () => {
    expect(await m.store.query("SELECT count(*) AS n FROM facts WHERE dimension = 'chain'")).toEqual([{ n: 0n }]);
  });
});
