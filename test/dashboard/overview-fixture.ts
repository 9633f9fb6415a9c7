// A chain overview document in the shape of CONTRACT.md section 3, added to a built set with
// master.json marking the chain's overview tab active, so the browser test can check how the
// chain page renders an overview before the overview builder exists on this branch. The KPI
// sparklines and current values are the chain's own daily series; the other figures are the
// fixture's. The test checks that the page shows exactly what the document says.
import { makeEntry, type DocumentSet } from '../../src/documents/document-set.js';

type Table = { types: string[]; data: (number | null)[][] };

function json<T>(set: DocumentSet, path: string): T {
  const entry = set.entries.get(path);
  if (entry === undefined) throw new Error(`no document ${path}`);
  return JSON.parse(entry.body.toString('utf8')) as T;
}

export function overviewPath(chain: string): string {
  return `/v1/chains/${chain}/overview.json`;
}

function kpiCard(set: DocumentSet, chain: string, metric: string, wow: number[]) {
  const daily = json<{ details: { timeseries: { daily: Table } } }>(set, `/v1/metrics/chains/${chain}/${metric}.json`).details.timeseries.daily;
  const last = daily.data[daily.data.length - 1];
  const values = daily.types.filter((t) => t !== 'unix');
  return {
    sparkline: { types: daily.types, data: daily.data.slice(-60) },
    current_values: { types: values, data: last.slice(1) },
    wow_change: { types: values, data: wow },
  };
}

export function withOverview(set: DocumentSet, chain: string): DocumentSet {
  const master = json<{ chains: Record<string, { name: string; tab_status: Record<string, string> }> }>(set, '/v1/master.json');
  master.chains[chain].tab_status.overview = 'active';
  const overview = {
    last_updated_utc: '2025-05-07 13:17:00',
    data: {
      chain_id: chain,
      chain_name: master.chains[chain].name,
      highlights: [{ metric_id: 'txcount', metric_name: 'Transaction Count', type: 'ath_regular', date: '2025-05-06', header: 'All-time high', text: 'Most transactions in a day so far.', value: '142', icon: 'metrics-transactioncount' }],
      events: [{ date: '2025-03-28', type: 'launch', title: 'Simulated genesis', short_title: 'Genesis', description: 'The devnet chain starts.', source: '' }],
      ranking: {
        txcount: { rank: 2, out_of: 6, color_scale: 0.33, value: 142, value_usd: null, value_eth: null },
        fees: { rank: 3, out_of: 6, color_scale: 0.5, value: null, value_usd: 12.5, value_eth: 0.0041 },
      },
      kpi_cards: { txcount: kpiCard(set, chain, 'txcount', [0.0291]), fees: kpiCard(set, chain, 'fees', [-0.1953, -0.1904]) },
      achievements: {
        streaks: { txcount: { value: { streak_length: 3, yesterday_value: 142 } }, fees: { usd: { streak_length: 0, yesterday_value: 12.5 }, eth: { streak_length: 1, yesterday_value: 0.0041 } } },
        lifetime: {
          txcount: { value: { level: 4, total_value: 5234, percent_to_next_level: 61.7 } },
          daa: { value: { level: 3, total_value: 812, percent_to_next_level: 12.4 } },
          fees: { usd: { level: 2, total_value: 410.2, percent_to_next_level: 5 }, eth: { level: 1, total_value: 0.15, percent_to_next_level: null } },
        },
      },
      blockspace: { types: ['main_category_id', 'txcount', 'pct_share'], data: [['finance', 420, 42.0], ['unlabeled', 380, 38.0], ['token_transfers', 200, 20.0]] },
      ecosystem: { active_apps: { '7d': 2, '30d': 3 }, apps: { types: ['owner_project', 'txcount'], data: [['devswap', 61], ['dev-circle', 40]] } },
    },
  };
  const entries = new Map(set.entries);
  entries.set('/v1/master.json', makeEntry({ path: '/v1/master.json', freshness: 'daily', json: master }, set.builtAt));
  entries.set(overviewPath(chain), makeEntry({ path: overviewPath(chain), freshness: 'daily', json: overview }, set.builtAt));
  return { builtAt: set.builtAt, entries };
}
