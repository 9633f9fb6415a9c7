// `sources` of master.json (CONTRACT.md section 6): what each name in a metric's `source` list
// and a document's `details.source` stands for. Clients look every such name up in this map
// (`sources[name].url`), so test/documents/master.contract.test.ts checks that every
// `source_names` entry of the catalog has an entry here; a name missing from this list still
// gets an entry with empty url and description from sourcesFor(), never a missing key.

export interface SourceInfo {
  name: string;
  /** "" when the source has no single public address (the operator's own nodes). */
  url: string;
  description: string;
}

export const SOURCES: readonly SourceInfo[] = [
  {
    name: 'RPC',
    url: '',
    description: "Blocks, transactions and receipts read over JSON-RPC from the operator's nodes of each chain.",
  },
  {
    name: 'RPC (Ethereum)',
    url: '',
    description: "Ethereum mainnet transactions read over JSON-RPC, for what a chain pays to settle there (the operator's settlement_addresses).",
  },
  {
    name: 'Price feed',
    url: 'https://www.coingecko.com',
    description: 'Daily and hourly USD prices of ETH and of each gas token, from a CoinGecko-compatible API or the operator\'s price CSV files.',
  },
  {
    name: 'Market data',
    url: 'https://www.coingecko.com',
    description: "Market capitalisation and fully diluted valuation of a chain's token.",
  },
  {
    name: 'External',
    url: 'https://defillama.com',
    description: "A per-chain daily series (value secured, application revenue) from a DefiLlama-compatible API or the operator's CSV files.",
  },
  {
    name: 'OLI',
    url: 'https://www.openlabelsinitiative.org',
    description: 'Open Labels Initiative: contract labels (owner project, usage category) that attribute transactions to applications.',
  },
];

const BY_NAME = new Map(SOURCES.map((s) => [s.name, s]));

/**
 * The `sources` object: every known source, then any other name in `used` (in the order
 * given) with empty url and description, so a lookup by a published name never fails.
 */
export function sourcesFor(used: Iterable<string>): Record<string, SourceInfo> {
  const out: Record<string, SourceInfo> = {};
  for (const s of SOURCES) out[s.name] = { ...s };
  for (const name of used) if (!(name in out)) out[name] = BY_NAME.get(name) ?? { name, url: '', description: '' };
  return out;
}
