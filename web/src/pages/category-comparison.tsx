// Category comparison (CONTRACT.md 11.3): one main category of the blockspace across the chains.
// Pick the category and the window; a table gives each chain's fees, transactions and their shares
// of the chain's whole blockspace over the window, and a chart its daily series (the 7-day rolling
// mean for 180d and max, as the reference page draws them). The index is loaded first, then the one
// category file shown, as the reference page does.
import { load, paths } from '../api.js';
import { Chart, type ChartSeries } from '../components/chart.js';
import { Await, NotFound, Toggle } from '../components/controls.js';
import { Source } from '../components/source.js';
import { own, type CategoryComparison, type CategoryComparisonIndex, type Master } from '../documents.js';
import { formatValue, type Unit } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { distinctSeriesColors, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';

const WINDOWS: [string, string][] = [
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['180d', '180 days'],
  ['max', 'All'],
];
const WINDOW_DAYS: Record<string, number | null> = { '7d': 7, '30d': 30, '180d': 180, max: null };
const MEASURES: [string, string][] = [
  ['fees', 'Fees'],
  ['txcount', 'Transactions'],
];
const DAY_MS = 86_400_000;
/** The reference's default selection. */
const DEFAULT_CATEGORY = 'finance';

// Used where master.json lacks the fees or txcount metric (a catalog without them).
const PLAIN: Unit = { currency: false, prefix: null, suffix: null, decimals: 0, decimals_tooltip: 0, agg: true, agg_tooltip: false };
const FALLBACK_MONEY: Record<string, Unit> = {
  usd: { currency: true, prefix: '$', suffix: null, decimals: 2, decimals_tooltip: 2, agg: true, agg_tooltip: false },
  eth: { currency: true, prefix: 'Ξ', suffix: null, decimals: 4, decimals_tooltip: 6, agg: true, agg_tooltip: false },
};
const SHARE: Unit = { currency: false, prefix: null, suffix: '%', decimals: 1, decimals_tooltip: 2, agg: false, agg_tooltip: false };

interface Loaded {
  master: Master;
  index: CategoryComparisonIndex;
  category: string;
  file: CategoryComparison;
}

async function loadCategory(requested: string): Promise<Loaded | null> {
  const [master, index] = await Promise.all([load<Master>(paths.master), load<CategoryComparisonIndex>(paths.categoryIndex)]);
  const ids = Object.keys(index.data);
  const category = requested === '' ? (ids.includes(DEFAULT_CATEGORY) ? DEFAULT_CATEGORY : ids[0]) : requested;
  // Only a category the index lists is fetched: a typed URL never asks the server for a missing file.
  if (category === undefined || own(index.data, category) === undefined) return null;
  return { master, index, category, file: await load<CategoryComparison>(paths.category(category)) };
}

export function CategoryComparisonPage({ route }: { route: Route }) {
  const requested = route.query.get('cat') ?? '';
  const loaded = useLoad(() => loadCategory(requested), [requested]);
  const theme = useTheme();
  const span = own(WINDOW_DAYS, route.query.get('w') ?? '') !== undefined ? route.query.get('w')! : '30d';
  const measure = route.query.get('m') === 'txcount' ? 'txcount' : 'fees';
  const currency = route.query.get('c') === 'eth' ? 'eth' : 'usd';
  return (
    <section data-page="category-comparison">
      <h1>Category comparison</h1>
      <Await loaded={loaded}>
        {(data) => {
          if (data === null) return <NotFound what={`No category "${requested}". The categories are the main categories of master.json's blockspace_categories.`} />;
          const { master, index, category, file } = data;
          const node = file.data[category];
          const names = master.blockspace_categories.main_categories;
          const subNames = master.blockspace_categories.sub_categories;
          const feeUnit = own(master.metrics, 'fees')?.units[currency] ?? FALLBACK_MONEY[currency];
          const txUnit = own(master.metrics, 'txcount')?.units.value ?? PLAIN;
          const table = node.aggregated[span].data;
          const col = (name: string) => table.types.indexOf(name);
          const feeCol = col(currency === 'usd' ? 'gas_fees_absolute_usd' : 'gas_fees_absolute_eth');
          const sortCol = measure === 'fees' ? feeCol : col('txcount_absolute');
          const chains = Object.keys(table)
            .filter((k) => k !== 'types')
            .sort((a, b) => ((table[b] as number[])[sortCol] ?? -1) - ((table[a] as number[])[sortCol] ?? -1) || (a < b ? -1 : 1));
          const series = chartSeriesOf(node, span, measure, currency, master, theme);
          return (
            <>
              <div class="controls">
                <label>
                  Category{' '}
                  <select value={category} onChange={(e) => setQuery({ cat: (e.target as HTMLSelectElement).value })}>
                    {Object.keys(index.data).map((id) => (
                      <option key={id} value={id}>
                        {names[id] ?? id}
                      </option>
                    ))}
                  </select>
                </label>
                <Toggle label="Window" options={WINDOWS} value={span} onChange={(w) => setQuery({ w })} />
                <Toggle label="Measure" options={MEASURES} value={measure} onChange={(m) => setQuery({ m })} />
                {measure === 'fees' && (
                  <Toggle
                    label="Currency"
                    options={[
                      ['usd', 'USD'],
                      ['eth', 'ETH'],
                    ]}
                    value={currency}
                    onChange={(c) => setQuery({ c })}
                  />
                )}
              </div>
              <p class="muted">
                {names[category] ?? category}
                {node.subcategories.list.length > 0 ? ` (${node.subcategories.list.map((s) => subNames[s] ?? s).join(', ')})` : ''}: fees and transactions per chain over{' '}
                {span === 'max' ? 'all stored days' : `the last ${WINDOW_DAYS[span]} complete days`}; shares are of the chain's whole blockspace.
              </p>
              {chains.length === 0 ? (
                <p data-empty="true">No transactions in this category in the window.</p>
              ) : (
                <div class="scroll">
                  <table class="data comparison" data-category={category} data-window={span}>
                    <thead>
                      <tr>
                        <th scope="col">Chain</th>
                        <th scope="col" class="num">
                          Fees ({currency.toUpperCase()})
                        </th>
                        <th scope="col" class="num">
                          Fee share
                        </th>
                        <th scope="col" class="num">
                          Transactions
                        </th>
                        <th scope="col" class="num">
                          Transaction share
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {chains.map((chain) => {
                        const row = table[chain] as (number | null)[];
                        const cell = (name: string, i: number, unit: Unit, scale = 1) => (
                          <td class="num" data-column={name} data-value={row[i] ?? ''}>
                            {formatValue(row[i] === null ? null : row[i]! * scale, unit)}
                          </td>
                        );
                        return (
                          <tr key={chain} data-chain={chain}>
                            <th scope="row">
                              <a href={href(['chain', chain])}>{master.chains[chain]?.name ?? chain}</a>
                            </th>
                            {cell('fees', feeCol, feeUnit)}
                            {cell('gas_fees_share', col('gas_fees_share'), SHARE, 100)}
                            {cell('txcount_absolute', col('txcount_absolute'), txUnit)}
                            {cell('txcount_share', col('txcount_share'), SHARE, 100)}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}
              <Source docs={[paths.category(category), paths.categoryIndex, paths.master]} />
              {series.length > 0 && (
                <Chart
                  series={series}
                  unit={measure === 'fees' ? feeUnit : txUnit}
                  title={`${names[category] ?? category}: daily ${measure === 'fees' ? `fees in ${currency.toUpperCase()}` : 'transactions'} per chain${['180d', 'max'].includes(span) ? ', 7-day rolling mean' : ''}`}
                />
              )}
              {series.length > 0 && <Source docs={[paths.category(category)]} />}
            </>
          );
        }}
      </Await>
    </section>
  );
}

/** One chart series per chain: the window's days of `daily` (7d, 30d) or of `daily_7d_rolling` (180d, max). */
function chartSeriesOf(node: CategoryComparison['data'][string], span: string, measure: string, currency: string, master: Master, theme: ReturnType<typeof useTheme>): ChartSeries[] {
  const block = ['180d', 'max'].includes(span) ? node.daily_7d_rolling : node.daily;
  const col = block.types.indexOf(measure === 'txcount' ? 'txcount_absolute' : currency === 'usd' ? 'gas_fees_absolute_usd' : 'gas_fees_absolute_eth');
  const chains = Object.keys(block).filter((k) => k !== 'types');
  const rows = chains.map((c) => block[c] as (number | null)[][]);
  const last = Math.max(...rows.flatMap((r) => (r.length > 0 ? [r[r.length - 1]![0]!] : [])));
  const days = WINDOW_DAYS[span];
  const from = days === null ? -Infinity : last - (days - 1) * DAY_MS;
  const colors = distinctSeriesColors(theme, chains.map((c) => master.chains[c]?.colors));
  return chains.map((chain, i) => ({
    key: chain,
    label: master.chains[chain]?.name ?? chain,
    color: colors[i]!,
    points: rows[i]!.filter((r) => r[0]! >= from).map((r): [number, number | null] => [r[0]!, r[col] ?? null]),
  }));
}
