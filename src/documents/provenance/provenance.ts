// Provenance — /v1/provenance.json (CONTRACT.md section 13, a chainlytics extension): per
// published chain, which blocks are stored, how final they are, which periods the documents
// include, the backfill running and the non-RPC sources its figures use; per document that
// combines chains, which chains it includes. Built last among the documents: it reads what the
// others built (ctx.supported, the flat exports' rows).
import { DAY_MS, HOUR_MS } from '../../clock.js';
import { formatUtc } from '../../metrics/calendar.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { documentPath } from '../openapi-components.js';
import { aggregateChains } from './aggregate-chains.js';
import { finalizedThrough, storedRange } from './chain-blocks.js';
import { chainSources, type SourceProvenance } from './chain-sources.js';
import { utcDay } from './metric-provenance.js';
import type { Backfill } from './provenance-inputs.js';
import { PROVENANCE_SCHEMAS } from './provenance-schema.js';

export const PROVENANCE_PATH = '/v1/provenance.json';

interface ChainProvenance {
  first_block: number;
  last_block: number;
  last_block_time: string;
  finalized_through_block: number;
  complete_hours_through: string | null;
  complete_days_through: string | null;
  backfill: Backfill | null;
  sources: Record<string, SourceProvenance>;
}

async function buildProvenance(ctx: BuildContext): Promise<DocumentInput[]> {
  const chains: Record<string, ChainProvenance> = {};
  for (const inputs of ctx.chains) {
    const { chain, status } = inputs;
    const range = await storedRange(ctx, chain.origin_key);
    if (!range) continue; // nothing stored: a published chain always has blocks
    chains[chain.origin_key] = {
      first_block: range.first.block_number,
      last_block: range.last.block_number,
      last_block_time: formatUtc(range.last.block_time * 1000),
      finalized_through_block: finalizedThrough(ctx, chain, range.last.block_number, range.last.block_number),
      complete_hours_through: status ? formatUtc(status.hours_until - HOUR_MS) : null,
      complete_days_through: status ? utcDay(status.days_until - DAY_MS) : null,
      backfill: ctx.provenance?.chains?.get(chain.origin_key)?.backfill ?? null,
      sources: chainSources(ctx, inputs),
    };
  }
  if (Object.keys(chains).length === 0) {
    ctx.report.skipped.push({ path: PROVENANCE_PATH, reason: 'no chain has a stored block yet' });
    return [];
  }
  const json = { last_updated_utc: formatUtc(ctx.builtAt), chains, aggregates: await aggregateChains(ctx) };
  return [{ path: PROVENANCE_PATH, json, freshness: 'hourly' }];
}

export const provenance: DocumentKind<'provenance'> = {
  route: 'provenance',
  path: PROVENANCE_PATH,
  matches: patternMatcher(PROVENANCE_PATH),
  scope: PROVENANCE_PATH,
  freshness: 'hourly',
  notFound: NOT_FOUND_ANY,
  description: 'Provenance: per chain the blocks stored, how final they are, the complete periods, backfill and sources; per aggregate the chains it includes.',
  openapi: {
    pathItem: documentPath({
      summary: 'Provenance',
      description:
        'Per published chain: first and last block stored, the newest block past its finality lag, the last complete hour and day the documents include, the backfill in progress, and each non-RPC source its figures use (last sync, days it could not give). Per document that combines chains (all_l2s, the fee table, the landing page, the ecosystem overview, the fundamentals files, every export): the origin_keys it includes.',
      schema: 'Provenance',
    }),
    schemas: PROVENANCE_SCHEMAS,
  },
  build: buildProvenance,
};
