// Economics (CONTRACT.md 11.1): per L2 that posts its data to Ethereum, what users paid it, what
// it paid Ethereum (L1 execution and blobs), the profit and margin over a window the reader picks,
// and a chart of one chain's daily revenue, costs and profit.
import { LoadError, load, paths } from '../api.js';
import { Chart } from '../components/chart.js';
import { Await, Toggle } from '../components/controls.js';
import { Source } from '../components/source.js';
import type { Economics, EconomicsWindow, Master } from '../documents.js';
import { formatBytes, formatPercent, formatValue, type Unit } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { chartSeries } from '../series.js';
import { seriesColor, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';

const WINDOWS: [string, string][] = ['1d', '7d', '30d', '90d', '180d', '365d', 'max'].map((w) => [w, w]);
const DEFAULT_WINDOW = '30d';
const TOTALS = 'totals';

/** The document, or null when the server has none (no chain qualifies: a 404, not a failure). */
async function loadEconomics(): Promise<Economics | null> {
  try {
    return await load<Economics>(paths.economics);
  } catch (err) {
    if (err instanceof LoadError && err.status === 404) return null;
    throw err;
  }
}

/** A [usd, eth] pair's value in the currency shown. */
const pick = (pair: number[] | undefined, currency: string): number | null => (pair === undefined ? null : (pair[currency === 'eth' ? 1 : 0] ?? null));

function MoneyCell({ figure, value, unit }: { figure: string; value: number | null; unit: Unit }) {
  return (
    <td data-figure={figure} data-value={value ?? ''} class={value !== null && value < 0 ? 'num down' : 'num'}>
      {formatValue(value, unit)}
    </td>
  );
}

function WindowRow({ chain, name, w, currency, unit }: { chain: string; name: preact.ComponentChildren; w: EconomicsWindow; currency: string; unit: Unit }) {
  const margin = w.profit_margin.total[0] ?? null;
  const size = w.size.total[0] ?? null;
  return (
    <tr data-chain={chain}>
      <th scope="row">{name}</th>
      <MoneyCell figure="revenue" value={pick(w.revenue.total, currency)} unit={unit} />
      <MoneyCell figure="costs_l1" value={pick(w.costs.costs_l1, currency)} unit={unit} />
      <MoneyCell figure="costs_blobs" value={pick(w.costs.costs_blobs, currency)} unit={unit} />
      <MoneyCell figure="costs" value={pick(w.costs.total, currency)} unit={unit} />
      <MoneyCell figure="profit" value={pick(w.profit.total, currency)} unit={unit} />
      <td data-figure="profit_margin" data-value={margin ?? ''} class="num">
        {formatPercent(margin)}
      </td>
      <td data-figure="size" data-value={size ?? ''} class="num">
        {formatBytes(size)}
      </td>
    </tr>
  );
}

export function EconomicsPage({ route }: { route: Route }) {
  const loaded = useLoad(() => Promise.all([load<Master>(paths.master), loadEconomics()]), []);
  const theme = useTheme();
  const currency = route.query.get('c') === 'eth' ? 'eth' : 'usd';
  const requested = route.query.get('w') ?? '';
  const span = WINDOWS.some(([w]) => w === requested) ? requested : DEFAULT_WINDOW;
  return (
    <section data-page="economics">
      <h1>Economics</h1>
      <Await loaded={loaded}>
        {([master, doc]) => {
          if (doc === null) return <p>No chain that posts its data to Ethereum has batch transactions yet.</p>;
          const breakdown = doc.data.chain_breakdown;
          const chains = Object.keys(breakdown).filter((k) => k !== TOTALS);
          const unit = master.metrics.fees.units[currency];
          const picked = route.query.get('chain') ?? '';
          const charted = chains.includes(picked) ? picked : chains[0];
          const daily = breakdown[charted].daily;
          const name = (k: string) => master.chains[k]?.name ?? k;
          return (
            <>
              <p class="muted">
                Revenue is what users paid in fees; costs are what the chain paid Ethereum to post its data and state (L1 execution gas and blob fees); profit is revenue minus costs, and the margin is profit over revenue in ETH. Blob data counts 128 KiB per blob.
              </p>
              <div class="controls">
                <Toggle label="Window" options={WINDOWS} value={span} onChange={(w) => setQuery({ w })} />
                <Toggle label="Currency" options={[['usd', 'USD'], ['eth', 'ETH']]} value={currency} onChange={(c) => setQuery({ c })} />
              </div>
              <div class="scroll">
                <table class="data economics" data-window={span}>
                  <thead>
                    <tr>
                      <th scope="col">Chain</th>
                      <th scope="col" class="num">Revenue</th>
                      <th scope="col" class="num">L1 costs</th>
                      <th scope="col" class="num">Blob costs</th>
                      <th scope="col" class="num">Costs</th>
                      <th scope="col" class="num">Profit</th>
                      <th scope="col" class="num">Margin</th>
                      <th scope="col" class="num">Blob data</th>
                    </tr>
                  </thead>
                  <tbody>
                    {chains.map((k) => (
                      <WindowRow key={k} chain={k} name={<a href={href(['chain', k])}>{name(k)}</a>} w={breakdown[k][span]} currency={currency} unit={unit} />
                    ))}
                  </tbody>
                  <tfoot>
                    <WindowRow chain={TOTALS} name="All listed chains" w={breakdown[TOTALS][span]} currency={currency} unit={unit} />
                  </tfoot>
                </table>
              </div>
              <Source docs={[paths.economics]} />
              <h2>Per day</h2>
              <div class="controls">
                <label>
                  Chain{' '}
                  <select value={charted} onChange={(e) => setQuery({ chain: (e.target as HTMLSelectElement).value })}>
                    {chains.map((k) => (
                      <option key={k} value={k}>
                        {name(k)}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {daily && (
                <Chart
                  key={charted}
                  unit={unit}
                  title={`Daily revenue, costs and profit of ${name(charted)}`}
                  series={(['revenue', 'costs', 'profit'] as const).map((s, i) => chartSeries(s, s[0].toUpperCase() + s.slice(1), seriesColor(theme, undefined, i), daily[s], currency))}
                />
              )}
              <Source docs={[paths.economics]} />
            </>
          );
        }}
      </Await>
    </section>
  );
}
