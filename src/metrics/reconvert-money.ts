// A price that changed after its periods were converted (a corrected CSV line) must reach the
// money facts. The facts stage re-converts only periods recorded without their own price, so a
// period converted with the old exact price would keep it: this converts exactly the periods
// of the changed prices again, for the chains that price in that asset.
import type { Chain } from '../registry/types.js';
import { ETH_ASSET } from '../sources/prices/types.js';
import type { PriceRow } from '../store/prices.js';
import type { Store } from '../store/store.js';
import { convertMoney } from './convert-money.js';
import { moneyFactKeys } from './definition.js';
import { DEFINITIONS } from './definitions/index.js';

/** Returns how many chains were converted again. */
export async function reconvertChangedPrices(store: Store, chains: readonly Pick<Chain, 'origin_key' | 'gas_token'>[], changed: readonly PriceRow[]): Promise<number> {
  if (changed.length === 0) return 0;
  const keys = moneyFactKeys(DEFINITIONS);
  let n = 0;
  for (const chain of chains) {
    // ether prices every chain (USD, and token/ETH); a gas token only its own chains.
    const mine = changed.filter((r) => r.asset === ETH_ASSET || r.asset === chain.gas_token);
    if (mine.length === 0) continue;
    const periods = {
      hourly: [...new Set(mine.filter((r) => r.granularity === 'hourly').map((r) => r.period_ms))],
      daily: [...new Set(mine.filter((r) => r.granularity === 'daily').map((r) => r.period_ms))],
    };
    await store.transaction(() => convertMoney(store, chain, periods, keys));
    n++;
  }
  return n;
}
