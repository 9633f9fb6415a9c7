// The per-day blob facts behind the data-availability documents (CONTRACT.md 11.2; store/blobs.ts):
// computed for the days a layer's chain computes, in the same run and transaction as its other
// facts, so an hour's update rescans only the days it touched and the history outlives raw
// retention. The fee fact is a native (wei) fact of the chain, converted by the money step.
import { DA_LAYERS } from '../registry/da-layers.js';
import type { Store } from '../store/store.js';

/** Per-sender blob gas (bytes) per day. */
export const BLOB_GAS_KEY = 'da_blob_gas';
/** The chain's blob fees per day, wei; converted to `da_blob_fee_eth` and `da_blob_fee_usd`. */
export const BLOB_FEE_KEY = 'da_blob_fee';

/** True when `originKey` is the chain of a published DA layer. */
export function isBlobChain(originKey: string): boolean {
  return DA_LAYERS.some((l) => l.origin_key === originKey);
}

/** Replaces the chain's blob facts of `days`; returns the money keys to convert (none for other chains). */
export async function computeBlobFacts(store: Store, originKey: string, days: readonly number[]): Promise<string[]> {
  if (!isBlobChain(originKey)) return [];
  await store.writeBlobFacts({ origin_key: originKey, days, gas_key: BLOB_GAS_KEY, fee_key: BLOB_FEE_KEY });
  return [BLOB_FEE_KEY];
}
