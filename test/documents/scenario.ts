// A deterministic hand-made chain history for the document tests, and the test's own
// expectations computed straight from the transactions it wrote (never from the code under test).
import { feeOf, isUserTx, median, addr, GWEI, type BlockSpec, type TxSpec } from '../metrics/chain-fixture.js';
import type { ChainFamily } from '../../src/registry/types.js';
import { Rng } from '../../src/devnet/prng.js';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** The devnet's seeded generator as a function of floats in [0, 1), so scenarios are the same on every run. */
export function rng(seed: number): () => number {
  const g = new Rng(seed);
  return () => g.float();
}

export interface GenOptions {
  seed: number;
  /** First day (a day start, ms). */
  fromMs: number;
  days: number;
  /** Day indexes without any block (an ingestion gap / a halted chain). */
  gapDays?: number[];
  /** Day indexes with blocks but no transactions. */
  emptyDays?: number[];
  /** Day indexes whose only transactions are system transactions (gas price 0). */
  systemOnlyDays?: number[];
  /** Size of the sender pool (small pools repeat senders across days). */
  senders?: number;
}

const GAS = [21_000n, 180_000n, 250_000n, 400_000n];

export function genBlocks(o: GenOptions): BlockSpec[] {
  const r = rng(o.seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const blocks: BlockSpec[] = [];
  for (let d = 0; d < o.days; d++) {
    if (o.gapDays?.includes(d)) continue;
    const dayMs = o.fromMs + d * DAY;
    const nBlocks = 2 + Math.floor(r() * 4);
    const hours = [...new Set(Array.from({ length: nBlocks }, () => Math.floor(r() * 24)))].sort((a, b) => a - b);
    for (const h of hours) {
      const txs: TxSpec[] = [];
      if (o.systemOnlyDays?.includes(d)) txs.push({ from: addr(0x5e), gasPrice: 0n, gasUsed: 40_000n });
      else if (!o.emptyDays?.includes(d)) {
        const n = 1 + Math.floor(r() * 4);
        for (let i = 0; i < n; i++) {
          const gasUsed = pick(GAS);
          const system = r() < 0.08;
          txs.push({
            from: addr(1 + Math.floor(r() * (o.senders ?? 12))),
            to: r() < 0.05 ? null : addr(0xc0 + Math.floor(r() * 4)),
            gasUsed,
            gasPrice: system ? 0n : BigInt(1 + Math.floor(r() * 5)) * GWEI,
            l1Fee: system ? 0n : BigInt(Math.floor(r() * 1e6)),
            inputEmpty: gasUsed === 21_000n,
          });
        }
      }
      blocks.push({ time: Math.floor((dayMs + h * HOUR + Math.floor(r() * 3_599_000)) / 1000), txs });
    }
  }
  return blocks;
}

export function txsBetween(blocks: readonly BlockSpec[], loMs: number, hiMs: number): TxSpec[] {
  return blocks.filter((b) => b.time * 1000 >= loMs && b.time * 1000 < hiMs).flatMap((b) => b.txs ?? []);
}

/** The test's own reading of METRICS.md section 2 for one period's transactions. */
export function expectedPeriod(txs: readonly TxSpec[], seconds: number, family: ChainFamily = 'op') {
  const fees = txs.map((t) => feeOf(t, family));
  const positive = fees.filter((f) => f > 0n);
  const gas = txs.reduce((a, t) => a + Number((t.gasUsed ?? 21_000n) - (family === 'arbitrum' ? (t.l1GasUsed ?? 0n) : 0n)), 0);
  return {
    txcount: txs.filter((t) => isUserTx(t, family)).length,
    senders: new Set(txs.map((t) => t.from)),
    feeEth: Number(fees.reduce((a, b) => a + b, 0n)) / 1e18,
    medianEth: positive.length === 0 ? null : median(positive)! / 1e18,
    mgas: gas / seconds / 1e6,
  };
}
