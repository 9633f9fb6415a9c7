// The fee table as a heat map: one row per chain, one column per hour (oldest left), each cell
// coloured by the document's `normalized` (0 = best: cheapest, or fastest for tps/throughput).
import { load, paths } from '../api.js';
import { Await, Toggle } from '../components/controls.js';
import { own, unitFor, valueColumn, type FeeTable, type Master } from '../documents.js';
import { formatHour, formatValue } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { currencyOptions } from '../series.js';
import { useLoad } from '../use-load.js';

/** Green (best) to red (worst); lightness fixed so white text reads on every cell. */
function cellColor(normalized: number): string {
  const hue = Math.round(130 * (1 - Math.max(0, Math.min(1, normalized))));
  return `hsl(${hue} 65% 38%)`;
}

export function FeesPage({ route }: { route: Route }) {
  const loaded = useLoad(() => Promise.all([load<Master>(paths.master), load<FeeTable>(paths.fees)]), []);
  return (
    <section data-page="fees">
      <h1>Fees</h1>
      <Await loaded={loaded}>
        {([master, table]) => {
          const metrics = Object.entries(master.fee_metrics).sort((a, b) => a[1].priority - b[1].priority);
          const requested = route.query.get('m') ?? '';
          const metric = own(master.fee_metrics, requested) ? requested : metrics[0]?.[0];
          if (metric === undefined) return <p>No fee metrics.</p>;
          const info = master.fee_metrics[metric];
          const [currency, unit] = unitFor(info.units, route.query.get('c') ?? 'usd');
          // Columns of the fee table are value_eth / value_usd / value (CONTRACT.md section 2).
          const column = currency === 'value' ? 'value' : `value_${currency}`;
          const chains = Object.keys(table.chain_data);
          const hours = (table.chain_data[chains[0]]?.hourly[metric]?.data ?? []).map((r) => r[0] as number).reverse();
          return (
            <>
              <p class="muted">
                {info.name} per chain and hour (UTC), the last {hours.length} complete hours. Green is the best hour of the chain (cheapest, or fastest), red the worst.
              </p>
              <div class="controls">
                <label>
                  Metric{' '}
                  <select value={metric} onChange={(e) => setQuery({ m: (e.target as HTMLSelectElement).value })}>
                    {metrics.map(([id, m]) => (
                      <option key={id} value={id}>
                        {m.name}
                      </option>
                    ))}
                  </select>
                </label>
                {currencyOptions(info.units).length > 1 && <Toggle label="Currency" options={currencyOptions(info.units)} value={currency} onChange={(c) => setQuery({ c })} />}
              </div>
              <div class="scroll">
                <table class="heatmap" data-metric={metric}>
                  <thead>
                    <tr>
                      <th scope="col">Chain</th>
                      {hours.map((h) => (
                        <th scope="col" key={h} title={formatHour(h)}>
                          {new Date(h).toISOString().slice(11, 13)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {chains.map((chain) => {
                      const t = table.chain_data[chain].hourly[metric];
                      const byHour = new Map((t?.data ?? []).map((r) => [r[0] as number, r]));
                      const vi = t ? valueColumn(t.types, column) : -1;
                      const ni = t ? t.types.indexOf('normalized') : -1;
                      return (
                        <tr key={chain} data-chain={chain}>
                          <th scope="row">
                            <a href={href(['chain', chain])}>{master.chains[chain]?.name ?? chain}</a>
                          </th>
                          {hours.map((h) => {
                            const row = byHour.get(h);
                            const v = row?.[vi] ?? null;
                            const n = row?.[ni] ?? null;
                            const text = formatValue(v, unit, { tooltip: true });
                            return (
                              <td key={h} data-hour={h} data-value={v ?? ''} data-normalized={n ?? ''} style={n === null ? undefined : { background: cellColor(n) }} class={n === null ? 'empty' : undefined} title={`${formatHour(h)}: ${text}`}>
                                {formatValue(v, unit)}
                              </td>
                            );
                          })}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </>
          );
        }}
      </Await>
    </section>
  );
}
