// A small but realistic document set for the server tests: one document of every kind, shaped as
// CONTRACT.md describes, with content that varies by `generation` so swaps change every body.
import { buildDocumentSet, type DocumentInput, type DocumentSet } from '../../../src/documents/document-set.js';
import { csvTable, type ExportRow } from '../../../src/documents/flat-exports/export-rows.js';
import { masterJson } from '../../../src/documents/master/master.js';
import { chainObject, CHAIN_TIMEFRAMES, OVERVIEW_TIMEFRAMES } from '../../../src/documents/blockspace/blockspace-object.js';
import { chainTotals, mainNode, subcategoryList } from '../../../src/documents/blockspace/category-comparison/comparison-node.js';
import { MAIN_CATEGORIES } from '../../../src/registry/categories.js';
import type { ChainBlockspace } from '../../../src/metrics/blockspace-days.js';
import { openApiDocument } from '../../../src/documents/openapi.js';
import type { ChainEconomics } from '../../../src/documents/economics/economics-days.js';
import { economicsJson } from '../../../src/documents/economics/economics-json.js';
import { chainMetric } from '../../../src/metrics/catalog.js';
import { builtinChain } from '../../../src/registry/builtin-chains.js';
import { DA_ETHEREUM_BLOBS } from '../../../src/registry/da-layers.js';
import type { DaLayerData } from '../../../src/documents/data-availability/da-data.js';
import { daLayerJson } from '../../../src/documents/data-availability/da-master.js';
import { daMetricDetailPath } from '../../../src/documents/data-availability/da-metric-detail.js';
import { DA_METRICS, daDailyRows, daMetricsJson } from '../../../src/documents/data-availability/da-metrics.js';
import { daOverviewJson } from '../../../src/documents/data-availability/da-overview.js';
import { daTimeseriesJson } from '../../../src/documents/data-availability/da-timeseries.js';
import { metricDetailJson } from '../../../src/documents/metric-detail/metric-detail-json.js';

export const BUILT_AT = Date.UTC(2026, 0, 31, 14, 5, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;

function series(days: number, start: number, step: number, seed: number): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < days; i++) rows.push([start + i * step, Math.round((1000 + ((i * 7919 + seed * 104729) % 997)) * 100) / 100]);
  return rows;
}

