// Quantity parsing for JSON-RPC results. `Number()`/`BigInt()` reject malformed hex outright
// (unlike parseInt, which stops at the first bad digit), which is what validation needs.

/** A hex quantity that fits in a safe integer (block numbers, indexes, timestamps). */
export function hexToNumber(value: unknown, what: string): number {
  if (typeof value !== 'string' || value.length < 3 || value.charCodeAt(0) !== 48 || (value.charCodeAt(1) | 32) !== 120) {
    throw new Error(`${what}: expected a hex quantity, got ${JSON.stringify(value)}`);
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`${what}: ${JSON.stringify(value)} is not a safe integer`);
  return n;
}

/** A hex quantity of any size (wei amounts, gas). */
export function hexToBigInt(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || value.length < 3 || value.charCodeAt(0) !== 48 || (value.charCodeAt(1) | 32) !== 120) {
    throw new Error(`${what}: expected a hex quantity, got ${JSON.stringify(value)}`);
  }
  try {
    return BigInt(value);
  } catch {
    throw new Error(`${what}: ${JSON.stringify(value)} is not a hex quantity`);
  }
}

/** Optional quantity: absent/null → `fallback`. */
export function optHexToBigInt(value: unknown, what: string, fallback: bigint): bigint {
  return value === undefined || value === null ? fallback : hexToBigInt(value, what);
}

export function numberToHex(n: number): `0x${string}` {
  return `0x${n.toString(16)}`;
}

const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

/** A 32-byte hash, returned lower case. */
export function hash32(value: unknown, what: string): string {
  if (typeof value !== 'string' || !HASH_RE.test(value)) throw new Error(`${what}: expected a 32-byte hex hash, got ${JSON.stringify(value)}`);
  return value.toLowerCase();
}
