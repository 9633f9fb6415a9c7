// Application metadata the store keeps beside the facts: OLI label rows (which contract is
// what), the project directory (who the owner_projects are) and token market data. Sources
// (src/sources/labels, projects, market) parse and validate; the store only persists and reads.
// Labels are kept as imported, per chain, and resolved (cross-chain fallback) at build time, so
// a relabel is reflected at the next build without recomputing any fact.

/** One OLI label row, after validation. */
export interface LabelRow {
  origin_key: string;
  /** Lower-case 0x address. */
  address: string;
  contract_name: string | null;
  owner_project: string | null;
  /** An OLI usage_category id, or null. */
  usage_category: string | null;
  /** The OLI verification flag (`is_contract_verified` / `_verified`): null when the row lacks it. */
  verified: boolean | null;
}

/** One project of the directory, OSS Directory fields plus the operator overlay. */
export interface ProjectRow {
  owner_project: string;
  display_name: string;
  description: string | null;
  main_github: string | null;
  twitter: string | null;
  website: string | null;
  logo_path: string | null;
  token_symbol: string | null;
  /** Market-data id (CoinGecko coin id) of the project's token. */
  market_data_id: string | null;
  /** Free-form feature flags from the overlay. */
  features: string[];
}

/** One day of a token's market data (USD). */
export interface MarketRow {
  market_data_id: string;
  /** Day start, unix ms UTC. */
  day_ms: number;
  price_usd: number | null;
  market_cap_usd: number | null;
  volume_usd: number | null;
}

export interface LabelStore {
  /** Replaces every label row (an import is the whole truth of its sources). */
  replaceLabels(rows: readonly LabelRow[]): Promise<void>;
  readLabels(): Promise<LabelRow[]>;
  /** Replaces the whole project directory. */
  replaceProjects(rows: readonly ProjectRow[]): Promise<void>;
  readProjects(): Promise<ProjectRow[]>;
  /** Upserts market days (a later fetch of the same day replaces it). */
  writeMarketData(rows: readonly MarketRow[]): Promise<void>;
  readMarketData(marketDataId: string): Promise<MarketRow[]>;
  /** Market days of several ids in one read (the application documents read every project's token at once), by id then day. */
  readMarketDataFor(marketDataIds: readonly string[]): Promise<MarketRow[]>;
}
