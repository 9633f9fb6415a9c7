// Seeded randomness for the devnet. Every block is a pure function of (seed, chain, number,
// fork version), so randomness is never drawn from a global stream: each block (and each
// price point, fault decision, ...) hashes its coordinates into a seed and draws from its own
// small generator. Everything here works on 32-bit integers through Math.imul, which V8 keeps
// in registers: generating a block costs microseconds, not allocations.

const TWO32 = 4294967296;

/** MurmurHash3's finalizer: a bijective 32-bit avalanche mix. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Hash of a few non-negative integers (each below 2^53: block numbers, unix seconds, seeds)
 * into 32 bits. Both halves of every part are mixed in, so 2^32 + 1 and 1 differ.
 */
export function hashInts(a: number, b = 0, c = 0, d = 0, e = 0): number {
  let h = 0x2545f491;
  h = step(h, a);
  h = step(h, b);
  h = step(h, c);
  h = step(h, d);
  h = step(h, e);
  return fmix32(h);
}

function step(h: number, part: number): number {
  const lo = part >>> 0;
  const hi = Math.floor(part / TWO32) >>> 0;
  h = fmix32((h ^ lo) + 0x9e3779b9);
  return fmix32((h ^ hi) + 0x7f4a7c15);
}

/** 32-bit FNV-1a of a string, finalized; used to turn names (origin_key, asset id) into numbers. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** A uniform float in [0, 1) from a 32-bit hash. */
export function unit(h: number): number {
  return (h >>> 0) / TWO32;
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

/** xoshiro128** seeded through splitmix32: small state, good statistics, no allocation per draw. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    // splitmix32: consecutive golden-ratio steps, each avalanche-mixed.
    const s = seed >>> 0;
    this.a = fmix32((s + 0x9e3779b9) >>> 0);
    this.b = fmix32((s + 0x3c6ef372) >>> 0);
    this.c = fmix32((s + 0xdaa66d2b) >>> 0);
    this.d = fmix32((s + 0x78dde6e4) >>> 0) | 1; // the all-zero state is the one state xoshiro never leaves
  }

  /** A uniform unsigned 32-bit integer. */
  u32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9);
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / TWO32;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Uniform integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  /** Log-uniform in [lo, hi]: fee levels and amounts spread over orders of magnitude. */
  logUniform(lo: number, hi: number): number {
    return lo * Math.exp(this.float() * Math.log(hi / lo));
  }

  /** Standard normal (Box–Muller, one of the pair). */
  gauss(): number {
    const u = 1 - this.float(); // (0, 1]: log(0) would be -Infinity
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.float());
  }

  /** Poisson(lambda): exact by multiplication for small means, normal approximation above 30. */
  poisson(lambda: number): number {
    if (!(lambda > 0)) return 0;
    if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * this.gauss()));
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.float();
    while (p > limit) {
      k++;
      p *= this.float();
    }
    return k;
  }

  /** `words` × 8 lower-case hex characters, as one flat string. */
  hex(words: number): string {
    let out = '';
    while (words > 0) {
      const n = Math.min(words, SCRATCH_WORDS);
      for (let i = 0; i < n; i++) putWord(i, this.u32());
      out += SCRATCH.toString('hex', 0, n * 4);
      words -= n;
    }
    return out;
  }
}

// Hex is produced by filling a scratch buffer and converting it in one native call: building
// it from 2-character pieces would create thousands of rope nodes per block for the GC.
const SCRATCH_WORDS = 4096;
const SCRATCH = Buffer.allocUnsafe(SCRATCH_WORDS * 4);

function putWord(i: number, w: number): void {
  const o = i * 4;
  SCRATCH[o] = w >>> 24;
  SCRATCH[o + 1] = w >>> 16;
  SCRATCH[o + 2] = w >>> 8;
  SCRATCH[o + 3] = w;
}

/** Up to 8 words as one flat hex string. */
export function hexWords(w0: number, w1: number, w2: number, w3: number, w4: number, w5 = 0, w6 = 0, w7 = 0, count = 5): string {
  putWord(0, w0);
  putWord(1, w1);
  putWord(2, w2);
  putWord(3, w3);
  putWord(4, w4);
  putWord(5, w5);
  putWord(6, w6);
  putWord(7, w7);
  return SCRATCH.toString('hex', 0, count * 4);
}

/** A 32-bit word as exactly 8 lower-case hex characters. */
export function hex8(w: number): string {
  return (w >>> 0).toString(16).padStart(8, '0');
}
