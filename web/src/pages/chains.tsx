// The home page: every chain with its latest daily txcount, active addresses, fees and median
// transaction cost, and a 30-day sparkline of txcount; sortable by any column. Reads master.json
// (names, units) and fundamentals.json (the last 90 days of every metric in one document).
import { load, paths } from '../api.js';
import { Await, SortHeader, sortRows, type SortDir } from '../components/controls.js';
import { Source } from '../components/source.js';
import { Sparkline } from '../components/sparkline.js';
import type { ExportRow, Master } from '../documents.js';
import { formatDate, formatValue } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { seriesColor, useTheme } from '../theme.js';
import { useLoad } from '../use-load.js';

/** The columns: a metric id and the unit key shown (the USD column of money metrics). */
const COLUMNS: { metric: string; unit: string; label: string }[] = [
  { metric: 'txcount', unit: 'value', label: 'Transactions' },
  { metric: 'daa', unit: 'value', label: 'Active addresses' },
  { metric: 'fees', unit: 'usd', label: 'Fees paid' },
  { metric: 'txcosts', unit: 'usd', label: 'Median tx cost' },
];
const SPARK_DAYS = 30;

interface ChainRow {
  key: string;
  name: string;
  latest: Record<string, { value: number | null; date: string } | undefined>;
  spark: (number | null)[];
}

/** The stored key of a metric's unit column: money metrics list the USD key first (CONTRACT.md 9). */
function storedKey(master: Master, metric: string, unit: string): string | undefined {
  const info = master.metrics[metric];
  if (info === undefined) return undefined;
  const units = Object.keys(info.units);
  return info.metric_keys[Math.max(0, units.indexOf(unit))];
}

function chainRows(master: Master, rows: ExportRow[]): ChainRow[] {
  const byChain = new Map<string, Map<string, ExportRow[]>>();
  for (const r of rows) {
    let keys = byChain.get(r.origin_key);
    if (keys === undefined) byChain.set(r.origin_key, (keys = new Map()));
    let list = keys.get(r.metric_key);
    if (list === undefined) keys.set(r.metric_key, (list = []));
    list.push(r); // rows come ordered by origin_key, metric_key, date
  }
  const txKey = storedKey(master, 'txcount', 'value');
  // master.json's order (ethereum first, then by activity), then any chain it leaves out (DEV).
  const order = [...new Set([...master.default_chain_sorting, ...Object.keys(master.chains)])];
  return order
    .filter((key) => byChain.has(key) && master.chains[key] !== undefined)
    .map((key) => {
      const keys = byChain.get(key)!;
      const latest: ChainRow['latest'] = {};
      for (const c of COLUMNS) {
        const sk = storedKey(master, c.metric, c.unit);
        const list = sk === undefined ? undefined : keys.get(sk);
        const last = list?.[list.length - 1];
        latest[c.metric] = last ? { value: last.value, date: last.date } : undefined;
      }
      const tx = (txKey && keys.get(txKey)) || [];
      return { key, name: master.chains[key].name, latest, spark: tx.slice(-SPARK_DAYS).map((r) => r.value) };
    });
}

export function ChainsPage({ route }: { route: Route }) {
  const loaded = useLoad(() => Promise.all([load<Master>(paths.master), load<ExportRow[]>(paths.fundamentals)]), []);
  const theme = useTheme();
  const sort = route.query.get('sort') ?? 'txcount';
  const dir: SortDir = route.query.get('dir') === 'asc' ? 'asc' : 'desc';
  const onSort = (column: string): void => setQuery({ sort: column, dir: column === sort && dir === 'desc' ? 'asc' : 'desc' });
  return (
    <section data-page="chains">
      <h1>Chains</h1>
      <Await loaded={loaded}>
        {([master, rows]) => {
          const chains = chainRows(master, rows);
          const sorted = sortRows(chains, (c) => (sort === 'name' ? c.name.toLowerCase() : (c.latest[sort]?.value ?? null)), dir);
          const day = chains.flatMap((c) => Object.values(c.latest)).find((v) => v !== undefined)?.date;
          return (
            <>
              <p class="muted">Latest complete day{day ? ` (${day})` : ''}; the line is the last {SPARK_DAYS} days of transactions.</p>
              <div class="scroll">
                <table class="data chains">
                  <thead>
                    <tr>
                      <SortHeader column="name" label="Chain" sort={sort} dir={dir} onSort={onSort} />
                      {COLUMNS.map((c) => (
                        <SortHeader key={c.metric} column={c.metric} label={c.label} sort={sort} dir={dir} onSort={onSort} numeric />
                      ))}
                      <th scope="col">Last {SPARK_DAYS} days</th>
                    </tr>
                  </thead>
                  <tbody>
                    {sorted.map((c, i) => (
                      <tr key={c.key} data-chain={c.key}>
                        <th scope="row">
                          <a href={href(['chain', c.key])}>{c.name}</a>
                        </th>
                        {COLUMNS.map((col) => {
                          const cell = c.latest[col.metric];
                          const unit = master.metrics[col.metric]?.units[col.unit];
                          return (
                            <td key={col.metric} class="num" data-metric={col.metric} data-value={cell?.value ?? ''} title={cell ? `${formatDate(Date.parse(cell.date))}` : undefined}>
                              {unit ? <a href={href(['metric', col.metric])}>{formatValue(cell?.value ?? null, unit)}</a> : '–'}
                            </td>
                          );
                        })}
                        <td>
                          <Sparkline values={c.spark} label={`${c.name}: transactions over the last ${SPARK_DAYS} days`} color={seriesColor(theme, master.chains[c.key]?.colors, i)} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Source docs={[paths.fundamentals, paths.master]} />
              <h2>Compare the chains</h2>
              <ul class="metric-links">
                {Object.entries(master.metrics)
                  .filter(([, info]) => info.supported_chains.length > 0)
                  .map(([id, info]) => (
                    <li key={id}>
                      <a href={href(['metric', id])}>{info.name}</a>
                    </li>
                  ))}
              </ul>
            </>
          );
        }}
      </Await>
    </section>
  );
}
