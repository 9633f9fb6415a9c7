// The money step: turns wei figures (native facts, in the chain's gas token) into `_eth` and
// `_usd` facts with the period's prices. USD = ETH value × the ETH/USD price of that period
// (hourly values: of that hour); a chain whose gas token is not ETH converts through
// token/ETH = token_usd / eth_usd of the same period.
//
// A period without its own price uses the latest earlier price of the asset (any granularity)
// and is recorded in the price status as 'fallback'; with no earlier price at all the value is
// NULL (never 0) and recorded as 'missing'. Recorded periods are converted again on every run,
// so a price that arrives later replaces the fallback; a recorded period that still has no price
// at all is skipped (it would give the same nulls), so a priceless history costs nothing per
// run. The store implements this contract (MoneyRequest in store/prices.ts) in its engine.
import type { Chain } from '../registry/types.js';
import { ETH_ASSET } from '../sources/prices/types.js';
import type { Granularity } from '../store/granularity.js';
import type { Store } from '../store/store.js';
import { moneyKeys } from './definition.js';

/**
 * Converts the listed periods plus the chain's periods previously converted without their own
 * price. Runs inside the caller's transaction.
 */
export async function convertMoney(
  store: Store,
  chain: Pick<Chain, 'origin_key' | 'gas_token'>,
  periods: Readonly<Record<Granularity, readonly number[]>>,
  moneyFactKeys: readonly string[],
  /** Of moneyFactKeys, those in ether wei whatever the chain's gas token (rent paid on Ethereum). */
  etherKeys: readonly string[] = [],
): Promise<void> {
  if (moneyFactKeys.length === 0) return;
  await store.convertMoney({
    origin_key: chain.origin_key,
    gas_token: chain.gas_token,
    eth_asset: ETH_ASSET,
    periods,
    keys: moneyFactKeys.map((k) => ({ native: k, ...moneyKeys(k), ...(etherKeys.includes(k) ? { in_ether: true } : {}) })),
  });
}
