// What a build that keeps the application facts of the previous one (documents/apps/app-facts-cache.ts)
// asks the store to read only what changed.
//
// Content fingerprints of what the application documents read (documents/apps/app-facts.ts), so a
// build can tell from the store itself, not from the facts engine's word, whether the facts it
// kept from the previous build are still exact: another process may have written facts
// (`ingest`, `build --no-ingest`), a price may have re-converted money, a reorg may have
// recomputed a complete day, `facts --full` may have rewritten everything.
//
// A fingerprint is an order-independent digest of a multiset of rows: the row count, the XOR and
// the sum (mod 2^64) of a 64-bit hash of each row's columns, so any row added, removed or
// changed changes it except by a hash collision. Only the columns the application reads depend
// on are hashed, so equal fingerprints mean equal read results. Fingerprints are compared
// within one engine only (the hash functions differ between engines).

import type { ContractRef } from './contract-facts.js';

export interface ContractFingerprintQuery {
  /** Contract fact keys the application documents read. */
  keys: readonly string[];
  /** The contract address set of the distinct-sender reads (e.g. 'contract_senders'). */
  set_key: string;
  /** The hourly sender read's address expression over the transactions `t`. */
  address_sql: string;
  /** Daily facts and sets of days before this. */
  days_until: number;
  /** Hourly facts and raw contract transactions of hours in [hours_from, hours_until). */
  hours_from: number;
  hours_until: number;
}

export interface ContractFingerprints {
  /** Every contract's daily facts of the keys and sender sets of the days before days_until. */
  daily: string;
  /**
   * Per hour start: the hour's hourly contract facts of the keys and its raw contract
   * transactions (what the hourly sender count reads). Hours with neither have no entry.
   */
  hourly: Map<number, string>;
}

/** Hours [hours_from, hours_until) of the hourly contract facts of `keys` and of the raw contract transactions. */
export interface ContractHoursQuery {
  keys: readonly string[];
  hours_from: number;
  hours_until: number;
}

export interface ContractChangeStore {
  contractFingerprints(q: ContractFingerprintQuery): Promise<ContractFingerprints>;
  /**
   * The contracts with an hourly fact of the keys or a raw contract transaction in the hours,
   * in no particular order: the only contracts an hourly read of those hours returns rows for,
   * so a read of one new hour can name a few hundred contracts instead of every one.
   */
  contractsInHours(q: ContractHoursQuery): Promise<ContractRef[]>;
}
