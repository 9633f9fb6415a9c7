// EIP-55 checksummed addresses, remembered: the form of an address never changes, and hashing
// every contract's address again in every build was a visible part of the app details' time.
import { getAddress } from 'viem';

/** Past this many addresses the memory is dropped and starts again, so it cannot grow without bound. */
const LIMIT = 1 << 18;
const known = new Map<string, string>();

export function checksumAddress(address: string): string {
  let out = known.get(address);
  if (out === undefined) {
    if (known.size >= LIMIT) known.clear();
    known.set(address, (out = getAddress(address)));
  }
  return out;
}
