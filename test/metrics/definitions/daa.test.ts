// daa on the shared mock chain (chain-fixture.ts): distinct senders per day and hour, and the
// per-day address set it declares, which makes windows exact instead of summed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSets } from '../../../src/metrics/definition.js';
import { DAA_ADDRESSES, daa } from '../../../src/metrics/definitions/daa.js';
import { distinctCounts } from '../../../src/metrics/read-facts.js';
import { factsOnMockChain, MOCK_D0 as D0, MOCK_DAY_MS as DAY, MOCK_HOUR_MS as HOUR, type MockFacts } from '../chain-fixture.js';

describe('daa', () => {
  let op: MockFacts;
  beforeAll(async () => {
    op = await factsOnMockChain([daa]);
  });
  afterAll(async () => {
    await op.close();
  });

  it('counts distinct senders over all transactions, system ones included', async () => {
    expect(await op.keys()).toEqual(['daa']);
    expect(await op.value('daa', 'daily', D0)).toBe(4); // A, B, SYS, C
    expect(await op.value('daa', 'daily', D0 + DAY)).toBe(1); // A
    expect(await op.value('daa', 'hourly', D0)).toBe(3); // A twice, B, SYS
    expect(await op.value('daa', 'hourly', D0 + 2 * HOUR)).toBe(2); // C, SYS
    expect(await op.value('daa', 'hourly', D0 + 4 * HOUR)).toBe(0);
  });

  it('declares its address set, and a window over both days counts A once (4, not 4 + 1)', async () => {
    expect(daa.monthly_agg).toBe('unique');
    expect(daa.address_set).toBe(DAA_ADDRESSES);
    expect(addressSets([daa]).map((s) => s.key)).toEqual(['daa']);
    expect(await distinctCounts(op.store, op.originKey, DAA_ADDRESSES.key, [[D0, D0], [D0 + DAY, D0 + DAY], [D0, D0 + DAY]])).toEqual([4, 1, 4]);
  });
});
