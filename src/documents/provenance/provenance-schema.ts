// The OpenAPI schemas of provenance (CONTRACT.md section 13): /provenance.json's, declared by its
// kind, and `details.provenance` of the chain metric details, declared by theirs.
import { arrayOf, date, int, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';
import { SOURCE_IDS } from './provenance-inputs.js';

const block = (description: string): OpenApiSchema => ({ ...int, minimum: 0, description });
const utcTime = (description: string): OpenApiSchema => ({ ...ref('LastUpdatedUtc'), description });
const nullable = (s: OpenApiSchema, description: string): OpenApiSchema => ({ oneOf: [s, { type: 'null' }], description });

/** `details.provenance` of a chain metric detail. */
export const METRIC_PROVENANCE_SCHEMA: OpenApiSchema = obj(
  {
    first_block: block('The first block of the first day of the daily series.'),
    last_block: block("The last block of the document's last complete period: its last complete hour when it has an hourly series, else its last day."),
    last_block_time: utcTime("last_block's time, YYYY-MM-DD HH:MM:SS UTC."),
    finalized_through_block: block("The newest of those blocks past the chain's finality_lag (blocks after it may still be replaced by a reorg)."),
    complete_days_through: { ...date, description: 'The last day of the daily series.' },
    sources: { ...arrayOf(str), description: 'The names of master.json "sources" the figures come from (as details.source).' },
  },
  undefined,
  { description: 'Which blocks the figures were computed from and how final they are (a chainlytics extension, additive).' },
);

export const PROVENANCE_SCHEMAS: Record<string, OpenApiSchema> = {
  SourceProvenance: obj(
    {
      last_sync_utc: nullable(ref('LastUpdatedUtc'), 'When the service last synced the source; null when the running process has not yet.'),
      missing_days: { ...arrayOf(date), description: 'Days the source could not give for this chain, ascending: their figures are null, never 0.' },
    },
    undefined,
    { description: 'One non-RPC source of a chain.' },
  ),
  ChainProvenance: obj({
    first_block: block('The first block stored.'),
    last_block: block('The newest block stored (contiguously from first_block).'),
    last_block_time: utcTime("last_block's time, YYYY-MM-DD HH:MM:SS UTC."),
    finalized_through_block: block("The newest stored block past the chain's finality_lag behind the node's head."),
    complete_hours_through: nullable(ref('LastUpdatedUtc'), 'Start of the last complete UTC hour the documents include; null before the first.'),
    complete_days_through: nullable(date, 'The last complete UTC day the documents include; null before the first.'),
    backfill: nullable(obj({ done: { ...int, minimum: 0 }, total: { ...int, minimum: 0 } }), 'Blocks stored of the range from the start block to the head while a backfill runs; null otherwise.'),
    sources: {
      ...mapOf(ref('SourceProvenance'), `Keyed by source (${SOURCE_IDS.join(', ')}, the names /metrics gives them): those the chain's figures use.`),
      propertyNames: { enum: [...SOURCE_IDS] },
    },
  }),
  Provenance: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    chains: mapOf(ref('ChainProvenance'), 'Keyed by origin_key: every published chain, in configuration order.'),
    aggregates: mapOf(
      { ...arrayOf(str), description: 'origin_keys, in configuration order.' },
      'Keyed by "all_l2s" (every chain of any all_l2s metric detail; each document lists its own in details.chains) and by the path of each document that combines chains: the fee table, the landing page, the ecosystem overview, the fundamentals files and every export.',
    ),
  }),
};
