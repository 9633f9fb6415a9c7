// The landing page document (CONTRACT.md 10.3, /v1/landing_page.json) as a page: every chain's
// users over the last 7 days with their share and how many also used another chain, the chains'
// ranking on the last complete day (without or with Ethereum), all L2s against Ethereum over
// time (7-day means), and the applications that gained and lost the most transactions.
import { load, paths } from '../api.js';
import { AppLinks } from '../components/app-links.js';
import { Chart } from '../components/chart.js';
import { Await, Toggle } from '../components/controls.js';
import { FigureCell } from '../components/figure-cell.js';
import { Source } from '../components/source.js';
import { own, rowsOf, unitFor, type LandingPage as Landing, type LandingRank, type Master, type TypedTable } from '../documents.js';
import { formatCount, formatPercent, formatValue } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { chartSeries } from '../series.js';
import { distinctSeriesColors, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';

/** A ranking entry's value in the currency shown (money metrics carry value_usd / value_eth). */
function rankValue(r: LandingRank, key: string): number | null {
  return (key === 'usd' ? r.value_usd : key === 'eth' ? r.value_eth : r.value) ?? null;
}

function Movers({ table, kind }: { table: TypedTable; kind: 'gainers' | 'losers' }) {
  const rows = rowsOf(table);
  if (rows.length === 0) return <p>None.</p>;
  return (
    <div class="scroll">
      <table class="data movers" data-kind={kind}>
        <thead>
          <tr>
            <th scope="col">Application</th>
            <th scope="col" class="num">Transactions, last 7 days</th>
            <th scope="col" class="num">The 7 days before</th>
            <th scope="col" class="num">Change</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const project = String(r.owner_project);
            const [now, before, change] = [r.txcount, r.prev_txcount, r.change] as (number | null)[];
            return (
              <tr key={project} data-project={project}>
                <th scope="row">
                  <a href={href(['app', project])}>{project}</a>
                </th>
                <FigureCell figure="txcount" value={now} text={formatCount(now)} />
                <FigureCell figure="prev_txcount" value={before} text={formatCount(before)} />
                <FigureCell figure="change" value={change} text={`${change !== null && change > 0 ? '+' : ''}${formatCount(change)}`} tone={change !== null && change < 0 ? 'down' : 'up'} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function LandingPage({ route }: { route: Route }) {
  const loaded = useLoad(() => Promise.all([load<Master>(paths.master), load<Landing>(paths.landing)]), []);
  const theme = useTheme();
  const withEth = route.query.get('eth') === '1';
  return (
    <section data-page="landing">
      <h1>Landing page: the chains at a glance</h1>
      <Await loaded={loaded}>
        {([master, doc]) => {
          const d = doc.data;
          const table = d.metrics.table_visual;
          const chains = Object.keys(table);
          const rankKeys = Object.keys(table[chains[0]]?.ranking ?? {});
          const compared = Object.keys({ ...d.all_l2s.metrics, ...d.ethereum.metrics }).filter((m) => own(master.metrics, m) !== undefined);
          const metric = compared.includes(route.query.get('m') ?? '') ? route.query.get('m')! : compared[0];
          const requestedCurrency = route.query.get('c') ?? 'usd';
          const name = (k: string): string => master.chains[k]?.name ?? table[k]?.chain_name ?? k;
          const chainLink = (k: string) => (own(master.chains, k) ? <a href={href(['chain', k])}>{name(k)}</a> : name(k));
          const [chartKey, chartUnit] = metric === undefined ? ['value', undefined] : unitFor(master.metrics[metric].units, requestedCurrency);
          const colors = distinctSeriesColors(theme, [master.chains.all_l2s?.colors, master.chains.ethereum?.colors]);
          return (
            <>
              <h2>Users, last 7 days</h2>
              <p class="muted">Distinct addresses that sent a transaction in the last 7 complete days; the share is of all L2s' users (Ethereum excluded from the sum); cross-chain activity is the part of them also active on another chain listed here in those days.</p>
              <div class="scroll">
                <table class="data landing-users">
                  <thead>
                    <tr>
                      <th scope="col">Chain</th>
                      <th scope="col">Technology</th>
                      <th scope="col">Purpose</th>
                      <th scope="col" class="num">Users</th>
                      <th scope="col" class="num">Share of users</th>
                      <th scope="col" class="num">Cross-chain activity</th>
                      <th scope="col">Top applications</th>
                    </tr>
                  </thead>
                  <tbody>
                    {chains.map((k) => {
                      const c = table[k];
                      return (
                        <tr key={k} data-chain={k}>
                          <th scope="row">{chainLink(k)}</th>
                          <td>{c.technology || '–'}</td>
                          <td>{c.purpose || '–'}</td>
                          <FigureCell figure="users" value={c.users} text={formatCount(c.users)} />
                          <FigureCell figure="user_share" value={c.user_share} text={formatPercent(c.user_share)} />
                          <FigureCell figure="cross_chain_activity" value={c.cross_chain_activity} text={formatPercent(c.cross_chain_activity)} />
                          <td>
                            <AppLinks projects={c.top_apps} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <Source docs={[paths.landing]} />
              <h2>Ranking, last complete day</h2>
              <div class="controls">
                <Toggle
                  label="Ranked"
                  options={[
                    ['0', 'L2s only'],
                    ['1', 'With Ethereum'],
                  ]}
                  value={withEth ? '1' : '0'}
                  onChange={(v) => setQuery({ eth: v === '1' ? '1' : undefined })}
                />
                <Toggle label="Currency" options={[['usd', 'USD'], ['eth', 'ETH']]} value={requestedCurrency === 'eth' ? 'eth' : 'usd'} onChange={(c) => setQuery({ c })} />
              </div>
              <div class="scroll">
                <table class="data landing-ranking" data-with-eth={withEth ? '1' : '0'}>
                  <thead>
                    <tr>
                      <th scope="col">Chain</th>
                      {rankKeys.map((m) => (
                        <th scope="col" class="num" key={m}>
                          {master.metrics[m]?.name ?? m}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {chains.map((k) => (
                      <tr key={k} data-chain={k}>
                        <th scope="row">{chainLink(k)}</th>
                        {rankKeys.map((m) => {
                          const r = (withEth ? table[k].ranking_w_eth : table[k].ranking)[m];
                          const [key, unit] = master.metrics[m] ? unitFor(master.metrics[m].units, requestedCurrency) : ['value', undefined];
                          const value = r ? rankValue(r, key) : null;
                          return (
                            <td class="num" key={m} data-metric={m} data-rank={r?.rank ?? ''} data-value={value ?? ''}>
                              <div>{r?.rank ? `${r.rank} of ${r.out_of}` : '–'}</div>
                              <div class="muted small">{unit ? formatValue(value, unit) : '–'}</div>
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Source docs={[paths.landing, paths.master]} />
              {metric !== undefined && chartUnit !== undefined && (
                <>
                  <h2>All L2s and Ethereum</h2>
                  <p class="muted">Daily values as a 7-day trailing mean.</p>
                  <div class="controls">
                    <label>
                      Metric{' '}
                      <select value={metric} onChange={(e) => setQuery({ m: (e.target as HTMLSelectElement).value })}>
                        {compared.map((m) => (
                          <option key={m} value={m}>
                            {master.metrics[m].name}
                          </option>
                        ))}
                      </select>
                    </label>
                  </div>
                  <div data-part="compare" data-metric={metric}>
                    <Chart
                      unit={chartUnit}
                      title={`${master.metrics[metric].name}: all L2s and Ethereum, 7-day mean`}
                      series={[
                        chartSeries('all_l2s', d.all_l2s.chain_name, colors[0]!, d.all_l2s.metrics[metric]?.daily, chartKey),
                        chartSeries('ethereum', d.ethereum.chain_name, colors[1]!, d.ethereum.metrics[metric]?.daily, chartKey),
                      ]}
                    />
                  </div>
                  <Source docs={[paths.landing]} />
                </>
              )}
              <h2>Applications that gained the most transactions</h2>
              <Movers table={d.top_applications.gainers} kind="gainers" />
              <Source docs={[paths.landing]} />
              <h2>Applications that lost the most transactions</h2>
              <Movers table={d.top_applications.losers} kind="losers" />
              <Source docs={[paths.landing]} />
            </>
          );
        }}
      </Await>
    </section>
  );
}
