// One application: KPI cards, one metric over time per chain (a chart with a metric, currency
// and daily / hourly switch), and the contracts table by window. The project must be in
// projects_filtered.json, the discovery list of valid projects (interface.md 4.4), before its
// details document is asked for.
import { load, paths } from '../api.js';
import { Chart } from '../components/chart.js';
import { Await, NotFound, Toggle } from '../components/controls.js';
import { Source } from '../components/source.js';
import { Sparkline } from '../components/sparkline.js';
import { appUnitFor, rowsOf, valueColumn, type AppDetails, type Master } from '../documents.js';
import { formatChange, formatCount, formatValue } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { chartSeries, currencyOptions } from '../series.js';
import { distinctSeriesColors, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';
import { loadProjects, type Project } from './apps.js';

const WINDOWS = ['1d', '7d', '30d', '90d', '180d', '365d', 'max'];

async function loadApp(project: string): Promise<{ master: Master; project: Project; details: AppDetails } | null> {
  const [master, projects] = await Promise.all([load<Master>(paths.master), loadProjects()]);
  const found = projects.find((p) => p.owner_project === project);
  if (found === undefined) return null;
  return { master, project: found, details: await load<AppDetails>(paths.app(project)) };
}

export function AppPage({ route, project }: { route: Route; project: string }) {
  const loaded = useLoad(() => loadApp(project), [project]);
  return (
    <section data-page="app">
      <Await loaded={loaded}>
        {(data) => (data === null ? <NotFound what={`No application "${project}" with activity. The applications are listed in projects_filtered.json.`} /> : <AppView route={route} {...data} />)}
      </Await>
    </section>
  );
}

function AppView({ route, master, project, details }: { route: Route; master: Master; project: Project; details: AppDetails }) {
  const theme = useTheme();
  const withData = Object.keys(details.metrics).filter((m) => Object.keys(details.metrics[m].over_time).length > 0);
  const metric = withData.includes(route.query.get('m') ?? '') ? route.query.get('m')! : (withData[0] ?? 'txcount');
  const info = master.app_metrics[metric];
  const [currency, unit] = appUnitFor(metric, info?.units ?? {}, route.query.get('c') ?? 'usd');
  const over = details.metrics[metric]?.over_time ?? {};
  const hourlyAvailable = Object.values(over).some((g) => g.hourly !== undefined);
  const granularity = hourlyAvailable && route.query.get('g') === 'hourly' ? 'hourly' : 'daily';
  const chains = [...details.chains_by_size.filter((c) => c in over), ...Object.keys(over).filter((c) => !details.chains_by_size.includes(c))];
  const colors = distinctSeriesColors(theme, chains.map((c) => master.chains[c]?.colors));
  const series = chains.map((c, i) => chartSeries(c, c === 'all' ? 'All chains' : (master.chains[c]?.name ?? c), colors[i]!, over[c][granularity], currency));
  const windowKey = WINDOWS.includes(route.query.get('w') ?? '') ? route.query.get('w')! : '30d';
  const contracts = details.contracts_table[windowKey];
  return (
    <>
      <h1>{project.display_name}</h1>
      <p>{project.description}</p>
      <p class="muted small">
        {project.main_category ?? ''} {project.sub_category ? `· ${project.sub_category}` : ''} · rank {project.ecosystem_rank}
      </p>
      <Source docs={[paths.projectsFiltered]} />
      <div class="cards">
        {Object.entries(details.kpi_cards).map(([m, card]) => {
          const [key, u] = appUnitFor(m, master.app_metrics[m]?.units ?? {}, currency);
          const value = card.current_values.data[Math.max(0, card.current_values.types.indexOf(key))] ?? null;
          const wow = card.wow_change.data[Math.max(0, card.wow_change.types.indexOf(key))] ?? null;
          const col = valueColumn(card.sparkline.types, key);
          return (
            <article class="card kpi" key={m} data-kpi={m}>
              <h3>{master.app_metrics[m]?.name ?? m}</h3>
              <p class="figure">
                <span class="value" data-value={value ?? ''}>
                  {u ? formatValue(value, u) : String(value)}
                </span>
                <span class={`change ${wow === null ? '' : wow >= 0 ? 'up' : 'down'}`} data-value={wow ?? ''} title="week over week">
                  {formatChange(wow)} wow
                </span>
              </p>
              <Sparkline values={card.sparkline.data.map((r) => r[col] ?? null)} label={`${m}, last ${card.sparkline.data.length} days`} width={200} height={32} />
            </article>
          );
        })}
      </div>
      <Source docs={[paths.app(project.owner_project)]} />
      <h2>Over time</h2>
      <div class="controls">
        <label>
          Metric{' '}
          <select value={metric} onChange={(e) => setQuery({ m: (e.target as HTMLSelectElement).value })}>
            {withData.map((m) => (
              <option key={m} value={m}>
                {master.app_metrics[m]?.name ?? m}
              </option>
            ))}
          </select>
        </label>
        {hourlyAvailable && <Toggle label="Granularity" options={[['daily', 'Daily'], ['hourly', 'Hourly']]} value={granularity} onChange={(g) => setQuery({ g })} />}
        {currencyOptions(info?.units ?? {}).length > 1 && <Toggle label="Currency" options={currencyOptions(info.units)} value={currency} onChange={(c) => setQuery({ c })} />}
      </div>
      {unit ? <Chart series={series} unit={unit} hourly={granularity === 'hourly'} title={`${info?.name ?? metric} of ${project.display_name} per chain`} /> : <p>No data.</p>}
      <Source docs={[paths.app(project.owner_project)]} />
      <h2>Contracts</h2>
      <div class="controls">
        <Toggle label="Window" options={WINDOWS.map((w) => [w, w])} value={windowKey} onChange={(w) => setQuery({ w })} />
      </div>
      {contracts && <ContractsTable master={master} rows={rowsOf(contracts)} currency={currency === 'eth' ? 'eth' : 'usd'} />}
      <Source docs={[paths.app(project.owner_project)]} />
    </>
  );
}

function ContractsTable({ master, rows, currency }: { master: Master; rows: Record<string, unknown>[]; currency: 'usd' | 'eth' }) {
  const feeUnit = master.app_metrics.gas_fees?.units[currency];
  return (
    <div class="scroll">
      <table class="data contracts">
        <thead>
          <tr>
            <th scope="col">Contract</th>
            <th scope="col">Chain</th>
            <th scope="col">Category</th>
            <th scope="col" class="num">Transactions</th>
            <th scope="col" class="num">Fees paid</th>
            <th scope="col" class="num">Active addresses</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const address = String(r.address);
            const fees = r[`fees_paid_${currency}`] as number | null;
            return (
              <tr key={`${r.origin_key}-${address}`} data-address={address}>
                <th scope="row">
                  {String(r.name ?? '')}
                  <div class="muted small mono" title={address}>
                    {address.slice(0, 8)}…{address.slice(-6)}
                    {r.verified ? ' ✓' : ''}
                  </div>
                </th>
                <td>
                  <a href={href(['chain', String(r.origin_key)])}>{master.chains[String(r.origin_key)]?.name ?? String(r.origin_key)}</a>
                </td>
                <td>{String(r.sub_category_key ?? r.main_category_key ?? '–')}</td>
                <td class="num" data-value={Number(r.txcount)}>
                  {formatCount(r.txcount as number)}
                </td>
                <td class="num" data-value={fees ?? ''}>
                  {feeUnit ? formatValue(fees, feeUnit) : String(fees)}
                </td>
                <td class="num">{formatCount(r.daa as number)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
