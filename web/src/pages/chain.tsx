// A chain: its description from master.json, its overview document (CONTRACT.md section 3) when
// master.json marks that tab active, and a card per metric document of the chain either way.
import { load, paths } from '../api.js';
import { Chart } from '../components/chart.js';
import { Await, NotFound, Toggle } from '../components/controls.js';
import { LiveChainFigures } from '../components/live-figures.js';
import { Source } from '../components/source.js';
import { own, unitFor, valueColumn, type ChainOverview, type Master, type MetricDetail } from '../documents.js';
import { formatChange, formatDate, formatValue } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { chartSeries } from '../series.js';
import { seriesColor, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';
import { OverviewSections } from './overview.js';

/** Days of the daily series drawn on a metric card. */
const CARD_DAYS = 90;

interface ChainData {
  master: Master;
  overview: ChainOverview | null;
  details: [string, MetricDetail][];
}

async function loadChain(chain: string): Promise<ChainData | null> {
  const master = await load<Master>(paths.master);
  const info = own(master.chains, chain);
  if (info === undefined) return null;
  // Only documents master.json says exist: a page never asks for a document to find out.
  const overview = info.tab_status?.overview === 'active' ? load<ChainOverview>(paths.overview(chain)) : Promise.resolve(null);
  const details = Promise.all(info.supported_metrics.map(async (m): Promise<[string, MetricDetail]> => [m, await load<MetricDetail>(paths.metric(chain, m))]));
  return { master, overview: await overview, details: await details };
}

export function ChainPage({ route, chain }: { route: Route; chain: string }) {
  const loaded = useLoad(() => loadChain(chain), [chain]);
  const currency = route.query.get('c') === 'eth' ? 'eth' : 'usd';
  return (
    <section data-page="chain">
      <Await loaded={loaded}>
        {(data) => {
          if (data === null) return <NotFound what={`No chain "${chain}". The chains are listed in master.json.`} />;
          const info = data.master.chains[chain];
          return (
            <>
              <h1>{info.name}</h1>
              <p>{info.description}</p>
              <dl class="facts">
                {([
                  ['Type', info.chain_type],
                  ['Stack', info.bucket],
                  ['Technology', info.technology],
                  ['Purpose', info.purpose],
                  ['Data availability', info.da_layer],
                  ['Launched', info.launch_date],
                ] as [string, string | null][]).map(([k, v]) =>
                  // all_l2s has no type or stack: master.json publishes "-" there.
                  v && v !== '-' ? (
                    <div key={k}>
                      <dt>{k}</dt>
                      <dd>{v}</dd>
                    </div>
                  ) : null,
                )}
              </dl>
              {info.tab_status?.blockspace === 'active' && (
                <p>
                  <a href={href(['blockspace', chain])} data-link="blockspace">
                    Blockspace of {info.name}: fees and transactions by category of application
                  </a>
                </p>
              )}
              <Source docs={[paths.master]} />
              <LiveChainFigures chain={chain} />
              <div class="controls">
                <Toggle label="Currency" options={[['usd', 'USD'], ['eth', 'ETH']]} value={currency} onChange={(c) => setQuery({ c })} />
              </div>
              {data.overview !== null && <OverviewSections overview={data.overview} master={data.master} currency={currency} source={paths.overview(chain)} />}
              <h2>Metrics</h2>
              <div class="cards">
                {data.details.map(([metric, detail], i) => (
                  <MetricCard key={metric} chain={chain} metric={metric} detail={detail} master={data.master} currency={currency} index={i} />
                ))}
              </div>
            </>
          );
        }}
      </Await>
    </section>
  );
}

function MetricCard({ chain, metric, detail, master, currency, index }: { chain: string; metric: string; detail: MetricDetail; master: Master; currency: string; index: number }) {
  const theme = useTheme();
  const info = master.metrics[metric];
  const [key, unit] = unitFor(info.units, currency);
  const daily = detail.details.timeseries.daily;
  const last = daily?.data[daily.data.length - 1];
  const value = last ? (last[valueColumn(daily!.types, key)] ?? null) : null;
  const changes = detail.details.changes.daily;
  const week = changes ? ((changes['7d'] as (number | null)[] | undefined)?.[Math.max(0, (changes.types as string[]).indexOf(key))] ?? null) : null;
  const recent = daily ? { ...daily, data: daily.data.slice(-CARD_DAYS) } : null;
  return (
    <article class="card" data-metric={metric}>
      <h3>
        <a href={href(['metric', metric], { c: key === 'value' ? undefined : key })}>{info.name}</a>
      </h3>
      <p class="figure">
        <span class="value" data-value={value ?? ''}>
          {formatValue(value, unit)}
        </span>
        <span class={`change ${week === null ? '' : week >= 0 ? 'up' : 'down'}`} title="7 days change" data-value={week ?? ''}>
          {formatChange(week)} 7d
        </span>
      </p>
      <p class="muted small">{last ? formatDate(last[0] as number) : 'no data'}</p>
      <Source docs={[paths.metric(chain, metric)]} />
      <Chart compact height={120} unit={unit} title={`${info.name} on ${chain}, last ${CARD_DAYS} days`} series={[chartSeries(chain, master.chains[chain].name, seriesColor(theme, master.chains[chain].colors, index), recent, key)]} />
    </article>
  );
}