export function fixtureInputs(generation = 0, publicBaseUrl = 'https://api.example.org'): DocumentInput[] {
  const updated = '2026-01-31 14:05:00';
  const dayStart = Date.UTC(2025, 9, 1);
  const metric = (chain: string, id: string, hourly: boolean): DocumentInput => ({
    path: `/v1/metrics/chains/${chain}/${id}.json`,
    freshness: hourly ? 'hourly' : 'daily',
    json: {
      last_updated_utc: updated,
      details: {
        metric_id: id,
        metric_name: id === 'txcount' ? 'Transaction Count' : 'Active Addresses',
        source: ['RPC'],
        timeseries: {
          daily: { types: ['unix', 'value'], data: series(120, dayStart, DAY, generation + chain.length) },
          weekly: { types: ['unix', 'value'], data: series(17, dayStart, 7 * DAY, generation) },
          monthly: { types: ['unix', 'value'], data: series(4, dayStart, 30 * DAY, generation) },
          quarterly: { types: ['unix', 'value'], data: series(2, dayStart, 91 * DAY, generation) },
          daily_7d_rolling: null,
          ...(hourly ? { hourly: { types: ['unix', 'value'], data: series(14 * 24, BUILT_AT - 14 * DAY, HOUR, generation) } } : {}),
        },
        changes: {
          daily: { types: ['value'], '1d': [0.0123], '7d': [-0.05], '30d': [null], '90d': [null], '180d': [null], '365d': [null] },
          weekly: { types: ['value'], '7d': [0.01], '28d': [0.2], '84d': [null], '365d': [null] },
          monthly: { types: ['value'], '30d': [0.3], '90d': [null], '180d': [null], '365d': [null] },
        },
        summary: {
          last_1h: { types: ['value'], data: [hourly ? 42 : null] },
          last_1d: { types: ['value'], data: [1000 + generation] },
          last_7d: { types: ['value'], data: [7000] },
          last_30d: { types: ['value'], data: [30000] },
        },
        // CONTRACT.md section 13.
        provenance: { first_block: 1, last_block: 9000, last_block_time: '2026-01-31 13:59:58', finalized_through_block: 8950, complete_days_through: '2026-01-30', sources: ['RPC'] },
      },
    },
  });
  const feeRows = (kind: 'cost' | 'rate') =>
    Array.from({ length: 30 }, (_, i) =>
      kind === 'cost'
        ? [BUILT_AT - (i + 2) * HOUR, 0.00001 * (i + 1 + generation), 0.03 * (i + 1), Math.round((i / 29) * 100) / 100]
        : [BUILT_AT - (i + 2) * HOUR, 12.5 + i, Math.round((1 - i / 29) * 100) / 100],
    );
  const feeChain = () => ({
    hourly: {
      txcosts_median: { types: ['unix', 'value_eth', 'value_usd', 'normalized'], data: feeRows('cost') },
      txcosts_native_median: { types: ['unix', 'value_eth', 'value_usd', 'normalized'], data: feeRows('cost') },
      txcosts_avg: { types: ['unix', 'value_eth', 'value_usd', 'normalized'], data: feeRows('cost') },
      txcosts_swap: { types: ['unix', 'value_eth', 'value_usd', 'normalized'], data: [] },
      tps: { types: ['unix', 'value', 'normalized'], data: feeRows('rate') },
      throughput: { types: ['unix', 'value', 'normalized'], data: feeRows('rate') },
    },
  });
  // The fee line chart (CONTRACT.md 10.2): four timeframes per metric, newest first, no normalized.
  const lineTable = (kind: 'cost' | 'rate', granularity: string, stepMs: number) => ({
    types: kind === 'cost' ? ['unix', 'value_eth', 'value_usd'] : ['unix', 'value'],
    granularity,
    data: [0, 1, 2].map((i) => (kind === 'cost' ? [BUILT_AT - (i + 2) * stepMs, 0.00001 + i * 1e-6, i === 2 ? null : 0.03 + generation / 100] : [BUILT_AT - (i + 2) * stepMs, 12.5 + i])),
  });
  const lineMetric = (kind: 'cost' | 'rate') => ({
    '24hrs': lineTable(kind, '10_min', 10 * 60_000),
    '7d': lineTable(kind, 'hourly', HOUR),
    '30d': lineTable(kind, '4_hours', 4 * HOUR),
    '180d': lineTable(kind, 'daily', DAY),
  });
  const lineChain = () => ({
    txcosts_median: lineMetric('cost'),
    txcosts_native_median: lineMetric('cost'),
    txcosts_avg: lineMetric('cost'),
    txcosts_swap: lineMetric('cost'),
    tps: lineMetric('rate'),
    throughput: lineMetric('rate'),
  });
  // Flat export rows (CONTRACT.md section 9): origin_key, metric_key, date order; a null value
  // shows how CSV writes it.
  const exportRows = (keys: string[]): ExportRow[] =>
    ['base', 'optimism'].flatMap((origin_key) =>
      keys.flatMap((metric_key) =>
        Array.from({ length: 3 }, (_, i): ExportRow => ({
          metric_key,
          origin_key,
          date: new Date(dayStart + i * DAY).toISOString().slice(0, 10),
          value: metric_key.endsWith('_eth') && i === 0 ? null : 1000 + generation + i * 0.25,
        })),
      ),
    );
  const txcountRows = exportRows(['txcount']);
  const fundamentalsRows = exportRows(['aa_last7d', 'fees_paid_eth', 'fees_paid_usd', 'txcount']);
  return [
    metric('base', 'txcount', true),
    metric('base', 'daa', false),
    metric('optimism', 'txcount', true),
    { path: '/v1/fees/table.json', freshness: 'hourly', json: { chain_data: { base: feeChain(), optimism: feeChain(), mantle: feeChain() } } },
    { path: '/v1/fees/linechart.json', freshness: 'hourly', json: { chain_data: { base: lineChain(), optimism: lineChain() }, last_updated_utc: updated } },
    {
      path: '/v1/chains/base/overview.json',
      freshness: 'daily',
      json: {
        last_updated_utc: updated,
        data: {
          chain_id: 'base',
          chain_name: 'Base',
          highlights: [],
          events: [],
          ranking: { txcount: { rank: 1, out_of: 3, color_scale: 0.33, value: 1234 + generation, value_usd: null, value_eth: null } },
          kpi_cards: {},
          achievements: {
            streaks: {
              txcount: { value: { streak_length: 3, yesterday_value: 1234 } },
              fees: { usd: { streak_length: 0, yesterday_value: 10.5 }, eth: { streak_length: 1, yesterday_value: 0.004 } },
            },
            lifetime: {
              txcount: { value: { level: 7, total_value: 1_234_567, percent_to_next_level: 23.45 } },
              daa: { value: { level: 30, total_value: 99_999_999, percent_to_next_level: null } },
              fees: { usd: { level: 2, total_value: 5000, percent_to_next_level: 50 }, eth: { level: 1, total_value: 2, percent_to_next_level: 0 } },
            },
          },
          blockspace: { types: ['main_category_id', 'txcount', 'pct_share'], data: [['defi', 10, 100]] },
          ecosystem: { active_apps: { '7d': 1, '30d': 2 }, apps: { types: ['owner_project', 'txcount'], data: [['uniswap', 10]] } },
        },
      },
    },
    {
      path: '/v1/chains/all/streaks_today.json',
      freshness: 'hourly',
      json: { data: { base: { txcount: { value: 120 + generation }, fees: { usd: 1.5, eth: 0.0005 } } }, last_updated_utc: updated },
    },
    {
      path: '/v1/chains/blockspace/base.json',
      freshness: 'daily',
      json: chainObject('Base', blockspace(dayStart, generation), { timeframes: CHAIN_TIMEFRAMES, dailyRows: true, topContracts: 50 }),
    },
    {
      path: '/v1/blockspace/overview.json',
      freshness: 'daily',
      json: {
        data: {
          metric_id: 'overview',
          chains: {
            all_l2s: chainObject('All L2s', blockspace(dayStart, generation), { timeframes: OVERVIEW_TIMEFRAMES, dailyRows: false, topContracts: 100 }),
            base: chainObject('Base', blockspace(dayStart, generation), { timeframes: OVERVIEW_TIMEFRAMES, dailyRows: false, topContracts: 0 }),
          },
        },
      },
    },
    {
      path: '/v1/blockspace/category_comparison/index.json',
      freshness: 'daily',
      // The build time varies with the generation, so that every generation's bytes differ: the lists do not.
      json: { data: Object.fromEntries(MAIN_CATEGORIES.map((m) => [m.id, { type: 'main_category', subcategories: subcategoryList(m, [blockspace(dayStart, generation)]) }])), last_updated_utc: `2026-01-31 14:${String(5 + generation).padStart(2, '0')}:00` },
    },
    {
      path: '/v1/blockspace/category_comparison/finance.json',
      freshness: 'daily',
      json: { data: { finance: mainNode(MAIN_CATEGORIES[0]!, [blockspace(dayStart, generation)], chainTotals([blockspace(dayStart, generation)]), new Map([['uniswap', 'Uniswap']])) }, last_updated_utc: updated },
    },
    appDetails('uniswap', generation, series(30, dayStart, DAY, generation)),
    appDetails('aave', generation, series(10, dayStart, DAY, generation + 1)),
    {
      path: '/v1/labels/projects_filtered.json',
      freshness: 'daily',
      json: {
        last_updated_utc: updated,
        data: {
          types: ['owner_project', 'display_name', 'description', 'main_github', 'twitter', 'website', 'logo_path', 'token_symbol', 'txcount', 'active_on', 'ecosystem_rank', 'sub_category', 'main_category', 'sub_categories', 'features'],
          data: [
            ['uniswap', 'Uniswap', 'DEX', 'uniswap', 'uniswap', 'https://uniswap.org', 'uniswap.png', 'UNI', 100 + generation, { base: 100 }, 1, 'DEX', 'DeFi', ['dex'], []],
            ['aave', 'Aave', 'Lending', 'aave', 'aave', 'https://aave.com', 'aave.png', 'AAVE', 50, { base: 50 }, 2, 'Lending', 'DeFi', ['lending'], []],
          ],
        },
      },
    },
    {
      path: '/v1/labels/projects.json',
      freshness: 'daily',
      json: {
        last_updated_utc: updated,
        data: {
          types: ['owner_project', 'display_name', 'description', 'main_github', 'twitter', 'website', 'logo_path', 'token_symbol', 'sub_category', 'main_category', 'sub_categories'],
          data: [
            ['uniswap', 'Uniswap', `DEX (build ${generation})`, 'uniswap', 'uniswap', 'https://uniswap.org', 'uniswap.png', 'UNI', 'DEX', 'DeFi', ['dex']],
            ['aave', 'Aave', 'Lending', 'aave', 'aave', 'https://aave.com', 'aave.png', 'AAVE', 'Lending', 'DeFi', ['lending']],
            ['idle', 'Idle', 'No activity', null, null, null, null, null, null, null, []],
          ],
        },
      },
    },
    {
      path: '/v1/master.json',
      freshness: 'daily',
      // The real builder's shape (every key of CONTRACT.md section 6), so the schema check holds.
      json: {
        ...(masterJson({
          chains: [builtinChain('base')!],
          metrics: [chainMetric('txcount')!],
          feeMetrics: [],
          supported: new Map([['base', ['txcount', 'daa']]]),
          daLayers: { da_ethereum_blobs: daLayerJson(DA_ETHEREUM_BLOBS) },
          daMetrics: daMetricsJson(new Map(DA_METRICS.map((m) => [m.metric_id, ['da_ethereum_blobs']]))),
          builtAt: BUILT_AT,
        }) as object),
        generation,
      },
    },
    {
      path: '/v1/apps/app_overview_7d.json',
      freshness: 'daily',
      json: {
        data: {
          types: ['owner_project', 'origin_key', 'num_contracts', 'gas_fees_eth', 'prev_gas_fees_eth', 'gas_fees_usd', 'prev_gas_fees_usd', 'txcount', 'prev_txcount', 'daa', 'prev_daa'],
          data: [
            ['uniswap', 'base', 3, 0.25, 0.2, 750.5, null, 70 + generation, 60, 40, 35],
            ['aave', 'base', 1, 0.01, 0, 30, 0, 7, 0, 5, 0],
          ],
        },
        last_updated_utc: updated,
      },
    },
    { path: '/v1/export/txcount.json', freshness: 'daily', json: txcountRows },
    { path: '/v1/export/txcount.csv', freshness: 'daily', csv: csvTable(txcountRows) },
    { path: '/v1/fundamentals_full.json', freshness: 'daily', json: fundamentalsRows },
    { path: '/v1/fundamentals_full.csv', freshness: 'daily', csv: csvTable(fundamentalsRows) },
    { path: '/v1/fundamentals.json', freshness: 'daily', json: fundamentalsRows.filter((r) => !r.metric_key.endsWith('_eth')) },
    { path: '/v1/fundamentals.csv', freshness: 'daily', csv: csvTable(fundamentalsRows.filter((r) => !r.metric_key.endsWith('_eth'))) },
    { path: '/v1/fundamentals_7d.json', freshness: 'daily', json: fundamentalsRows.filter((r) => !r.metric_key.endsWith('_eth')) },
    // Served as the bytes they are (the server and nginx never read a Parquet file): a stand-in
    // with Parquet's magic at both ends, since this set is made synchronously and DuckDB writes
    // the real files asynchronously (test/documents/flat-exports.contract.test.ts reads real ones back).
    { path: '/v1/export/txcount.parquet', freshness: 'daily', parquet: Buffer.from(`PAR1 fixture stand-in ${generation} PAR1`, 'latin1') },
    { path: '/v1/fundamentals_full.parquet', freshness: 'daily', parquet: Buffer.from(`PAR1 fixture stand-in, full ${generation} PAR1`, 'latin1') },
    {
      path: '/v1/landing_page.json',
      freshness: 'daily',
      json: {
        data: {
          metrics: {
            table_visual: {
              base: {
                chain_name: 'Base',
                technology: 'Optimistic rollup',
                purpose: 'General purpose',
                company: 'Coinbase',
                users: 1200 + generation,
                user_share: 1,
                cross_chain_activity: 0.25,
                ranking: { txcount: { rank: 1, out_of: 1, color_scale: 1, value: 1234 }, fees: { rank: null, out_of: null, color_scale: null, value_usd: null, value_eth: null } },
                ranking_w_eth: { txcount: { rank: 2, out_of: 2, color_scale: 1, value: 1234 }, fees: { rank: null, out_of: null, color_scale: null, value_usd: null, value_eth: null } },
                top_apps: ['uniswap'],
              },
            },
          },
          all_l2s: {
            chain_id: 'all_l2s',
            chain_name: 'All L2s',
            symbol: '-',
            metrics: { txcount: { metric_name: 'Transaction Count', source: ['RPC'], avg: 'true', daily: { types: ['unix', 'value'], data: series(10, dayStart, DAY, generation) } } },
          },
          ethereum: { chain_id: 'ethereum', chain_name: 'Ethereum (L1)', symbol: 'ETH', metrics: {} },
          top_contracts: {},
          top_applications: {
            gainers: { types: ['owner_project', 'txcount', 'prev_txcount', 'change'], data: [['uniswap', 70, 60, 10]] },
            losers: { types: ['owner_project', 'txcount', 'prev_txcount', 'change'], data: [] },
          },
        },
        last_updated_utc: updated,
      },
    },
    {
      path: '/v1/landing-events/apps-data.json',
      freshness: 'daily',
      json: {
        data: {
          apps_total: { weekly: { types: ['unix', 'project_count'], values: [[Date.UTC(2024, 0, 1), 2 + generation]] } },
          apps_by_chain: {
            names: ['Cross-Chain', 'Base'],
            colors: ['#CDD8D2', '#2151F5'],
            timeseries: { types: ['unix', 'Cross-Chain_registered_count', 'base_registered_count'], values: [[Date.UTC(2024, 0, 1), 1, 1 + generation]] },
          },
          apps_by_category: {},
        },
        last_updated_utc: updated,
      },
    },
    {
      path: '/v1/ecosystem/overview.json',
      freshness: 'daily',
      json: {
        data: {
          count_layer2s: { daily: { types: ['value', 'l2s_launched', 'l2s_archived', 'unix'], values: [[1, [{ name: 'Base', origin_key: 'base' }], null, Date.UTC(2023, 7, 1)]] } },
          tps: { layer_2s: { daily: { types: ['value', 'unix'], values: [[0.5 + generation, dayStart]] } }, ethereum_mainnet: { daily: { types: ['value', 'unix'], values: [] } } },
          stables: { layer_2s: { daily: { types: ['usd', 'eth', 'unix'], values: [[1e6, 300, dayStart]] } }, ethereum_mainnet: { daily: { types: ['usd', 'eth', 'unix'], values: [] } } },
          app_fees: { layer_2s: { daily: { types: ['usd', 'eth', 'unix'], values: [] } }, ethereum_mainnet: { daily: { types: ['usd', 'eth', 'unix'], values: [] } } },
          meet_l2s: { base: { total_aa: 5000, yesterday_aa: 300, stables_mcap_usd: 1e6, stables_mcap_eth: 300, tps: 0.5, top_apps: ['uniswap'] } },
        },
        last_updated_utc: updated,
      },
    },
    {
      path: '/v1/economics.json',
      freshness: 'daily',
      json: economicsJson([economicsDays(dayStart, generation)], { fees: chainMetric('fees')!, rent_paid: chainMetric('rent_paid')!, profit: chainMetric('profit')! }, BUILT_AT),
    },
    ...daFixtures(generation),
    {
      path: '/v1/provenance.json',
      freshness: 'hourly',
      json: {
        last_updated_utc: updated,
        chains: {
          base: {
            first_block: 1,
            last_block: 9000 + generation,
            last_block_time: '2026-01-31 14:04:58',
            finalized_through_block: 8950,
            complete_hours_through: '2026-01-31 13:00:00',
            complete_days_through: '2026-01-30',
            backfill: null,
            sources: { prices: { last_sync_utc: '2026-01-31 14:00:00', missing_days: ['2025-10-03'] }, labels: { last_sync_utc: null, missing_days: [] } },
          },
          optimism: {
            first_block: 100,
            last_block: 500,
            last_block_time: '2026-01-31 14:04:00',
            finalized_through_block: 350,
            complete_hours_through: null,
            complete_days_through: null,
            backfill: { done: 401, total: 9000 },
            sources: {},
          },
        },
        aggregates: { all_l2s: ['base', 'optimism'], '/v1/landing_page.json': ['base', 'optimism'], '/v1/export/txcount.json': ['base', 'optimism'] },
      },
    },
    openApiDocument(publicBaseUrl),
  ];
}

