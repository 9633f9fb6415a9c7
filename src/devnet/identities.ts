// Who sends and receives: the sender population (shared by all chains of one seed, like real
// EOAs that use several chains), the L2 batchers on the devnet L1, and the well-known system
// addresses of the OP Stack and Arbitrum.
import { createHash } from 'node:crypto';
import { hashInts, hexWords } from './prng.js';

export const OP_DEPOSITOR_ACCOUNT = '0xdeaddeaddeaddeaddeaddeaddeaddeaddead0001';
export const OP_L1_BLOCK_PREDEPLOY = '0x4200000000000000000000000000000000000015';
export const ARBOS_ADDRESS = '0x00000000000000000000000000000000000a4b05';
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Addresses of the sender population, by rank (rank 0 is the most active sender). */
export class Population {
  private readonly cache = new Map<number, string>();

  constructor(private readonly seed: number) {}

  address(rank: number): string {
    let a = this.cache.get(rank);
    if (a === undefined) {
      const s = this.seed;
      a = `0x${hexWords(hashInts(s, rank, 0, 0x5e4d), hashInts(s, rank, 1, 0x5e4d), hashInts(s, rank, 2, 0x5e4d), hashInts(s, rank, 3, 0x5e4d), hashInts(s, rank, 4, 0x5e4d))}`;
      // Bounded: ranks come from a population of at most a few hundred thousand.
      if (this.cache.size > 500_000) this.cache.clear();
      this.cache.set(rank, a);
    }
    return a;
  }
}

/** The account that posts an L2's batches to the devnet L1 (its registry settlement address). */
export function batcherAddress(origin_key: string): `0x${string}` {
  return `0x${createHash('sha256').update(`chainlytics-devnet|batcher|${origin_key}`).digest('hex').slice(0, 40)}`;
}

/** OP-style batch inbox: 0xff00…00 followed by the chain id. */
export function batchInboxAddress(evm_chain_id: number): string {
  const id = evm_chain_id.toString(16);
  return `0xff${'0'.repeat(38 - id.length)}${id}`;
}
