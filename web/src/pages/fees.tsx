// The fee table as a heat map: one row per chain, one column per hour, newest on the left so a
// phone shows the latest hours first, under a row of day labels. Every cell is coloured on one
// scale for all chains: the value's place between the lowest and highest value shown, on a log
// scale because chains' fees differ by orders of magnitude. Green is the better end (cheap, or
// fast for the metrics master.json marks invert_normalization).
import { load, paths } from '../api.js';
import { Await, Toggle } from '../components/controls.js';
import { FeeViews } from '../components/fee-views.js';
import { Source } from '../components/source.js';
import { own, unitFor, valueColumn, type FeeTable, type Master } from '../documents.js';
import { formatHour, formatValue } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { currencyOptions } from '../series.js';
import { useLoad } from '../use-load.js';

/** Green (best) to red (worst), `position` 0..1 from best; lightness fixed so white text reads on every cell. */
function cellColor(position: number): string {
  const hue = Math.round(130 * (1 - Math.max(0, Math.min(1, position))));
  return `hsl(${hue} 65% 38%)`;
}

/**
 * Where each value lies between the lowest and highest positive value shown, on a log scale:
 * 0 at the lowest, 1 at the highest (a value of 0 or less sits at the lowest end).
 */
function logScale(values: readonly number[]): { position: (v: number) => number; min: number; max: number } {
  const positive = values.filter((v) => v > 0);
  const min = positive.length ? Math.min(...positive) : 0;
  const max = positive.length ? Math.max(...positive) : 0;
  const span = max > min ? Math.log(max) - Math.log(min) : 0;
  return { min, max, position: (v) => (v <= min || span === 0 ? 0 : (Math.log(v) - Math.log(min)) / span) };
}

/** Consecutive hours of the same UTC day, newest first: the day labels' spans. */
function daySpans(hours: readonly number[]): Array<{ day: number; hours: number }> {
  const spans: Array<{ day: number; hours: number }> = [];
  for (const h of hours) {
    const day = h - (h % 86_400_000);
    if (spans.at(-1)?.day === day) spans.at(-1)!.hours++;
    else spans.push({ day, hours: 1 });
  }
  return spans;
}

export function FeesPage({ route }: { route: Route }) {
  const loaded = useLoad(() => Promise.all([load<Master>(paths.master), load<FeeTable>(paths.fees)]), []);
  return (
    <section data-page="fees">
      <h1>Fees</h1>
      <FeeViews current="table" />
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
          // The document lists hours newest first; so does the map.
          const hours = (table.chain_data[chains[0]]?.hourly[metric]?.data ?? []).map((r) => r[0] as number);
          const higherIsBetter = (master.fee_metrics[metric] as { invert_normalization?: boolean }).invert_normalization === true;
          const valueOf = (chain: string): Map<number, number | null> => {
            const t = table.chain_data[chain].hourly[metric];
            const vi = t ? valueColumn(t.types, column) : -1;
            return new Map((t?.data ?? []).map((r) => [r[0] as number, (r[vi] as number | null) ?? null]));
          };
          const values = new Map(chains.map((c) => [c, valueOf(c)]));
          const scale = logScale([...values.values()].flatMap((m) => [...m.values()].filter((v): v is number => v !== null)));
          /** 0 at the better end of the shown values, 1 at the worse. */
          const placeOf = (v: number): number => (higherIsBetter ? 1 - scale.position(v) : scale.position(v));
          return (
            <>
              <p class="muted">
                {info.name} per chain and hour (UTC), the last {hours.length} complete hours, newest first. One colour scale for every chain (logarithmic): green is the {higherIsBetter ? 'highest' : 'lowest'} value shown ({formatValue(higherIsBetter ? scale.max : scale.min, unit)}), red the {higherIsBetter ? 'lowest' : 'highest'} ({formatValue(higherIsBetter ? scale.min : scale.max, unit)}).
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
                    <tr class="days">
                      <th scope="col" rowSpan={2}>
                        Chain
                      </th>
                      {daySpans(hours).map((d) => (
                        <th scope="colgroup" key={d.day} colSpan={d.hours} data-day={d.day}>
                          {new Date(d.day).toISOString().slice(0, 10)}
                        </th>
                      ))}
                    </tr>
                    <tr>
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
                      const ni = t ? t.types.indexOf('normalized') : -1;
                      return (
                        <tr key={chain} data-chain={chain}>
                          <th scope="row">
                            <a href={href(['chain', chain])}>{master.chains[chain]?.name ?? chain}</a>
                          </th>
                          {hours.map((h) => {
                            const v = values.get(chain)!.get(h) ?? null;
                            const n = byHour.get(h)?.[ni] ?? null;
                            const text = formatValue(v, unit, { tooltip: true });
                            return (
                              <td key={h} data-hour={h} data-value={v ?? ''} data-normalized={n ?? ''} data-place={v === null ? '' : placeOf(v).toFixed(4)} style={v === null ? undefined : { background: cellColor(placeOf(v)) }} class={v === null ? 'empty' : undefined} title={`${formatHour(h)}: ${text}`}>
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
              <Source docs={[paths.fees, paths.master]} />
            </>
          );
        }}
      </Await>
    </section>
  );
}