/** Three days of one chain's economics: fees, rent (half of it blob fees) and blob bytes. */
function economicsDays(dayStart: number, generation: number): ChainEconomics {
  const eth = (x: number) => [x, 2 * x, 3 * x].map((v) => v + generation / 100);
  const usd = (x: number) => eth(x).map((v) => v * 3000);
  return {
    origin_key: 'base',
    days: [0, 1, 2].map((i) => dayStart + i * DAY),
    money: { revenue: { usd: usd(0.5), eth: eth(0.5) }, costs: { usd: usd(0.2), eth: eth(0.2) }, costs_blobs: { usd: usd(0.1), eth: eth(0.1) } },
    size: [131_072, 262_144, 393_216],
  };
}

/** The data-availability documents (CONTRACT.md 11.2) of three days of one consumer and one other sender. */
function daFixtures(generation: number): DocumentInput[] {
  const blob = 131_072;
  const d0 = Date.UTC(2026, 0, 28);
  const base = [900 * blob, 0, (10 + generation) * blob];
  const data: DaLayerData = {
    layer: DA_ETHEREUM_BLOBS,
    days: [d0, d0 + DAY, d0 + 2 * DAY],
    bytes: base.map((b) => b + 2 * blob),
    fees_usd: [12.5, 0.01, 3 + generation],
    fees_eth: [0.005, 0.000004, 0.001],
    producers: [2, 1, 2 + generation],
    consumers: new Map([['base', { consumer: { origin_key: 'base', name: 'Base' }, bytes: base }]]),
  };
  return [
    { path: '/v1/da_overview.json', freshness: 'daily', json: daOverviewJson(data, BUILT_AT) },
    { path: '/v1/da_timeseries.json', freshness: 'daily', json: daTimeseriesJson(data, BUILT_AT) },
    ...DA_METRICS.map((m): DocumentInput => ({
      path: daMetricDetailPath('da_ethereum_blobs', m.metric_id),
      freshness: 'daily',
      json: metricDetailJson({ ...m, hourly_available: false }, daDailyRows(m, data), [], BUILT_AT),
    })),
  ];
}

