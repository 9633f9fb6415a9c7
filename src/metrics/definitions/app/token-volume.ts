// Application token_volume (METRICS.md section 4): the project token's 24-hour trading volume
// per day from the market-data source, under the key `all`.
import type { AppMetric, SourceFact } from '../../definition.js';
import { eth, usd } from '../../units.js';

export const TOKEN_VOLUME: SourceFact = { key: 'token_volume', unit: 'money', granularities: ['daily'] };

export const appTokenVolume: AppMetric = {
  table: 'app',
  metric_id: 'token_volume',
  name: 'Token Volume',
  description: "The 24-hour trading volume of the project's token.",
  category: 'market',
  source_names: ['Market data', 'Price feed'],
  avg: false,
  currency: true,
  units: { usd: usd(0, true), eth: eth(2, true) },
  aggregate: { kind: 'market', field: 'volume_usd', fact: TOKEN_VOLUME },
  input: { kind: 'source', source: { from: 'market_data', field: 'volume' }, facts: [TOKEN_VOLUME] },
  requires: ['apps'],
  dimension: 'project',
  status: 'computed',
};
