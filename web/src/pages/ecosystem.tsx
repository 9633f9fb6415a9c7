// The ecosystem overview (CONTRACT.md 10.4, /v1/ecosystem/overview.json): how many L2s the
// registry lists month by month, the L2s together against Ethereum over time (transactions per
// second and application fees as 8-day means, stablecoin market cap), and a table of each L2.
import { load, paths } from '../api.js';
import { AppLinks } from '../components/app-links.js';
import { Chart, type ChartSeries } from '../components/chart.js';
import { Await, Toggle } from '../components/controls.js';
import { FigureCell } from '../components/figure-cell.js';
import { LiveTotals } from '../components/live-figures.js';
import { Source } from '../components/source.js';
import { own, unitFor, type EcosystemOverview, type EcosystemSeries, type Master } from '../documents.js';
import { formatCount, formatDate, formatValue, type Unit } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { distinctSeriesColors, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';

/** Transactions per second, for a master.json without the fee metric tps (whose unit is used otherwise). */
const TPS_FALLBACK: Unit = { currency: false, prefix: null, suffix: 'tps', decimals: 2, decimals_tooltip: 4, agg: false, agg_tooltip: false };
const SIDES: ['layer_2s' | 'ethereum_mainnet', string][] = [
  ['layer_2s', 'Layer 2s'],
  ['ethereum_mainnet', 'Ethereum'],
];

/** A series' rows as [unix, value] points: rows are under `values`, and `unix` is a named column (the last). */
function ecosystemPoints(series: EcosystemSeries | undefined, column: string): [number, number | null][] {
  if (!series) return [];
  const { types, values } = series.daily;
  const unix = types.indexOf('unix');
  const col = types.indexOf(column);
  return values.map((r) => [r[unix] as number, col < 0 ? null : (r[col] ?? null)]);
}

function ComparedChart({ part, name, data, column, unit, colors }: { part: string; name: string; data: Record<string, EcosystemSeries>; column: string; unit: Unit; colors: string[] }) {
  const series: ChartSeries[] = SIDES.map(([key, label], i) => ({ key, label, color: colors[i]!, points: ecosystemPoints(data[key], column) }));
  return (
    <div data-part={part}>
      <Chart series={series} unit={unit} title={`${name}: layer 2s and Ethereum per day`} />
    </div>
  );
}

export function EcosystemPage({ route }: { route: Route }) {
  const loaded = useLoad(() => Promise.all([load<Master>(paths.master), load<EcosystemOverview>(paths.ecosystem)]), []);
  const theme = useTheme();
  const currency = route.query.get('c') === 'eth' ? 'eth' : 'usd';
  return (
    <section data-page="ecosystem">
      <h1>Ecosystem</h1>
      <LiveTotals />
      <Await loaded={loaded}>
        {([master, doc]) => {
          const d = doc.data;
          const colors = distinctSeriesColors(theme, [master.chains.all_l2s?.colors, master.chains.ethereum?.colors]);
          const money = (metric: string): Unit | undefined => (own(master.metrics, metric) ? unitFor(master.metrics[metric].units, currency)[1] : undefined);
          const tps = master.fee_metrics.tps?.units.value ?? TPS_FALLBACK;
          const stablesUnit = money('stables_mcap');
          const feesUnit = money('app_revenue');
          const counts = d.count_layer2s.daily;
          const ci = (name: string): number => counts.types.indexOf(name);
          const named = (list: { name: string; origin_key: string }[] | null) =>
            list === null || list.length === 0
              ? '–'
              : list.map((c, i) => (
                  <span key={c.origin_key}>
                    {i > 0 && ', '}
                    {own(master.chains, c.origin_key) ? <a href={href(['chain', c.origin_key])}>{c.name}</a> : c.name}
                  </span>
                ));
          const meet = Object.entries(d.meet_l2s);
          return (
            <>
              <div class="controls">
                <Toggle label="Currency" options={[['usd', 'USD'], ['eth', 'ETH']]} value={currency} onChange={(c) => setQuery({ c })} />
              </div>
              <h2>The L2s</h2>
              <p class="muted">Per L2: distinct addresses over its whole history and yesterday, and yesterday's stablecoin market cap and transactions per second.</p>
              <div class="scroll">
                <table class="data meet-l2s" data-currency={currency}>
                  <thead>
                    <tr>
                      <th scope="col">Chain</th>
                      <th scope="col" class="num">Addresses, all time</th>
                      <th scope="col" class="num">Active yesterday</th>
                      <th scope="col" class="num">Stablecoin market cap</th>
                      <th scope="col" class="num">Transactions per second</th>
                      <th scope="col">Top applications</th>
                    </tr>
                  </thead>
                  <tbody>
                    {meet.map(([k, c]) => {
                      const stables = currency === 'eth' ? c.stables_mcap_eth : c.stables_mcap_usd;
                      return (
                        <tr key={k} data-chain={k}>
                          <th scope="row">{own(master.chains, k) ? <a href={href(['chain', k])}>{master.chains[k].name}</a> : k}</th>
                          <FigureCell figure="total_aa" value={c.total_aa} text={formatCount(c.total_aa)} />
                          <FigureCell figure="yesterday_aa" value={c.yesterday_aa} text={formatCount(c.yesterday_aa)} />
                          <FigureCell figure="stables_mcap" value={stables} text={stablesUnit ? formatValue(stables, stablesUnit) : '–'} />
                          <FigureCell figure="tps" value={c.tps} text={formatValue(c.tps, tps)} />
                          <td>
                            <AppLinks projects={c.top_apps} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <Source docs={[paths.ecosystem]} />
              <h2>Transactions per second</h2>
              <p class="muted">Daily transactions ÷ 86,400, summed over the L2s; an 8-day trailing mean.</p>
              <ComparedChart part="tps" name="Transactions per second" data={d.tps} column="value" unit={tps} colors={colors} />
              <Source docs={[paths.ecosystem]} />
              {stablesUnit && (
                <>
                  <h2>Stablecoin market cap</h2>
                  <ComparedChart part="stables" name="Stablecoin market cap" data={d.stables} column={currency} unit={stablesUnit} colors={colors} />
                  <Source docs={[paths.ecosystem]} />
                </>
              )}
              {feesUnit && (
                <>
                  <h2>Application fees</h2>
                  <p class="muted">What the applications earned per day, summed over the chains; an 8-day trailing mean.</p>
                  <ComparedChart part="app_fees" name="Application fees" data={d.app_fees} column={currency} unit={feesUnit} colors={colors} />
                  <Source docs={[paths.ecosystem]} />
                </>
              )}
              <h2>Number of L2s</h2>
              <p class="muted">L2 chains of the registry launched by the first of each month and not archived.</p>
              <div class="scroll">
                <table class="data count-l2s">
                  <thead>
                    <tr>
                      <th scope="col">Month</th>
                      <th scope="col" class="num">L2s</th>
                      <th scope="col">Launched</th>
                      <th scope="col">Archived</th>
                    </tr>
                  </thead>
                  <tbody>
                    {counts.values.map((r) => (
                      <tr key={r[ci('unix')] as number} data-month={r[ci('unix')] as number}>
                        <th scope="row">{formatDate(r[ci('unix')] as number).slice(0, 7)}</th>
                        <td class="num" data-value={r[ci('value')] as number}>
                          {formatCount(r[ci('value')] as number)}
                        </td>
                        <td>{named(r[ci('l2s_launched')] as { name: string; origin_key: string }[] | null)}</td>
                        <td>{named(r[ci('l2s_archived')] as { name: string; origin_key: string }[] | null)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Source docs={[paths.ecosystem]} />
            </>
          );
        }}
      </Await>
    </section>
  );
}
