// Chain overview — /v1/chains/{origin_key}/overview.json (CONTRACT.md section 3): one document
// per chain with data. The parts are built in their own files: ranking and KPI cards
// (overview-ranking.ts), achievements (overview-achievements.ts), highlights
// (overview-highlights.ts), blockspace (metrics/blockspace.ts) and ecosystem
// (overview-ecosystem.ts); events are the registry's, as authored.
import { DAY_MS } from '../../clock.js';
import { blockspaceTable, BLOCKSPACE_COLUMNS } from '../../metrics/blockspace.js';
import { formatUtc } from '../../metrics/calendar.js';
import type { BlockspaceRow } from '../../store/blockspace.js';
import { appData } from '../apps/app-data.js';
import { HINT_MASTER, patternMatcher, type BuildContext, type ChainInputs, type DocumentKind } from '../document-kind.js';
import { checkedJsonText, type DocumentInput } from '../document-set.js';
import { JsonSlots, partBytes, spliceJson } from '../json-splice.js';
import { readFingerprints } from '../raw-window-memo.js';
import { dailyRows } from '../metric-detail/metric-detail-json.js';
import { chainAchievements, lifetimeDistinct, type SeriesOf } from './overview-achievements.js';
import { chainEcosystem } from './overview-ecosystem.js';
import { chainHighlights } from './overview-highlights.js';
import { chainRankingAndCards, rankedMetrics, rankedSeries, rankingDay, rankings, type SeriesByMetric } from './overview-ranking.js';
import { arrayOf, date, documentPath, int, mapOf, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';

export const CHAIN_OVERVIEW_PATH = '/v1/chains/{origin_key}/overview.json';
/** Complete days the blockspace table covers. */
export const BLOCKSPACE_DAYS = 7;

export function chainOverviewPath(originKey: string): string {
  return `/v1/chains/${originKey}/overview.json`;
}

async function buildChainOverviews(ctx: BuildContext): Promise<DocumentInput[]> {
  const metrics = rankedMetrics(ctx);
  const labels = await ctx.store.readLabels();
  const apps = await appData(ctx);
  const cache = ctx.overviewCache;
  // Made only when a chain's overview is made: with every overview kept they are not needed.
  let ranked: { series: SeriesByMetric; tables: ReturnType<typeof rankings> } | undefined;
  const rankedNow = () => {
    if (!ranked) {
      const series = rankedSeries(ctx);
      ranked = { series, tables: rankings(metrics, series, rankingDay(ctx)) };
    }
    return ranked;
  };
  const windows = new Map(
    ctx.chains.flatMap(({ chain, status }) => (status ? [[chain.origin_key, { from_ms: status.days_until - BLOCKSPACE_DAYS * DAY_MS, until_ms: status.days_until }] as const] : [])),
  );
  const rawWindow = (ok: string, w: { from_ms: number; until_ms: number }) => ({ origin_keys: [ok], hours_from: w.from_ms, hours_until: w.until_ms });
  // The weeks' digests in one read for all chains, before any of their reads.
  const fingerprints = ctx.rawMemo ? await readFingerprints(ctx.store, [...windows].map(([ok, w]) => rawWindow(ok, w))) : undefined;
  // What every overview reads besides its own chain's: all chains' daily facts and bounds (the
  // ranking), the metrics and the labels (the blockspace split).
  const shared = cache ? { objects: ctx.chains.map((c) => c.facts?.daily ?? null), key: JSON.stringify([ctx.chains.map((c) => [c.chain.origin_key, c.status?.days_until ?? null]), ctx.metrics.map((m) => m.metric_id), metrics.map((m) => m.metric_id), labels]) } : undefined;
  const out: DocumentInput[] = [];
  for (const inputs of ctx.chains) {
    const ok = inputs.chain.origin_key;
    const path = chainOverviewPath(ok);
    const w = windows.get(ok);
    const q = { origin_key: ok, from_ms: w?.from_ms ?? 0, until_ms: w?.until_ms ?? 0 };
    // Complete days: unchanged from one hourly build to the next unless their raw rows changed.
    const counts = async () =>
      ctx.rawMemo ? ctx.rawMemo.get(ctx.store, `blockspaceCounts ${ok}`, rawWindow(ok, q), () => ctx.store.blockspaceCounts(q), fingerprints) : ctx.store.blockspaceCounts(q);
    const ecosystem = chainEcosystem(ok, apps);
    const make = async (seriesOf: SeriesOf, distinct: ReadonlyMap<string, readonly number[]>, blockspace: () => Promise<BlockspaceRow[]>): Promise<OverviewData | null> => {
      const { series, tables } = rankedNow();
      const { ranking, kpi_cards } = chainRankingAndCards(ok, metrics, series, tables);
      if (!inputs.status || Object.keys(kpi_cards).length === 0) return null;
      const achievements = chainAchievements(seriesOf, distinct);
      const rankedRows = metrics.flatMap((m) => {
        const rows = series.get(m.metric_id)?.get(ok);
        return rows ? [{ metric: m, rows }] : [];
      });
      return {
        chain_id: ok,
        chain_name: inputs.chain.name,
        highlights: chainHighlights(rankedRows, achievements.trails),
        events: inputs.chain.events.map((e) => ({ ...e })),
        ranking,
        kpi_cards,
        achievements: achievements.json,
        blockspace: { types: [...BLOCKSPACE_COLUMNS], data: blockspaceTable(ok, await blockspace(), labels) },
        ecosystem,
      };
    };
    let data: OverviewData | 'kept' | null;
    let bytes: Buffer | null = null;
    if (!cache || !shared) {
      const seriesOf = chainSeries(ctx, inputs, rankedNow().series);
      data = inputs.status ? await make(seriesOf, await lifetimeDistinct(ctx.store, ok, seriesOf), counts) : null;
    } else {
      // The series of this chain alone are enough to ask the lifetime distinct counts again.
      const seriesOf = chainSeries(ctx, inputs, new Map());
      const distinct = inputs.status ? await lifetimeDistinct(ctx.store, ok, seriesOf) : new Map<string, number[]>();
      const blockspace = inputs.status ? await counts() : [];
      const key = JSON.stringify([shared.key, inputs.chain.name, inputs.chain.events, [...distinct], ecosystem]);
      const fresh: { data?: OverviewData | null } = {};
      bytes = await cache.overview(ok, [...shared.objects, blockspace], key, async () => {
        fresh.data = inputs.status ? await make(chainSeries(ctx, inputs, rankedNow().series), distinct, async () => blockspace) : null;
        return fresh.data === null ? null : partBytes(fresh.data, path);
      });
      // A kept overview's value is its bytes read back (JSON.stringify of it gives the same bytes), made only when read.
      data = fresh.data !== undefined ? fresh.data : bytes === null ? null : 'kept';
    }
    if (data === null) {
      ctx.report.skipped.push({ path, reason: 'no complete day of data for this chain yet' });
      continue;
    }
    ctx.overviews.add(ok);
    const updated = formatUtc(ctx.builtAt);
    if (bytes === null) {
      out.push({ path, json: { last_updated_utc: updated, data }, freshness: 'daily' });
      continue;
    }
    const kept = bytes;
    const made = data;
    const value = () => ({ last_updated_utc: updated, data: made === 'kept' ? (JSON.parse(kept.toString('utf8')) as unknown) : made });
    out.push({
      path,
      freshness: 'daily',
      get json() {
        return value();
      },
      bytes: () => {
        const slots = new JsonSlots();
        // A string of the data that looks like a slot (spliceJson: null) falls back to the whole document.
        return spliceJson({ last_updated_utc: updated, data: slots.slot(kept) }, slots, path) ?? Buffer.from(checkedJsonText(value(), path), 'utf8');
      },
    });
  }
  cache?.keepOnly(new Set(ctx.chains.filter((c) => c.status).map((c) => c.chain.origin_key)));
  return out;
}

/** An overview's `data`: everything it publishes but last_updated_utc. */
interface OverviewData {
  chain_id: string;
  chain_name: string;
  highlights: unknown;
  events: unknown;
  ranking: unknown;
  kpi_cards: unknown;
  achievements: unknown;
  blockspace: unknown;
  ecosystem: unknown;
}

/** A chain's daily rows of any computed metric (the ranked ones computed once for all chains). */
function chainSeries(ctx: BuildContext, inputs: ChainInputs, series: SeriesByMetric): SeriesOf {
  return (metricId) => {
    const metric = ctx.metrics.find((m) => m.metric_id === metricId);
    if (!metric || !inputs.status || !inputs.facts) return undefined;
    const rows = series.get(metricId)?.get(inputs.chain.origin_key) ?? dailyRows(metric, inputs.facts, inputs.status);
    return rows.length > 0 ? { metric, rows } : undefined;
  };
}

const schemas: Record<string, OpenApiSchema> = {
  // KpiCard is also the shape of the application detail's kpi_cards (app-details.ts refers to it).
  KpiCard: obj({ sparkline: ref('TimeSeries'), current_values: ref('ValueList'), wow_change: ref('ValueList') }),
  Highlight: obj({
    metric_id: str,
    metric_name: str,
    type: { enum: ['ath_regular', 'ath_multiple', 'growth_1', 'growth_7', 'lifetime_level_up'] },
    date,
    header: str,
    text: str,
    value: { type: 'string', description: 'Display string such as "1.23M" or "$4.5K".' },
    icon: str,
  }),
  ChainEvent: obj({ date, type: str, title: str, short_title: str, description: str, source: str }),
  RankingEntry: obj({
    rank: { type: 'integer', description: '1 = largest (cheapest for txcosts); -1 without a value.' },
    out_of: int,
    color_scale: { type: 'number' },
    value: ref('Value'),
    value_usd: ref('Value'),
    value_eth: ref('Value'),
  }),
  Streak: obj({ streak_length: int, yesterday_value: ref('Value') }),
  Lifetime: obj({
    level: int,
    total_value: { type: 'number' },
    percent_to_next_level: { type: ['number', 'null'], minimum: 0, maximum: 100 },
  }),
  ChainOverview: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    data: obj({
      chain_id: { type: 'string', description: 'The origin_key.' },
      chain_name: str,
      highlights: { ...arrayOf(ref('Highlight')), maxItems: 4 },
      events: arrayOf(ref('ChainEvent')),
      ranking: mapOf(ref('RankingEntry'), 'Keyed by metric_id.'),
      kpi_cards: mapOf(ref('KpiCard'), 'Keyed by metric_id.'),
      achievements: obj({
        streaks: obj({
          txcount: obj({ value: ref('Streak') }),
          fees: obj({ usd: ref('Streak'), eth: ref('Streak') }),
        }),
        lifetime: obj({
          txcount: obj({ value: ref('Lifetime') }),
          daa: obj({ value: ref('Lifetime') }),
          fees: obj({ usd: ref('Lifetime'), eth: ref('Lifetime') }),
        }),
      }),
      blockspace: { ...ref('TypedTable'), description: 'Columns ["main_category_id","txcount","pct_share"], last 7 complete days.' },
      ecosystem: {
        type: 'object',
        properties: {
          active_apps: obj({ '7d': int, '30d': int }),
          apps: { ...ref('TypedTable'), description: 'Columns ["owner_project","txcount"].' },
        },
        description: 'Empty object for a chain without application data.',
      },
    }),
  }),
};

export const chainOverview: DocumentKind<'chain_overview'> = {
  route: 'chain_overview',
  path: CHAIN_OVERVIEW_PATH,
  matches: patternMatcher(CHAIN_OVERVIEW_PATH),
  scope: '/v1/chains/',
  freshness: 'daily',
  notFound: { message: 'No overview document for this chain.', hint: HINT_MASTER },
  description: 'Chain overview: highlights, events, ranking, KPI cards, achievements, blockspace, ecosystem.',
  openapi: {
    pathItem: documentPath({
      summary: 'Chain overview',
      description: 'Highlights, events, ranking, KPI cards, achievements, blockspace and ecosystem of one chain.',
      schema: 'ChainOverview',
      params: ['origin_key'],
    }),
    schemas,
  },
  build: buildChainOverviews,
};
