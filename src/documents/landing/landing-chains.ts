// The landing page's chains table, `table_visual` (CONTRACT.md 10.3): every PROD chain with facts,
// its users and cross-chain activity over the last 7 complete days (exact, one store scan for all
// chains), its share of the L2 users, its ranks on the build's last complete day among the PROD
// chains with and without ethereum (the same keys on every chain: the catalog's ranking_landing
// metrics), and its top apps.
import { DAY_MS } from '../../clock.js';
import type { ChainMetric } from '../../metrics/definition.js';
import { DAA_ADDRESSES } from '../../metrics/definitions/daa.js';
import type { Value } from '../../metrics/series.js';
import type { AppData } from '../apps/app-data.js';
import type { BuildContext, ChainInputs } from '../document-kind.js';
import { topApps } from './landing-apps.js';
import { rankedSeries, rankings, type RankingEntry, type SeriesByMetric } from '../chain-overview/overview-ranking.js';

/** The L1 the contract names: left out of `user_share`'s denominator and of `ranking`. */
export const ETHEREUM = 'ethereum';
/** Complete days `users` and `cross_chain_activity` cover. */
export const USER_DAYS = 7;

/** A rank as section 3 has it, with null rank fields for a chain without a value that day. */
export type LandingRank = { rank: number | null; out_of: number | null; color_scale: number | null } & (
  | { value: Value }
  | { value_usd: Value; value_eth: Value }
);

export interface TableVisualEntry {
  chain_name: string;
  technology: string;
  purpose: string;
  company: string;
  users: number;
  user_share: number;
  cross_chain_activity: number;
  ranking: Record<string, LandingRank>;
  ranking_w_eth: Record<string, LandingRank>;
  top_apps: string[];
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** The metrics every chain of the table is ranked on, in catalog order. */
export function landingRankedMetrics(ctx: Pick<BuildContext, 'catalog'>): ChainMetric[] {
  return ctx.catalog.filter((m) => m.ranking_landing);
}

function landingRank(metric: ChainMetric, entry: RankingEntry | undefined): LandingRank {
  const rank = entry ? { rank: entry.rank, out_of: entry.out_of, color_scale: entry.color_scale } : { rank: null, out_of: null, color_scale: null };
  return metric.currency ? { ...rank, value_usd: entry?.value_usd ?? null, value_eth: entry?.value_eth ?? null } : { ...rank, value: entry?.value ?? null };
}

/** The series restricted to the chains `keep` accepts. */
function seriesOf(series: SeriesByMetric, keep: (originKey: string) => boolean): SeriesByMetric {
  return new Map([...series].map(([id, byChain]) => [id, new Map([...byChain].filter(([ok]) => keep(ok)))]));
}

/**
 * The chains the landing page's figures include: every chain with facts (DEV ones count in
 * cross_chain_activity; the table lists the PROD ones, the series are sums over some of them).
 */
export function landingChains(ctx: Pick<BuildContext, 'chains'>): Array<ChainInputs & { status: NonNullable<ChainInputs['status']> }> {
  return ctx.chains.filter((c): c is ChainInputs & { status: NonNullable<ChainInputs['status']> } => !!c.status && !!c.facts);
}

/** The table, keyed by origin_key in configuration order; `day` is the build's last complete day. */
export async function tableVisual(ctx: BuildContext, day: number, apps: AppData | null): Promise<Record<string, TableVisualEntry>> {
  const withFacts = landingChains(ctx);
  const prod = withFacts.filter((c) => c.chain.deployment === 'PROD');
  // "Another covered chain": any chain of this service with facts, DEV ones included.
  const counts = await ctx.store.sharedAddressCounts(
    DAA_ADDRESSES.key,
    withFacts.map((c) => c.chain.origin_key),
    [day - (USER_DAYS - 1) * DAY_MS, day],
  );
  const byChain = new Map(counts.map((c) => [c.origin_key, c]));
  const l2Users = prod.reduce((sum, c) => sum + (c.chain.origin_key === ETHEREUM ? 0 : (byChain.get(c.chain.origin_key)?.addresses ?? 0)), 0);

  const metrics = landingRankedMetrics(ctx);
  const prodKeys = new Set(prod.map((c) => c.chain.origin_key));
  const series = seriesOf(rankedSeries(ctx, metrics), (ok) => prodKeys.has(ok));
  const withEth = rankings(metrics, series, day);
  const withoutEth = rankings(metrics, seriesOf(series, (ok) => ok !== ETHEREUM), day);

  const out: Record<string, TableVisualEntry> = {};
  for (const { chain } of prod) {
    const ok = chain.origin_key;
    const users = byChain.get(ok)?.addresses ?? 0;
    const shared = byChain.get(ok)?.shared ?? 0;
    out[ok] = {
      chain_name: chain.name,
      technology: chain.technology,
      purpose: chain.purpose,
      company: chain.company,
      users,
      user_share: l2Users > 0 ? round4(users / l2Users) : 0,
      cross_chain_activity: users > 0 ? round4(shared / users) : 0,
      ranking: Object.fromEntries(metrics.map((m) => [m.metric_id, landingRank(m, ok === ETHEREUM ? undefined : withoutEth.get(m.metric_id)?.get(ok))])),
      ranking_w_eth: Object.fromEntries(metrics.map((m) => [m.metric_id, landingRank(m, withEth.get(m.metric_id)?.get(ok))])),
      top_apps: topApps(ok, apps),
    };
  }
  return out;
}
