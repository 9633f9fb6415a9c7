// One metric on every chain: a chart comparing the chains over time, with daily / weekly /
// monthly and USD / ETH switches, the changes table, and the flat export as CSV.
import { load, paths } from '../api.js';
import { Chart } from '../components/chart.js';
import { Await, NotFound, Toggle } from '../components/controls.js';
import { own, unitFor, valueColumn, type Master, type MetricDetail } from '../documents.js';
import { formatChange, formatValue } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { chartSeries, currencyOptions, GRANULARITIES } from '../series.js';
import { distinctSeriesColors, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';

const AGGREGATE = 'all_l2s';

async function loadMetric(metric: string): Promise<{ master: Master; details: [string, MetricDetail][] } | null> {
  const master = await load<Master>(paths.master);
  const info = own(master.metrics, metric);
  if (info === undefined || info.supported_chains.length === 0) return null;
  const details = await Promise.all(info.supported_chains.map(async (c): Promise<[string, MetricDetail]> => [c, await load<MetricDetail>(paths.metric(c, metric))]));
  return { master, details };
}

export function MetricPage({ route, metric }: { route: Route; metric: string }) {
  const loaded = useLoad(() => loadMetric(metric), [metric]);
  const theme = useTheme();
  const granularity = GRANULARITIES.some(([g]) => g === route.query.get('g')) ? route.query.get('g')! : 'daily';
  return (
    <section data-page="metric">
      <Await loaded={loaded}>
        {(value) => {
          if (value === null) return <NotFound what={`No metric "${metric}" with data. The metrics are listed in master.json.`} />;
          const { master, details } = value;
          const info = master.metrics[metric];
          const [currency, unit] = unitFor(info.units, route.query.get('c') ?? 'usd');
          const options = currencyOptions(info.units);
          const colors = distinctSeriesColors(theme, details.map(([chain]) => master.chains[chain]?.colors));
          const series = details.map(([chain, d], i) =>
            chartSeries(chain, master.chains[chain]?.name ?? chain, colors[i]!, d.details.timeseries[granularity], currency, chain === AGGREGATE),
          );
          return (
            <>
              <h1>{info.name}</h1>
              <p class="muted">{info.description}</p>
              <div class="controls">
                <Toggle label="Granularity" options={GRANULARITIES} value={granularity} onChange={(g) => setQuery({ g })} />
                {options.length > 1 && <Toggle label="Currency" options={options} value={currency} onChange={(c) => setQuery({ c })} />}
                <a class="button" href={paths.exportCsv(metric)} download={`${metric}.csv`}>
                  Download CSV
                </a>
              </div>
              <Chart series={series} unit={unit} title={`${info.name}, ${granularity}, every chain`} />
              <h2>Changes</h2>
              <ChangesTable master={master} details={details} granularity={granularity} currency={currency} metric={metric} />
            </>
          );
        }}
      </Await>
    </section>
  );
}

function ChangesTable({ master, details, granularity, currency, metric }: { master: Master; details: [string, MetricDetail][]; granularity: string; currency: string; metric: string }) {
  const [, unit] = unitFor(master.metrics[metric].units, currency);
  const windows = Object.keys(details[0]?.[1].details.changes[granularity] ?? {}).filter((k) => k !== 'types');
  return (
    <div class="scroll">
      <table class="data changes">
        <thead>
          <tr>
            <th scope="col">Chain</th>
            <th scope="col" class="num">Latest</th>
            {windows.map((w) => (
              <th scope="col" class="num" key={w}>
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {details.map(([chain, d]) => {
            const table = d.details.timeseries[granularity];
            const last = table?.data[table.data.length - 1];
            const latest = last ? (last[valueColumn(table!.types, currency)] ?? null) : null;
            const changes = d.details.changes[granularity];
            const col = changes ? Math.max(0, (changes.types as string[]).indexOf(currency)) : 0;
            return (
              <tr key={chain} data-chain={chain}>
                <th scope="row">{chain === AGGREGATE ? master.chains[chain]?.name ?? chain : <a href={href(['chain', chain])}>{master.chains[chain]?.name ?? chain}</a>}</th>
                <td class="num" data-value={latest ?? ''}>
                  {formatValue(latest, unit)}
                </td>
                {windows.map((w) => {
                  const v = (changes?.[w] as (number | null)[] | undefined)?.[col] ?? null;
                  return (
                    <td key={w} class={`num ${v === null ? '' : v >= 0 ? 'up' : 'down'}`} data-value={v ?? ''}>
                      {formatChange(v)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