/** Three days of a chain's blockspace: native transfers, one labeled dex and one unlabeled contract. */
function blockspace(dayStart: number, generation: number): ChainBlockspace {
  const days = (n: number, eth: number) => new Map([0, 1, 2].map((i) => [dayStart + i * DAY, { eth: eth * (i + 1), usd: eth * (i + 1) * 3000, txcount: n + i + generation }]));
  const dex = { origin_key: 'base', address: '0x00000000000000000000000000000000000000d1', owner_project: 'uniswap', contract_name: 'Router', main_category: 'finance', usage_category: 'dex', days: days(40, 0.02) };
  const other = { origin_key: 'base', address: '0x00000000000000000000000000000000000000e1', owner_project: null, contract_name: null, main_category: 'unlabeled', usage_category: 'unlabeled', days: days(7, 0.001) };
  return {
    origin_key: 'base',
    days_until: dayStart + 3 * DAY,
    categories: new Map([
      ['token_transfers', days(100, 0.01)],
      ['finance', dex.days],
      ['unlabeled', other.days],
    ]),
    subcategories: new Map([
      ['native_transfer', days(100, 0.01)],
      ['dex', dex.days],
      ['unlabeled', other.days],
    ]),
    contracts: [dex, other],
  };
}

function appDetails(owner: string, generation: number, daily: number[][]): DocumentInput {
  const metrics = ['txcount', 'daa', 'gas_fees', 'success_rate', 'market_cap', 'token_price', 'token_volume'];
  return {
    path: `/v1/apps/details/${owner}.json`,
    freshness: 'daily',
    json: {
      last_updated_utc: '2026-01-31 14:05:00',
      metrics: Object.fromEntries(
        metrics.map((m) => [
          m,
          m === 'txcount'
            ? {
                metric_name: 'Transactions',
                avg: false,
                over_time: { base: { daily: { types: ['unix', 'value'], data: daily } } },
                aggregated: { types: ['value'], data: { base: { '1d': [10], '7d': [70], '30d': [300 + generation], '90d': [300], '180d': [300], '365d': [300], max: [300] } } },
              }
            : { metric_name: m, avg: false, over_time: {}, aggregated: { types: ['value'], data: {} } },
        ]),
      ),
      kpi_cards: {},
      first_seen: { base: '2025-10-01' },
      chains_by_size: ['base'],
      contracts_table: {},
    },
  };
}

export function fixtureSet(generation = 0, builtAt = BUILT_AT + generation * 1000): DocumentSet {
  return buildDocumentSet(fixtureInputs(generation), builtAt);
}
