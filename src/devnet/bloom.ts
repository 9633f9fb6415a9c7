// Ethereum's 2048-bit logs bloom, as real receipts and headers carry it: every log address and
// topic sets three bits taken from its keccak256. The hash of an item is cached: items repeat
// (token contracts, event signatures, the sender population), and keccak is the slow part.
import { keccak256 } from 'viem';

export const ZERO_BLOOM = `0x${'0'.repeat(512)}`;

const bitCache = new Map<string, number>();

/** The three bit positions of one item, packed 11 bits each (33 bits: arithmetic, not int32 shifts). */
function bits(itemHex: string): number {
  let packed = bitCache.get(itemHex);
  if (packed === undefined) {
    const h = keccak256(itemHex as `0x${string}`);
    const b = (i: number): number => parseInt(h.slice(2 + 4 * i, 6 + 4 * i), 16) & 2047;
    packed = b(0) + b(1) * 2048 + b(2) * 4194304;
    if (bitCache.size > 300_000) bitCache.clear(); // the set of items is bounded; this guards a runaway
    bitCache.set(itemHex, packed);
  }
  return packed;
}

export function addToBloom(bloom: Uint8Array, itemHex: string): void {
  const packed = bits(itemHex);
  setBit(bloom, packed % 2048);
  setBit(bloom, Math.floor(packed / 2048) % 2048);
  setBit(bloom, Math.floor(packed / 4194304));
}

function setBit(bloom: Uint8Array, bit: number): void {
  bloom[255 - (bit >> 3)] |= 1 << (bit & 7);
}

export function bloomHex(bloom: Uint8Array): string {
  return `0x${Buffer.from(bloom.buffer, bloom.byteOffset, bloom.byteLength).toString('hex')}`;
}
