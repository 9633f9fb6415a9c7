// Application gas_fees on the mock chain: t4 paid 200,000 gas × 3 gwei = 6e14 wei (no L1 fee,
// so the same on OP and Arbitrum), converted at 2,000 $/ETH for day 0 and 2,100 for its hour.
import { describe, expect, it } from 'vitest';
import { appGasFees } from '../../../../src/metrics/definitions/app/gas-fees.js';
import { factsOnMockChain, MOCK_CONTRACT, MOCK_D0 } from '../../chain-fixture.js';

describe('app gas_fees', () => {
  for (const family of ['op', 'arbitrum'] as const) {
    it(`sums fees per contract exactly in wei, then ETH and USD (${family})`, async () => {
      const m = await factsOnMockChain([appGasFees], family);
      try {
        expect(await m.store.query("SELECT exact_wei AS w FROM native_facts WHERE dimension = 'contract' AND granularity = 'daily'")).toEqual([{ w: 600_000_000_000_000n }]);
        expect(await m.contractValue(MOCK_CONTRACT, 'contract_fees_paid_eth', 'daily', MOCK_D0)).toBeCloseTo(6e-4, 15);
        expect(await m.contractValue(MOCK_CONTRACT, 'contract_fees_paid_usd', 'daily', MOCK_D0)).toBeCloseTo(1.2, 9);
        expect(await m.contractValue(MOCK_CONTRACT, 'contract_fees_paid_usd', 'hourly', MOCK_D0)).toBeCloseTo(1.26, 9);
      } finally {
        await m.close();
      }
    });
  }
});
