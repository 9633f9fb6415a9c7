// Application token_price (METRICS.md section 4): the project token's price per day from the
// market-data source, under the key `all`.
import type { AppMetric, SourceFact } from '../../definition.js';
import { eth, usd } from '../../units.js';

export const TOKEN_PRICE: SourceFact = { key: 'token_price', unit: 'money', granularities: ['daily'] };

export const appTokenPrice: AppMetric = {
  table: 'app',
  metric_id: 'token_price',
  name: 'Token Price',
  description: "The price of the project's token.",
  category: 'market',
  source_names: ['Market data', 'Price feed'],
  avg: false,
  currency: true,
  units: { usd: usd(4, false), eth: eth(8, false) },
  aggregate: { kind: 'market', field: 'price_usd', fact: TOKEN_PRICE },
  input: { kind: 'source', source: { from: 'market_data', field: 'price' }, facts: [TOKEN_PRICE] },
  requires: ['apps'],
  dimension: 'project',
  status: 'computed',
};
