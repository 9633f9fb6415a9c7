// Application daa on the mock chain: t4's sender A is the contract's one sender on day 0; the
// per-day set holds A, which the project reads count from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDaa } from '../../../../src/metrics/definitions/app/daa.js';
import { factsOnMockChain, MOCK_ADDR, MOCK_CONTRACT, MOCK_D0, type MockFacts } from '../../chain-fixture.js';

describe('app daa', () => {
  let m: MockFacts;
  beforeAll(async () => {
    m = await factsOnMockChain([appDaa]);
  });
  afterAll(() => m.close());

  it('counts distinct senders per contract and period, and keeps the per-day sender set', async () => {
    expect(await m.contractValue(MOCK_CONTRACT, 'contract_daa', 'daily', MOCK_D0)).toBe(1);
    expect(await m.contractValue(MOCK_CONTRACT, 'contract_daa', 'hourly', MOCK_D0)).toBe(1);
    expect(await m.store.query("SELECT set_key, entity, day_ms, address FROM contract_address_set_rows")).toEqual([
      { set_key: 'contract_senders', entity: MOCK_CONTRACT, day_ms: BigInt(MOCK_D0), address: MOCK_ADDR.A },
    ]);
  });
});
