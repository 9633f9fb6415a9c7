// One metric on every chain: a chart comparing the chains over time, with daily / weekly /
// monthly and USD / ETH switches, a chain picker and a date range (all in the URL), the changes
// table (each latest value links to the document it comes from), and the flat export as CSV.
import { load, paths } from '../api.js';
import { Chart } from '../components/chart.js';
import { Await, NotFound, Toggle } from '../components/controls.js';
import { Source } from '../components/source.js';
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
          const all = details.map(([chain]) => chain);
          // ?chains=a,b picks chains (default every one); ?from / ?to (YYYY-MM-DD, UTC) the dates shown.
          const picked = new Set((route.query.get('chains') ?? '').split(',').filter((c) => all.includes(c)));
          const shown = picked.size > 0 ? picked : new Set(all);
          const from = dayMs(route.query.get('from'));
          const to = dayMs(route.query.get('to'));
          const series = details
            .map(([chain, d], i) => chartSeries(chain, master.chains[chain]?.name ?? chain, colors[i]!, d.details.timeseries[granularity], currency, chain === AGGREGATE))
            .filter((s) => shown.has(s.key))
            .map((s) => ({ ...s, points: s.points.filter(([t]) => (from === null || t >= from) && (to === null || t <= to)) }));
          const toggle = (chain: string): void => {
            const next = new Set(shown);
            if (next.has(chain)) next.delete(chain);
            else next.add(chain);
            setQuery({ chains: next.size === all.length || next.size === 0 ? undefined : all.filter((c) => next.has(c)).join(',') });
          };
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
              <div class="controls">
                <label>
                  From <input type="date" name="from" value={route.query.get('from') ?? ''} onChange={(e) => setQuery({ from: (e.target as HTMLInputElement).value || undefined })} />
                </label>
                <label>
                  To <input type="date" name="to" value={route.query.get('to') ?? ''} onChange={(e) => setQuery({ to: (e.target as HTMLInputElement).value || undefined })} />
                </label>
              </div>
              <fieldset class="chain-picker">
                <legend>Chains</legend>
                {all.map((chain, i) => (
                  <label key={chain}>
                    <input type="checkbox" name="chain" value={chain} checked={shown.has(chain)} onChange={() => toggle(chain)} />
                    <span class="swatch" style={{ background: colors[i] }} />
                    {master.chains[chain]?.name ?? chain}
                  </label>
                ))}
              </fieldset>
              <Chart series={series} unit={unit} title={`${info.name}, ${granularity}, every chain`} />
              <Source docs={series.map((s) => paths.metric(s.key, metric))} />
              <h2>Changes</h2>
              <ChangesTable master={master} details={details} granularity={granularity} currency={currency} metric={metric} />
              <Source docs={[...details.map(([chain]) => paths.metric(chain, metric)), paths.master]} />
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
                  <a href={paths.metric(chain, metric)} title={`From ${paths.metric(chain, metric)}`}>
                    {formatValue(latest, unit)}
                  </a>
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

/** A YYYY-MM-DD query value as its UTC day start (ms), or null when absent or not a date. */
function dayMs(value: string | null): number | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms;
}
