// The parts of a chain overview document (CONTRACT.md section 3): KPI cards with week-over-week
// change, ranking, streaks and lifetime levels, highlights, events, blockspace by category and
// the chain's applications. Each part is shown only when the document has it.
import { Source } from '../components/source.js';
import { Sparkline } from '../components/sparkline.js';
import { unitFor, valueColumn, type ChainOverview, type Master } from '../documents.js';
import { formatChange, formatCount, formatValue, type Unit } from '../format.js';
import { href } from '../route.js';

interface Props {
  overview: ChainOverview;
  master: Master;
  currency: string;
  /** The overview document's path, named under each part. */
  source: string;
}

const COUNT: Unit = { currency: false, prefix: null, suffix: null, decimals: 0, decimals_tooltip: 0, agg: true, agg_tooltip: false };

function metricUnit(master: Master, metric: string, currency: string): [string, Unit] {
  const info = master.metrics[metric];
  return info ? unitFor(info.units, currency) : ['value', COUNT];
}

export function OverviewSections({ overview, master, currency, source }: Props) {
  const d = overview.data;
  const kpis = Object.entries(d.kpi_cards ?? {});
  const ranking = Object.entries(d.ranking ?? {});
  return (
    <div class="overview" data-part="overview">
      {kpis.length > 0 && (
        <>
          <h2>Key figures</h2>
          <div class="cards">
            {kpis.map(([metric, card]) => {
              const [key, unit] = metricUnit(master, metric, currency);
              const col = Math.max(0, card.current_values.types.indexOf(key));
              const value = card.current_values.data[col] ?? null;
              const wow = card.wow_change.data[Math.max(0, card.wow_change.types.indexOf(key))] ?? null;
              const sparkCol = valueColumn(card.sparkline.types, key);
              return (
                <article class="card kpi" key={metric} data-kpi={metric}>
                  <h3>{master.metrics[metric]?.name ?? metric}</h3>
                  <p class="figure">
                    <span class="value" data-value={value ?? ''}>
                      {formatValue(value, unit)}
                    </span>
                    <span class={`change ${wow === null ? '' : wow >= 0 ? 'up' : 'down'}`} data-value={wow ?? ''} title="week over week">
                      {formatChange(wow)} wow
                    </span>
                  </p>
                  <Sparkline values={card.sparkline.data.map((r) => r[sparkCol] ?? null)} label={`${metric}, last ${card.sparkline.data.length} days`} width={220} height={36} />
                </article>
              );
            })}
          </div>
          <Source docs={[source]} />
        </>
      )}
      {ranking.length > 0 && (
        <>
          <h2>Ranking</h2>
          <table class="data ranking">
            <thead>
              <tr>
                <th scope="col">Metric</th>
                <th scope="col" class="num">Rank</th>
                <th scope="col" class="num">Value</th>
              </tr>
            </thead>
            <tbody>
              {ranking.map(([metric, r]) => {
                const [key, unit] = metricUnit(master, metric, currency);
                const value = key === 'usd' ? r.value_usd : key === 'eth' ? r.value_eth : r.value;
                return (
                  <tr key={metric} data-ranking={metric}>
                    <th scope="row">{master.metrics[metric]?.name ?? metric}</th>
                    <td class="num" data-rank={r.rank}>
                      {r.rank > 0 ? `${r.rank} of ${r.out_of}` : '–'}
                    </td>
                    <td class="num" data-value={value ?? ''}>
                      {formatValue(value, unit)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Source docs={[source]} />
        </>
      )}
      <Achievements overview={overview} master={master} currency={currency} source={source} />
      {(d.highlights?.length ?? 0) > 0 && (
        <>
          <h2>Highlights</h2>
          <ul class="highlights">
            {d.highlights!.map((h) => (
              <li key={`${h.metric_id}-${h.type}`}>
                <strong>{h.header ?? h.metric_name}</strong> {h.value && <span class="value">{h.value}</span>} <span class="muted">{h.date}</span>
                {h.text && <p>{h.text}</p>}
              </li>
            ))}
          </ul>
          <Source docs={[source]} />
        </>
      )}
      {(d.events?.length ?? 0) > 0 && (
        <>
          <h2>Events</h2>
          <ul class="events">
            {d.events!.map((e) => (
              <li key={`${e.date}-${e.title}`}>
                <span class="muted">{e.date}</span> <strong>{e.title}</strong>
                {e.description && <p>{e.description}</p>}
              </li>
            ))}
          </ul>
          <Source docs={[source]} />
        </>
      )}
      {d.blockspace && d.blockspace.data.length > 0 && (
        <>
          <h2>Blockspace, last 7 days</h2>
          <table class="data blockspace">
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col" class="num">Transactions</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {d.blockspace.data.map(([category, txcount, share]) => (
                <tr key={category} data-category={category}>
                  <th scope="row">{master.blockspace_categories.main_categories[category] ?? category}</th>
                  <td class="num">{formatCount(txcount)}</td>
                  <td>
                    <span class="bar" style={{ width: `${Math.max(0, Math.min(100, share))}%` }} /> {share.toFixed(2)}%
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Source docs={[source]} />
        </>
      )}
      {d.ecosystem?.apps && (
        <>
          <h2>Applications</h2>
          <p class="muted">
            Active applications: {formatCount(d.ecosystem.active_apps?.['7d'])} in 7 days, {formatCount(d.ecosystem.active_apps?.['30d'])} in 30 days.
          </p>
          <ol class="apps">
            {d.ecosystem.apps.data.slice(0, 10).map(([project, txcount]) => (
              <li key={project}>
                <a href={href(['app', project])}>{project}</a> <span class="muted">{formatCount(txcount)} tx in 7 days</span>
              </li>
            ))}
          </ol>
          <Source docs={[source]} />
        </>
      )}
    </div>
  );
}

function Achievements({ overview, master, currency, source }: Props) {
  const a = overview.data.achievements;
  if (!a) return null;
  const pick = <T,>(byUnit: Record<string, T>): [string, T] | undefined => {
    const key = currency in byUnit ? currency : Object.keys(byUnit)[0];
    return key === undefined ? undefined : [key, byUnit[key]];
  };
  const streaks = Object.entries(a.streaks ?? {});
  const lifetime = Object.entries(a.lifetime ?? {});
  return (
    <>
      <h2>Achievements</h2>
      <div class="cards">
        {streaks.map(([metric, byUnit]) => {
          const s = pick(byUnit);
          if (!s) return null;
          const [, unit] = metricUnit(master, metric, s[0]);
          return (
            <article class="card" key={`streak-${metric}`} data-streak={metric}>
              <h3>{master.metrics[metric]?.name ?? metric} streak</h3>
              <p class="figure">
                <span class="value">{s[1].streak_length} days</span>
              </p>
              <p class="muted small">Yesterday {formatValue(s[1].yesterday_value, unit)}</p>
            </article>
          );
        })}
        {lifetime.map(([metric, byUnit]) => {
          const l = pick(byUnit);
          if (!l) return null;
          const [, unit] = metricUnit(master, metric, l[0]);
          return (
            <article class="card" key={`life-${metric}`} data-lifetime={metric}>
              <h3>{master.metrics[metric]?.name ?? metric}, lifetime</h3>
              <p class="figure">
                <span class="value">Level {l[1].level}</span>
              </p>
              <p class="muted small">
                Total {formatValue(l[1].total_value, unit)}
                {l[1].percent_to_next_level !== null ? `, ${l[1].percent_to_next_level.toFixed(2)}% to the next level` : ', top level'}
              </p>
            </article>
          );
        })}
      </div>
      <Source docs={[source]} />
    </>
  );
}
