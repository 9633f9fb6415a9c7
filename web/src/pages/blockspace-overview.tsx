// The blockspace overview (CONTRACT.md 10.5, /v1/blockspace/overview.json): every chain's fees
// and transactions over a window, and one chain's split by main category (all L2s together by
// default, the only chain the document gives top contracts for).
import { load, paths } from '../api.js';
import { blockspaceWindows, CategoryTable, moneyUnit, TopContracts, WINDOW_NAMES, windowTotals } from '../components/blockspace-tables.js';
import { Await, Toggle } from '../components/controls.js';
import { FigureCell } from '../components/figure-cell.js';
import { Source } from '../components/source.js';
import type { BlockspaceOverview, Master } from '../documents.js';
import { formatCount, formatValue } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { useLoad } from '../use-load.js';

const DEFAULT_WINDOW = '30d';
const AGGREGATE = 'all_l2s';

export function BlockspaceOverviewPage({ route }: { route: Route }) {
  const loaded = useLoad(() => Promise.all([load<Master>(paths.master), load<BlockspaceOverview>(paths.blockspaceOverview)]), []);
  const currency = route.query.get('c') === 'eth' ? 'eth' : 'usd';
  return (
    <section data-page="blockspace-overview">
      <h1>Blockspace</h1>
      <Await loaded={loaded}>
        {([master, doc]) => {
          const chains = doc.data.chains;
          const keys = Object.keys(chains);
          if (keys.length === 0) return <p>No chain has blockspace figures yet.</p>;
          const picked = route.query.get('chain') ?? '';
          const chain = keys.includes(picked) ? picked : keys.includes(AGGREGATE) ? AGGREGATE : keys[0];
          const windows = blockspaceWindows(chains[chain]);
          const requested = route.query.get('w') ?? '';
          const span = windows.includes(requested) ? requested : windows.includes(DEFAULT_WINDOW) ? DEFAULT_WINDOW : windows[0];
          const money = moneyUnit(master, currency);
          const shown = chains[chain];
          const ownPage = (k: string): boolean => master.chains[k]?.tab_status?.blockspace === 'active';
          return (
            <>
              <p class="muted">Fees paid and transactions of each chain over the window (UTC days), and how one chain's fees and transactions split over the categories of applications.</p>
              <div class="controls">
                <Toggle label="Window" options={windows.map((w) => [w, WINDOW_NAMES[w] ?? w])} value={span} onChange={(w) => setQuery({ w })} />
                <Toggle label="Currency" options={[['usd', 'USD'], ['eth', 'ETH']]} value={currency} onChange={(c) => setQuery({ c })} />
              </div>
              <div class="scroll">
                <table class="data blockspace-chains" data-window={span} data-currency={currency}>
                  <thead>
                    <tr>
                      <th scope="col">Chain</th>
                      <th scope="col" class="num">Fees paid</th>
                      <th scope="col" class="num">Transactions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {keys.map((k) => {
                      const t = windowTotals(chains[k], span);
                      const fees = t[`gas_fees_${currency}_absolute`] ?? null;
                      return (
                        <tr key={k} data-chain={k}>
                          <th scope="row">{ownPage(k) ? <a href={href(['blockspace', k])}>{chains[k].chain_name}</a> : chains[k].chain_name}</th>
                          <FigureCell figure="fees" value={fees} text={formatValue(fees, money)} />
                          <FigureCell figure="txcount" value={t.txcount_absolute} text={formatCount(t.txcount_absolute ?? null)} />
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <Source docs={[paths.blockspaceOverview]} />
              <h2>By category</h2>
              <div class="controls">
                <label>
                  Chain{' '}
                  <select value={chain} onChange={(e) => setQuery({ chain: (e.target as HTMLSelectElement).value, cat: undefined })}>
                    {keys.map((k) => (
                      <option key={k} value={k}>
                        {chains[k].chain_name}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <div data-chain={chain}>
                <CategoryTable chain={shown} window={span} currency={currency} master={master} money={money} />
              </div>
              <Source docs={[paths.blockspaceOverview]} />
              <h2>Top contracts of {shown.chain_name}</h2>
              {chain === AGGREGATE ? (
                <TopContracts chain={shown} window={span} picked={route.query.get('cat') ?? ''} currency={currency} master={master} money={money} source={paths.blockspaceOverview} />
              ) : (
                // The overview document lists top contracts of all L2s together only (CONTRACT.md 10.5).
                <p class="muted">{ownPage(chain) ? <a href={href(['blockspace', chain])}>On the chain's blockspace page.</a> : 'Listed for all L2s together only.'}</p>
              )}
            </>
          );
        }}
      </Await>
    </section>
  );
}
