// Values read from a chain's state at a block (eth_call), one per day: what the stablecoin
// source stores and the metrics stage turns into facts. A day the node could not answer for
// (no archive state) is a gap with its reason, kept apart so that it is reported, never
// published as 0.

/** totalSupply() of one token at the day's last block, in whole tokens (÷ 10^decimals). */
export interface SupplySample {
  origin_key: string;
  /** Lower-case token contract. */
  address: string;
  day_ms: number;
  block_number: number;
  supply: number;
}

export interface SampleGap {
  origin_key: string;
  /** What could not be read, e.g. 'stablecoin_supply'. */
  source: string;
  day_ms: number;
  reason: string;
}

/** One day's value of an external per-chain series (tvl, app_revenue), in USD. */
export interface ExternalValue {
  origin_key: string;
  /** Which series, e.g. 'tvl'. */
  series: string;
  day_ms: number;
  usd: number;
}

export interface SampleStore {
  /** Replaces the stored days of the given series and chain by `rows` (days not in it are kept). */
  writeExternalValues(rows: readonly ExternalValue[]): Promise<void>;
  /** A chain's values of one series, ascending by day. */
  readExternalValues(originKey: string, series: string): Promise<ExternalValue[]>;
  /** Upsert by (origin_key, address, day). */
  writeSupplySamples(rows: readonly SupplySample[]): Promise<void>;
  readSupplySamples(originKey: string): Promise<SupplySample[]>;
  /** Records gaps (replacing the reason of a known day) and forgets `cleared` days of the source. */
  writeSampleGaps(originKey: string, source: string, gaps: ReadonlyArray<{ day_ms: number; reason: string }>, cleared: readonly number[]): Promise<void>;
  /** Gaps of the chains, ascending by chain, source and day. */
  readSampleGaps(originKeys: readonly string[]): Promise<SampleGap[]>;
  /**
   * For each of the days, the last stored block with a time inside it, when the store also
   * holds a block after the day's end (the day is complete on the stored chain).
   */
  lastBlocksOfDays(originKey: string, days: readonly number[]): Promise<Map<number, number>>;
}
