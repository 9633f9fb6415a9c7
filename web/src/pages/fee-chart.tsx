// The fee line chart (CONTRACT.md 10.2, 11.5): one fee metric of every chain but Ethereum over a
// timeframe, 24 hours in 10-minute buckets, 7 days hourly, 30 days in 4-hour buckets or 180 days
// daily. Metric, timeframe and currency are in the URL; the chart's table gives each chain's
// newest bucket (the document's last row: rows are oldest first).
import { load, paths } from '../api.js';
import { Chart } from '../components/chart.js';
import { Await, Toggle } from '../components/controls.js';
import { FeeViews } from '../components/fee-views.js';
import { Source } from '../components/source.js';
import { own, unitFor, type FeeLineChart, type Master } from '../documents.js';
import { setQuery, type Route } from '../route.js';
import { chartSeries, currencyOptions } from '../series.js';
import { distinctSeriesColors, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';

const TIMEFRAME_NAMES: Record<string, string> = { '24hrs': '24 hours', '7d': '7 days', '30d': '30 days', '180d': '180 days' };
const BUCKET_NAMES: Record<string, string> = { '10_min': '10-minute buckets', hourly: 'hourly', '4_hours': '4-hour buckets', daily: 'daily' };
const DEFAULT_TIMEFRAME = '7d';

export function FeeChartPage({ route }: { route: Route }) {
  const loaded = useLoad(() => Promise.all([load<Master>(paths.master), load<FeeLineChart>(paths.feeLinechart)]), []);
  const theme = useTheme();
  return (
    <section data-page="fee-chart">
      <h1>Fees over time</h1>
      <FeeViews current="chart" />
      <Await loaded={loaded}>
        {([master, doc]) => {
          const chains = Object.keys(doc.chain_data);
          // Metrics and timeframes in the document's order (the first chain's keys, as 11.5 says clients read them).
          const first = chains.length > 0 ? doc.chain_data[chains[0]] : {};
          const metrics = Object.keys(first).filter((m) => own(master.fee_metrics, m) !== undefined);
          const metric = metrics.includes(route.query.get('m') ?? '') ? route.query.get('m')! : metrics[0];
          if (metric === undefined) return <p>No fee metrics.</p>;
          const timeframes = Object.keys(first[metric] ?? {});
          const requested = route.query.get('t') ?? '';
          const timeframe = timeframes.includes(requested) ? requested : timeframes.includes(DEFAULT_TIMEFRAME) ? DEFAULT_TIMEFRAME : timeframes[0];
          const info = master.fee_metrics[metric];
          const [currency, unit] = unitFor(info.units, route.query.get('c') ?? 'usd');
          // Columns are value_eth / value_usd for the costs, value for tps and throughput.
          const column = currency === 'value' ? 'value' : `value_${currency}`;
          const granularity = first[metric]?.[timeframe]?.granularity ?? 'daily';
          const colors = distinctSeriesColors(theme, chains.map((c) => master.chains[c]?.colors));
          const series = chains.map((c, i) => chartSeries(c, master.chains[c]?.name ?? c, colors[i]!, doc.chain_data[c][metric]?.[timeframe], column));
          return (
            <>
              <p class="muted">
                {info.name} of every chain but Ethereum (the heat map has Ethereum too), {BUCKET_NAMES[granularity] ?? granularity}, UTC.
                {info.currency ? ' A cost is the median or mean over the transactions of the bucket that paid a fee, in USD at the ETH price of the bucket.' : ''}
              </p>
              <div class="controls">
                <label>
                  Metric{' '}
                  <select value={metric} onChange={(e) => setQuery({ m: (e.target as HTMLSelectElement).value })}>
                    {metrics.map((id) => (
                      <option key={id} value={id}>
                        {master.fee_metrics[id].name}
                      </option>
                    ))}
                  </select>
                </label>
                <Toggle label="Timeframe" options={timeframes.map((t) => [t, TIMEFRAME_NAMES[t] ?? t])} value={timeframe} onChange={(t) => setQuery({ t })} />
                {currencyOptions(info.units).length > 1 && <Toggle label="Currency" options={currencyOptions(info.units)} value={currency} onChange={(c) => setQuery({ c })} />}
              </div>
              <div data-metric={metric} data-timeframe={timeframe} data-currency={currency}>
                <Chart series={series} unit={unit} hourly={granularity !== 'daily'} minutes={granularity === '10_min'} title={`${info.name} per chain, last ${TIMEFRAME_NAMES[timeframe] ?? timeframe}`} />
              </div>
              <Source docs={[paths.feeLinechart, paths.master]} />
            </>
          );
        }}
      </Await>
    </section>
  );
}
