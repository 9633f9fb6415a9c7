// Application success_rate on the mock chain: its facts are the successes (t4 succeeded: 1),
// divided by contract txcount at build time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSuccessRate } from '../../../../src/metrics/definitions/app/success-rate.js';
import { appTxcount } from '../../../../src/metrics/definitions/app/txcount.js';
import { factsOnMockChain, MOCK_CONTRACT, MOCK_D0, type MockFacts } from '../../chain-fixture.js';

describe('app success_rate', () => {
  let m: MockFacts;
  beforeAll(async () => {
    m = await factsOnMockChain([appSuccessRate, appTxcount]);
  });
  afterAll(() => m.close());

  it('stores successes beside txcount per contract and period', async () => {
    expect(await m.contractValue(MOCK_CONTRACT, 'contract_successes', 'daily', MOCK_D0)).toBe(1);
    expect(await m.contractValue(MOCK_CONTRACT, 'contract_successes', 'hourly', MOCK_D0)).toBe(1);
    expect(appSuccessRate.aggregate).toMatchObject({ kind: 'ratio', numerator: { key: 'contract_successes' }, denominator: { key: 'contract_txcount' } });
  });
});
