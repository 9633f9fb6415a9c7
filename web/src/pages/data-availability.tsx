// Data availability: the Ethereum blobs layer (CONTRACT.md 11.2) over a selectable window — the
// fees it was paid, the data posted, the fees per MiB, its consumers (the window's top 7 and the
// rest) — and the daily fees or data posted over its whole history. Without blob data the
// server publishes no overview (404): the page says so instead of failing.
import { LoadError, load, paths } from '../api.js';
import { Chart } from '../components/chart.js';
import { Await, Toggle } from '../components/controls.js';
import { Source } from '../components/source.js';
import { unitFor, type DaOverview, type DaTotal, type Master } from '../documents.js';
import { formatValue, type Unit } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { chartSeries } from '../series.js';
import { seriesColor, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';

const WINDOWS: [string, string][] = [
  ['1d', '1 day'],
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['90d', '90 days'],
  ['180d', '180 days'],
  ['365d', '365 days'],
  ['max', 'All'],
];
const CURRENCIES: [string, string][] = [
  ['usd', 'USD'],
  ['eth', 'ETH'],
];
const CHARTS: [string, string][] = [
  ['fees_paid', 'Fees paid'],
  ['data_posted', 'Data posted'],
];
const GIB = 1024 ** 3;

async function loadPage(): Promise<{ master: Master; overview: DaOverview | null }> {
  const master = await load<Master>(paths.master);
  try {
    return { master, overview: await load<DaOverview>(paths.daOverview) };
  } catch (err) {
    // No blob data yet: the server publishes no overview.
    if (err instanceof LoadError && err.status === 404) return { master, overview: null };
    throw err;
  }
}

const pick = (route: Route, name: string, options: [string, string][], fallback: string) => (options.some(([k]) => k === route.query.get(name)) ? route.query.get(name)! : fallback);
const money = (t: DaTotal, currency: string): number | null => t.total[t.types.indexOf(currency)] ?? null;

export function DataAvailabilityPage({ route }: { route: Route }) {
  const loaded = useLoad(loadPage, []);
  const theme = useTheme();
  const win = pick(route, 'w', WINDOWS, '30d');
  const currency = pick(route, 'c', CURRENCIES, 'usd');
  const chart = pick(route, 'm', CHARTS, 'fees_paid');
  return (
    <section data-page="data-availability">
      <h1>Data availability</h1>
      <Await loaded={loaded}>
        {({ master, overview }) => {
          const layer = Object.keys(master.da_layers)[0];
          if (overview === null || layer === undefined) return <p>No blob data yet: the data-availability figures appear once the layer's chain has a complete day with blob transactions.</p>;
          const info = master.da_layers[layer];
          const figures = overview.data.da_breakdown[layer][win];
          const [, feeUnit] = unitFor(master.da_metrics.fees_paid.units, currency);
          const [, perMbUnit] = unitFor(master.da_metrics.fees_per_mbyte.units, currency);
          const [, sizeUnit] = unitFor(master.da_metrics.data_posted.units, 'value');
          const size = figures.size.total[0] ?? 0;
          const series = overview.data.all_da.metrics[chart as 'fees_paid' | 'data_posted'][layer];
          const chartUnit = chart === 'fees_paid' ? feeUnit : sizeUnit;
          return (
            <>
              <p class="muted">
                {info.name}: the blobs of Ethereum's blob transactions. A consumer is a chain whose batch addresses posted them; other senders count under Others.
              </p>
              <div class="controls">
                <Toggle label="Window" options={WINDOWS} value={win} onChange={(w) => setQuery({ w })} />
                <Toggle label="Currency" options={CURRENCIES} value={currency} onChange={(c) => setQuery({ c })} />
              </div>
              <dl class="facts" data-window={win}>
                <Figure name="fees" label="Fees paid" value={money(figures.fees, currency)} unit={feeUnit} />
                <Figure name="size" label="Data posted" value={size / GIB} unit={sizeUnit} />
                <Figure name="fees_per_mb" label="Fees per MB" value={money(figures.fees_per_mb, currency)} unit={perMbUnit} />
              </dl>
              <Source docs={[paths.daOverview, paths.master]} />
              <h2>Consumers</h2>
              <div class="scroll">
                <table class="data consumers">
                  <thead>
                    <tr>
                      <th scope="col">Consumer</th>
                      <th scope="col" class="num">Data posted</th>
                      <th scope="col" class="num">Share</th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.da_consumer_chart.data.map(([key, name, , origin, bytes]) => (
                      <tr key={key} data-consumer={key}>
                        <th scope="row">{origin !== null && master.chains[origin] ? <a href={href(['chain', origin])}>{name}</a> : name}</th>
                        <td class="num" data-value={bytes}>
                          {formatValue(bytes / GIB, sizeUnit, { tooltip: true })}
                        </td>
                        <td class="num">{size > 0 ? `${((100 * bytes) / size).toFixed(1)}%` : '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Source docs={[paths.daOverview]} />
              <h2>Daily</h2>
              <div class="controls">
                <Toggle label="Chart" options={CHARTS} value={chart} onChange={(m) => setQuery({ m })} />
              </div>
              <Chart series={[chartSeries(layer, info.name, seriesColor(theme, info.colors, 0), series?.daily, chart === 'fees_paid' ? currency : 'value')]} unit={chartUnit} title={`${info.name}: ${chart === 'fees_paid' ? 'fees paid' : 'data posted'} per day`} />
              <Source docs={[paths.daOverview]} />
            </>
          );
        }}
      </Await>
    </section>
  );
}

function Figure({ name, label, value, unit }: { name: string; label: string; value: number | null; unit: Unit }) {
  return (
    <div data-figure={name}>
      <dt>{label}</dt>
      <dd data-value={value ?? ''}>{formatValue(value, unit, { tooltip: true })}</dd>
    </div>
  );
}
