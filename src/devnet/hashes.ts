// Block and transaction hashes. They look random but carry their own coordinates: the last
// bytes hold (block number, index, fork version) masked by the random prefix, so a node can
// answer eth_getTransactionReceipt / eth_getBlockByHash for ANY historical hash without an
// index — decode, regenerate the block, and compare the full hash (a forged or reorged-out
// hash does not match and is answered with null, like a real node).
import { hash } from 'node:crypto';
import { fmix32, hex8, hexWords } from './prng.js';

const TWO32 = 4294967296;
const HASH_RE = /^0x[0-9a-f]{64}$/;

/** sha256 of (seed, chain, n, version), its last 8 bytes replaced by the masked coordinates. */
export function blockHash(seed: number, chainHash: number, n: number, version: number): string {
  const d = hash('sha256', `${seed}|${chainHash}|${n}|${version}`, 'hex');
  const m0 = fmix32(parseInt(d.slice(0, 8), 16) ^ 0xb10c);
  const m1 = fmix32(parseInt(d.slice(8, 16), 16) ^ 0xb10c2);
  const lo = (n >>> 0) ^ m0;
  const hi = ((((Math.floor(n / TWO32) & 0xff) << 24) | (version & 0xffffff)) ^ m1) >>> 0;
  return `0x${d.slice(0, 48)}${hex8(lo)}${hex8(hi)}`;
}

/** The (n, version) a block hash claims; the caller must regenerate and compare. */
export function decodeBlockHash(hash: string): { n: number; version: number } | null {
  const h = hash.toLowerCase();
  if (!HASH_RE.test(h)) return null;
  const m0 = fmix32(word(h, 0) ^ 0xb10c);
  const m1 = fmix32(word(h, 1) ^ 0xb10c2);
  const lo = (word(h, 6) ^ m0) >>> 0;
  const hi = (word(h, 7) ^ m1) >>> 0;
  return { n: (hi >>> 24) * TWO32 + lo, version: hi & 0xffffff };
}

/** A transaction hash from 5 random words and its coordinates. */
export function txHash(p0: number, p1: number, p2: number, p3: number, p4: number, n: number, index: number, version: number): string {
  const m5 = fmix32(p0 ^ p2 ^ 0x7a11);
  const m6 = fmix32(p1 ^ p3 ^ 0x7a12);
  const m7 = fmix32(p4 ^ 0x7a13);
  const w5 = ((n >>> 0) ^ m5) >>> 0;
  const w6 = ((((Math.floor(n / TWO32) & 0xff) << 24) | (index & 0xffffff)) ^ m6) >>> 0;
  const w7 = ((version >>> 0) ^ m7) >>> 0;
  return `0x${hexWords(p0, p1, p2, p3, p4, w5, w6, w7, 8)}`;
}

/** The (block, index, version) a transaction hash claims; the caller must regenerate and compare. */
export function decodeTxHash(hash: string): { n: number; index: number; version: number } | null {
  const h = hash.toLowerCase();
  if (!HASH_RE.test(h)) return null;
  const m5 = fmix32(word(h, 0) ^ word(h, 2) ^ 0x7a11);
  const m6 = fmix32(word(h, 1) ^ word(h, 3) ^ 0x7a12);
  const m7 = fmix32(word(h, 4) ^ 0x7a13);
  const lo = (word(h, 5) ^ m5) >>> 0;
  const mid = (word(h, 6) ^ m6) >>> 0;
  const version = (word(h, 7) ^ m7) >>> 0;
  return { n: (mid >>> 24) * TWO32 + lo, index: mid & 0xffffff, version };
}

function word(h: string, k: number): number {
  return parseInt(h.slice(2 + 8 * k, 10 + 8 * k), 16);
}
