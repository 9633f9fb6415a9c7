// Application market_cap (METRICS.md section 4): the project token's market capitalisation per
// day from the market-data source, published under the key `all` (a token is not per chain).
import type { AppMetric, SourceFact } from '../../definition.js';
import { eth, usd } from '../../units.js';

export const TOKEN_MARKET_CAP: SourceFact = { key: 'token_market_cap', unit: 'money', granularities: ['daily'] };

export const appMarketCap: AppMetric = {
  table: 'app',
  metric_id: 'market_cap',
  name: 'Market Cap',
  description: "The project token's price times its circulating supply.",
  category: 'market',
  source_names: ['Market data', 'Price feed'],
  avg: false,
  currency: true,
  units: { usd: usd(0, true), eth: eth(2, true) },
  aggregate: { kind: 'market', field: 'market_cap_usd', fact: TOKEN_MARKET_CAP },
  input: { kind: 'source', source: { from: 'market_data', field: 'market_cap' }, facts: [TOKEN_MARKET_CAP] },
  requires: ['apps'],
  dimension: 'project',
  status: 'computed',
};
