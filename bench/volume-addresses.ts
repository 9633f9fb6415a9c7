// Where bench:volume's addresses come from: disjoint numeric ranges, written as 40 hex digits,
// so that a sender is never taken for a contract, a batch poster or a deployed contract. People
// (senders, receivers of native transfers) share one range over all chains, so the same address
// is active on several chains as on the real ecosystem; contracts are per chain.
import { hex } from './row-forms.js';

export const PEOPLE_AT = 1e12;
export const contractsAt = (c: number): number => 2e12 + c * 1e8;
export const POSTERS_AT = 3e12;
export const INBOXES_AT = 3e12 + 1_000;
/** Contracts deployed on chain c by its transaction j (j < 10^10). */
export const deployedAt = (c: number): number => 4e12 + c * 1e10;

/** The batch poster of the chain at index c (its settlement address). */
export const posterAddress = (c: number): `0x${string}` => hex(POSTERS_AT + c, 40) as `0x${string}`;
export const contractAddress = (c: number, rank: number): string => hex(contractsAt(c) + rank, 40);
