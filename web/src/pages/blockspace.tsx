// A chain's blockspace (CONTRACT.md 10.5, /v1/chains/blockspace/{origin_key}.json): what each main
// category of applications took of the chain's fees and transactions over a window, the daily
// series per category, and the window's top contracts of a category. Reached from the chain's
// page and from the blockspace overview; only for a chain master.json marks the tab active.
import { load, paths } from '../api.js';
import { blockspaceWindows, CategoryTable, moneyUnit, TopContracts, WINDOW_NAMES } from '../components/blockspace-tables.js';
import { Chart, type ChartSeries } from '../components/chart.js';
import { Await, NotFound, Toggle } from '../components/controls.js';
import { Source } from '../components/source.js';
import { own, type BlockspaceChain, type Master } from '../documents.js';
import { href, setQuery, type Route } from '../route.js';
import { seriesColor, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';

const DEFAULT_WINDOW = '7d';
const MEASURES: [string, string][] = [
  ['fees', 'Fees'],
  ['txcount', 'Transactions'],
];

async function loadBlockspace(chain: string): Promise<{ master: Master; doc: BlockspaceChain } | null> {
  const master = await load<Master>(paths.master);
  // Only a chain whose blockspace tab master.json marks active has the document.
  if (own(master.chains, chain)?.tab_status?.blockspace !== 'active') return null;
  return { master, doc: await load<BlockspaceChain>(paths.blockspace(chain)) };
}

/** One series per category of the daily rows: the fees in the currency, or the transactions. */
function dailySeries(doc: BlockspaceChain, master: Master, column: string, colorOf: (i: number) => string): ChartSeries[] {
  const unix = doc.daily.types.indexOf('unix');
  const col = doc.daily.types.indexOf(column);
  return Object.keys(doc.daily)
    .filter((k) => k !== 'types')
    .map((category, i) => {
      const rows = (doc.daily[category] as { data: (number | null)[][] }).data;
      return { key: category, label: master.blockspace_categories.main_categories[category] ?? category, color: colorOf(i), points: rows.map((r): [number, number | null] => [r[unix] as number, r[col] ?? null]) };
    });
}

export function BlockspacePage({ route, chain }: { route: Route; chain: string }) {
  const loaded = useLoad(() => loadBlockspace(chain), [chain]);
  const theme = useTheme();
  const currency = route.query.get('c') === 'eth' ? 'eth' : 'usd';
  const measure = route.query.get('m') === 'txcount' ? 'txcount' : 'fees';
  return (
    <section data-page="blockspace">
      <Await loaded={loaded}>
        {(value) => {
          if (value === null) return <NotFound what={`No blockspace of a chain "${chain}". master.json marks the chains that have one (tab_status.blockspace).`} />;
          const { master, doc } = value;
          const windows = blockspaceWindows(doc);
          const requested = route.query.get('w') ?? '';
          const span = windows.includes(requested) ? requested : windows.includes(DEFAULT_WINDOW) ? DEFAULT_WINDOW : windows[0];
          const money = moneyUnit(master, currency);
          const countUnit = master.metrics.txcount?.units.value ?? { ...money, prefix: null, currency: false, decimals: 0 };
          return (
            <>
              <h1>Blockspace of {doc.chain_name}</h1>
              <p class="muted">
                What each category of applications took of the chain's fees and transactions (UTC days; a transaction is counted in the category of the contract it calls, native transfers and deployments as their own). <a href={href(['chain', chain])}>{doc.chain_name}</a> · <a href={href(['blockspace'])}>every chain</a>
              </p>
              <div class="controls">
                <Toggle label="Window" options={windows.map((w) => [w, WINDOW_NAMES[w] ?? w])} value={span} onChange={(w) => setQuery({ w })} />
                <Toggle label="Currency" options={[['usd', 'USD'], ['eth', 'ETH']]} value={currency} onChange={(c) => setQuery({ c })} />
              </div>
              <CategoryTable chain={doc} window={span} currency={currency} master={master} money={money} />
              <Source docs={[paths.blockspace(chain)]} />
              <h2>Per day</h2>
              <div class="controls">
                <Toggle label="Measure" options={MEASURES} value={measure} onChange={(m) => setQuery({ m })} />
              </div>
              <div data-part="daily" data-measure={measure}>
                <Chart
                  unit={measure === 'fees' ? money : countUnit}
                  title={`Daily ${measure === 'fees' ? 'fees' : 'transactions'} of ${doc.chain_name} per category`}
                  series={dailySeries(doc, master, measure === 'fees' ? `gas_fees_${currency}_absolute` : 'txcount_absolute', (i) => seriesColor(theme, undefined, i))}
                />
              </div>
              <Source docs={[paths.blockspace(chain)]} />
              <h2>Top contracts</h2>
              <TopContracts chain={doc} window={span} picked={route.query.get('cat') ?? ''} currency={currency} master={master} money={money} source={paths.blockspace(chain)} />
            </>
          );
        }}
      </Await>
    </section>
  );
}
