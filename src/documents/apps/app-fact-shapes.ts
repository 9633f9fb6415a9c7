// The shapes of the application facts one build reads (app-facts.ts) and sums
// (app-fact-sums.ts), and the documents read: in a file of their own so that the reader and the
// summing pass both import them without importing each other.
import type { GroupDistinctResult, GroupWindowRow } from '../../store/contract-facts.js';

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

/**
 * What the application overview tables read beyond the details' figures (app-overview-rows.ts),
 * made with the daily part from the same reads (app-facts.ts), for every project and contract
 * read: rows as the store's group reads give them, per chain.
 */
export interface OverviewFigures {
  /** The windows before each table window, and the spans, these were computed for (app-overview-windows.ts). */
  prev: Array<[number, number]>;
  spans: Array<[number, number]>;
  /** Per project and chain, the summed keys over each prev window. */
  prevSums: GroupWindowRow[];
  /** Per project and chain, the distinct senders over each prev window. */
  prevDaa: GroupDistinctResult;
  /** Per contract, its transactions over each span. */
  spanTx: GroupWindowRow[];
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
  /** Made with the daily part (absent where a caller built the facts another way: the tables then read their own). */
  overview?: OverviewFigures;
}

export const contractKey = (origin_key: string, address: string): string => `${origin_key}:${address}`;
