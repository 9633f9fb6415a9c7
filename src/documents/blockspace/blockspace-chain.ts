// A chain's blockspace — /v1/chains/blockspace/{origin_key}.json (CONTRACT.md section 10.5): the
// chain object itself (no envelope, no last_updated_utc, as the reference pages read it), with
// daily rows per main category over all history, the timeframes 1d, 7d, 30d, 180d and max, and
// the top 50 contracts of each category and timeframe. One document per chain with complete days
// of blockspace facts; the loaded data is kept in ctx.blockspace for the overview and master.json,
// and, in the service, between builds while the store's digests of what it reads are equal
// (blockspace-chain-cache.ts).
import { HINT_MASTER, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import { serialize, type DocumentInput } from '../document-set.js';
import { BLOCKSPACE_FACT_KEYS, loadChainBlockspace, type ChainBlockspace } from '../../metrics/blockspace-days.js';
import type { BlockspaceChainCache, KeptBlockspace } from './blockspace-chain-cache.js';
import {
  BLOCKSPACE_CONTRACT_TYPES,
  BLOCKSPACE_DAILY_TYPES,
  BLOCKSPACE_TOTAL_TYPES,
  BLOCKSPACE_VALUE_TYPES,
  chainObject,
  CHAIN_TIMEFRAMES,
  hasBlockspace,
} from './blockspace-object.js';
import { documentPath, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';

export const BLOCKSPACE_CHAIN_PATH = '/v1/chains/blockspace/{origin_key}.json';
/** Contracts listed per category and timeframe. */
export const CHAIN_TOP_CONTRACTS = 50;

export function blockspaceChainPath(originKey: string): string {
  return `/v1/chains/blockspace/${originKey}.json`;
}

async function buildBlockspaceChains(ctx: BuildContext): Promise<DocumentInput[]> {
  const loaded = new Map<string, ChainBlockspace>();
  ctx.blockspace = loaded;
  const labels = await ctx.store.readLabels();
  const digests = await digestsOf(ctx, labels);
  const out: DocumentInput[] = [];
  for (const { chain, status } of ctx.chains) {
    const path = blockspaceChainPath(chain.origin_key);
    if (!status) {
      ctx.report.skipped.push({ path, reason: 'no facts for this chain yet' });
      continue;
    }
    const make = async (): Promise<KeptBlockspace> => {
      const data = await loadChainBlockspace(ctx.store, chain.origin_key, status.days_until, labels);
      return { data, bytes: hasBlockspace(data) && digests ? serialize({ path, json: documentOf(chain.name, data), freshness: 'daily' }) : null };
    };
    const { data, bytes } = digests ? await digests.cache.chain(chain.origin_key, keyOf(digests, chain.origin_key, chain.name, status.days_until), make) : await make();
    if (!hasBlockspace(data)) {
      ctx.report.skipped.push({ path, reason: 'no complete day with transactions for this chain yet' });
      continue;
    }
    loaded.set(chain.origin_key, data);
    if (bytes === null) out.push({ path, json: documentOf(chain.name, data), freshness: 'daily' });
    // A copy each time: the compression workers take the memory of the body they are given.
    else out.push({ path, freshness: 'daily', bytes: () => Buffer.from(bytes), get json() { return documentOf(chain.name, data); } });
  }
  digests?.cache.keepOnly(new Set(ctx.chains.filter((c) => c.status).map((c) => c.chain.origin_key)));
  return out;
}

const documentOf = (name: string, data: ChainBlockspace): unknown => chainObject(name, data, { timeframes: CHAIN_TIMEFRAMES, dailyRows: true, topContracts: CHAIN_TOP_CONTRACTS });

interface Digests {
  cache: BlockspaceChainCache;
  chain: Map<string, string>;
  contract: Map<string, string>;
  labels: string;
}

/**
 * The store's digests of what every chain's blockspace reads, taken by the build context before
 * any read (a write between the digest and the read can only make the next build read again,
 * never keep stale days), in the same scan as the daily facts cache's; the labels as text once
 * for all chains.
 */
async function digestsOf(ctx: BuildContext, labels: readonly unknown[]): Promise<Digests | null> {
  const cache = ctx.blockspaceCache;
  if (!cache) return null;
  let taken = ctx.blockspaceDigests;
  if (!taken) {
    // A context made without them (a bench timing one kind): read here, still before the reads.
    const chains = ctx.chains.flatMap(({ chain, status }) => (status ? [{ origin_key: chain.origin_key, days_until: status.days_until }] : []));
    const [chain, contract] = await ctx.store.dailyFactFingerprintGroups({ chains, groups: [{ keys: BLOCKSPACE_FACT_KEYS.chain }, { keys: BLOCKSPACE_FACT_KEYS.contract, dimension: 'contract' }] });
    taken = { chain: chain!, contract: contract! };
  }
  return { cache, chain: taken.chain, contract: taken.contract, labels: JSON.stringify(labels) };
}

function keyOf(d: Digests, originKey: string, name: string, daysUntil: number): string {
  return JSON.stringify([name, daysUntil, d.chain.get(originKey) ?? null, d.contract.get(originKey) ?? null, d.labels]);
}

const columns = (names: readonly string[]) => ({ type: 'array', items: str, description: `Exactly ${JSON.stringify(names)}.` }) as OpenApiSchema;

const schemas: Record<string, OpenApiSchema> = {
  BlockspaceCategoryWindow: {
    type: 'object',
    properties: {
      data: { type: 'array', items: ref('Value'), description: `The six values ${JSON.stringify(BLOCKSPACE_VALUE_TYPES)}; shares are fractions 0..1 of the window's total.` },
      contracts: { ...ref('TypedTable'), description: `Columns ${JSON.stringify(BLOCKSPACE_CONTRACT_TYPES)}: the category's top contracts of the window by fees.` },
    },
    description: 'Empty object when the category had no transactions in the window.',
  },
  BlockspaceChain: obj({
    chain_name: str,
    daily: {
      type: 'object',
      properties: { types: columns(BLOCKSPACE_DAILY_TYPES) },
      required: ['types'],
      additionalProperties: obj({ data: { type: 'array', items: { type: 'array', items: ref('Value') } } }),
      description: 'Keyed by every main category of master.json blockspace_categories: daily rows, ascending, shares of the day total (data [] for a category never used).',
    },
    overview: {
      type: 'object',
      properties: { types: columns(BLOCKSPACE_VALUE_TYPES) },
      required: ['types'],
      additionalProperties: mapOf(ref('BlockspaceCategoryWindow'), 'Keyed by every main category.'),
      description: 'Keyed by timeframe (1d, 7d, 30d, 180d, max; the overview document: 7d, 30d, 90d, 180d, 365d, max).',
    },
    totals: {
      type: 'object',
      properties: { types: columns(BLOCKSPACE_TOTAL_TYPES) },
      required: ['types'],
      additionalProperties: obj({ data: { type: 'array', items: ref('Value') } }),
      description: 'Keyed by timeframe: the totals of every category.',
    },
  }),
};

export const blockspaceChain: DocumentKind<'blockspace_chain'> = {
  route: 'blockspace_chain',
  path: BLOCKSPACE_CHAIN_PATH,
  matches: patternMatcher(BLOCKSPACE_CHAIN_PATH),
  scope: '/v1/chains/blockspace/',
  freshness: 'daily',
  notFound: { message: 'No blockspace document for this chain.', hint: HINT_MASTER },
  description: "A chain's blockspace: fees and transactions per main category, daily and over timeframes, with top contracts.",
  openapi: {
    pathItem: documentPath({
      summary: 'Chain blockspace',
      description:
        'The chain object itself (no envelope): daily rows per main category over all history, the timeframes 1d, 7d, 30d, 180d and max with shares as fractions, totals, and the top 50 contracts per category and timeframe by fees.',
      schema: 'BlockspaceChain',
      params: ['origin_key'],
    }),
    schemas,
  },
  build: buildBlockspaceChains,
};
