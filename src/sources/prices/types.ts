// Price rows are a store type (store/prices.ts); asset ids are the price source's coin ids
// ('ethereum', 'mantle', ...), the same ids a chain's `gas_token` names.

/** The asset id of ether in the price source; every money figure is converted through it. */
export const ETH_ASSET = 'ethereum';
