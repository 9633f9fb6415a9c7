// OpenAPI component schemas of /v1/economics.json (CONTRACT.md 11.1).
import { arrayOf, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';

const num: OpenApiSchema = { type: 'number' };
const moneyTypes: OpenApiSchema = { const: ['usd', 'eth'] };
const moneyPair = (description: string): OpenApiSchema => ({ type: 'array', prefixItems: [num, num], items: false, minItems: 2, maxItems: 2, description });
const single = (description: string): OpenApiSchema => ({ type: 'array', prefixItems: [num], items: false, minItems: 1, maxItems: 1, description });

const series = (description: string): OpenApiSchema =>
  obj({
    types: { const: ['unix', 'usd', 'eth'] },
    data: { ...arrayOf({ type: 'array', prefixItems: [ref('UnixMs'), num, num], items: false, minItems: 3 }), minItems: 1, description },
  });

const window = (split: boolean): OpenApiSchema =>
  obj({
    revenue: obj({ types: moneyTypes, total: moneyPair('Σ fees over the window, [usd, eth].') }),
    costs: obj({
      types: moneyTypes,
      total: moneyPair('Σ rent_paid over the window, [usd, eth].'),
      ...(split
        ? {
            costs_l1: moneyPair('total − costs_blobs: the execution gas of the batch transactions (calldata, state roots, proofs).'),
            costs_blobs: moneyPair('Σ blob fees (blob_gas_used × blob_gas_price_wei) of the batch transactions.'),
          }
        : {}),
    }),
    profit: obj({ types: moneyTypes, total: moneyPair('revenue − costs.') }),
    profit_margin: obj({ types: { const: ['percentage'] }, total: single('profit_eth ÷ revenue_eth, a fraction capped at 1 (may be negative); 0 when revenue is 0.') }),
    size: obj({ types: { const: ['bytes'] }, total: single('Σ blob bytes (blob_gas_used) of the batch transactions.') }),
  });

const windows = (split: boolean): OpenApiSchema => obj(Object.fromEntries(['1d', '7d', '30d', '90d', '180d', '365d', 'max'].map((w) => [w, window(split)])));

const threeSeries = (what: string): OpenApiSchema =>
  obj({
    revenue: series(`${what} fees.`),
    costs: series(`${what} rent_paid.`),
    profit: series(`${what} fees − rent_paid.`),
  });

const carousel = (what: string): OpenApiSchema =>
  obj({
    metric_name: str,
    source: arrayOf(str),
    avg: { const: 'true' },
    daily: series(`${what} per day over the listed chains, the last 720 days (zeros included).`),
    monthly: series(`${what} per calendar month of those days (the first month partial, the current one last).`),
  });

export const economicsSchemas: Record<string, OpenApiSchema> = {
  EconomicsChain: {
    ...windows(true),
    properties: {
      ...(windows(true).properties as Record<string, OpenApiSchema>),
      daily: threeSeries('Every day from the first day with rent_paid > 0 to the last complete day (0-filled):'),
      monthly: threeSeries('Calendar-month sums of the daily rows, the current month last:'),
    },
    required: ['1d', '7d', '30d', '90d', '180d', '365d', 'max', 'daily', 'monthly'],
  },
  Economics: obj({
    data: obj({
      all_l2s: obj({
        chain_id: { const: 'all_l2s' },
        chain_name: str,
        metrics: obj({
          fees: carousel('Fees'),
          costs: obj({ costs_l1: carousel('rent_paid − blob fees'), costs_blobs: carousel('Blob fees') }, ['costs_l1', 'costs_blobs'], { additionalProperties: false }),
          profit: carousel('fees − rent_paid'),
        }, ['fees', 'costs', 'profit'], { additionalProperties: false }),
      }),
      chain_breakdown: {
        ...mapOf(ref('EconomicsChain'), 'Keyed by origin_key: every PROD L2 whose da_layer names Ethereum blobs or calldata and that has batch transactions; plus "totals".'),
        properties: { totals: windows(false) },
        required: ['totals'],
      },
      da_charts: obj({}, [], { additionalProperties: false }),
    }),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};
