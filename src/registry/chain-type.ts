// What kind of chain master.json says a chain is (CONTRACT.md sections 6 and 11.6): the reference
// UI filters its chain tables on exactly these values and drops a chain with any other, and
// section 8's L2 universe (all_l2s) is every PROD chain that is not a layer 1.
import type { ChainType } from './types.js';

/**
 * An Ethereum-DA chain (CONTRACT.md section 11): its `da_layer` names Ethereum blobs or calldata,
 * e.g. "Ethereum (blobs)". The check is case-sensitive, as the contract's is.
 */
export function postsDataToEthereum(daLayer: string | null): boolean {
  return daLayer !== null && (daLayer.includes('blobs') || daLayer.includes('calldata'));
}

/**
 * The chain_type of a chain that is not a layer 1 and whose entry gives none (11.6): `rollup`
 * when it posts its data to Ethereum, `others` for anything else (Celestia, EigenDA, a DAC, a
 * sidechain, or a DA layer nobody wrote down).
 */
export function layer2ChainType(daLayer: string | null): ChainType {
  return postsDataToEthereum(daLayer) ? 'rollup' : 'others';
}
