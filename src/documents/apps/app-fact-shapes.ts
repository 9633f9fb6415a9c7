// The shapes of the application facts one build reads (app-facts.ts) and sums
// (app-fact-sums.ts), and the documents read: in a file of their own so that the reader and the
// summing pass both import them without importing each other.
/** The total over all chains is keyed '*'. */
export const ALL_CHAINS = '*';

/** chain ('*' = all) → fact key → period → value. */
export type PeriodFacts = Map<string, Map<string, Map<number, number | null>>>;
/** chain ('*' = all) → fact key → one value per APP_WINDOWS entry (undefined: no fact in it). */
export type WindowFacts = Map<string, Map<string, Array<number | null | undefined>>>;

export interface ProjectFacts {
  daily: PeriodFacts;
  hourly: PeriodFacts;
  windows: WindowFacts;
  /** chain ('*') → day → distinct senders. */
  daaDaily: Map<string, Map<number, number>>;
  /** chain ('*') → distinct senders per window. */
  daaWindows: Map<string, number[]>;
  /**
   * chain → hour → distinct senders and transactions counted in the raw transactions still
   * stored (hours without any: no entry). Per chain only: the hourly series are per chain.
   */
  sendersHourly: Map<string, Map<number, { txcount: number; senders: number }>>;
}

export interface ContractFacts {
  /** fact key → one value per window. */
  windows: Map<string, Array<number | null | undefined>>;
  daa: number[];
}

export interface AppFacts {
  /** Day windows [from, to] (inclusive day starts), one per APP_WINDOWS entry. */
  windows: Array<[number, number]>;
  /** The last complete day. */
  last_day: number;
  hours_from: number;
  projects: Map<string, ProjectFacts>;
  /** `${origin_key}:${address}` → the contract's window figures. */
  contracts: Map<string, ContractFacts>;
}

export const contractKey = (origin_key: string, address: string): string => `${origin_key}:${address}`;
