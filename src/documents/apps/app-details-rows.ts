// The rows of an application detail document's series and window figures (CONTRACT.md section 4)
// from one project's facts. These loops run for every period of every series of every project
// (millions of rows per build), so each reads its facts by one walk over each fact map per series,
// and makes no closure per call (each was an allocation, and a keepNames call under tsx).
import { HOUR_MS } from '../../clock.js';
import type { AppMetric } from '../../metrics/definition.js';
import { KEYS } from './app-facts.js';
import type { ProjectFacts } from './app-fact-shapes.js';

export type Value = number | null;
export type Row = [number, ...Value[]];
export interface Table {
  types: string[];
  data: Row[];
}

type Periods = Map<number, number | null>;

/** A metric's value columns. */
export const columns = (m: AppMetric): string[] => (m.currency ? ['usd', 'eth'] : ['value']);

/**
 * The values of `periods` at from, from + step, … before until (no value: 0), written into `into`
 * (one of the buffers below, reused for every series, so that a series allocates only its rows).
 * One walk over the map's entries instead of a lookup per period: most periods of an hourly
 * series have no value, and a lookup by a millisecond key (not a small integer) was most of a
 * series' time.
 */
function dense<V>(periods: Map<number, V> | undefined, from: number, until: number, step: number, into: Array<V | 0>): Array<V | 0> {
  const n = until > from ? Math.ceil((until - from) / step) : 0;
  into.length = n;
  into.fill(0);
  if (periods) {
    for (const [p, v] of periods) {
      const i = (p - from) / step;
      if (i >= 0 && i < n && Number.isInteger(i)) into[i] = v;
    }
  }
  return into;
}
/** The two buffers a series reads at once (a series is made to the end before the next starts). */
const FIRST: Value[] = [];
const SECOND: Value[] = [];
const RAW: Array<{ txcount: number; senders: number } | 0> = [];

/**
 * A chain metric's series on one chain (or '*') for every period in [from, until) by `step`:
 * `facts` are the chain's fact maps by key, `daa` its distinct senders per period. A rate has no
 * row for a period without transactions.
 */
export function seriesRows(
  m: AppMetric,
  facts: Map<string, Periods> | undefined,
  daa: Map<number, number> | undefined,
  from: number,
  until: number,
  step: number,
): Row[] {
  const out: Row[] = [];
  switch (m.aggregate.kind) {
    case 'unique': {
      const n = dense(daa, from, until, step, FIRST);
      for (let i = 0, p = from; p < until; i++, p += step) out.push([p, n[i]!]);
      return out;
    }
    case 'ratio': {
      const tx = dense(facts?.get(KEYS.txcount), from, until, step, FIRST);
      const ok = dense(facts?.get(KEYS.successes), from, until, step, SECOND);
      for (let i = 0, p = from; p < until; i++, p += step) {
        const n = tx[i]!;
        if (n) out.push([p, (ok[i] ?? 0) / n]);
      }
      return out;
    }
    case 'sum': {
      if (!m.currency) {
        const tx = dense(facts?.get(KEYS.txcount), from, until, step, FIRST);
        for (let i = 0, p = from; p < until; i++, p += step) out.push([p, tx[i]!]);
        return out;
      }
      const usd = dense(facts?.get(KEYS.fees_usd), from, until, step, FIRST);
      const eth = dense(facts?.get(KEYS.fees_eth), from, until, step, SECOND);
      for (let i = 0, p = from; p < until; i++, p += step) out.push([p, usd[i]!, eth[i]!]);
      return out;
    }
    case 'market':
      throw new Error(`${m.metric_id} is a token metric`);
  }
}

/**
 * The distinct senders of each hour in [from, until) on one chain, counted from the raw
 * transactions (address sets are per day). Null when the raw transactions counted differ from the
 * stored hourly txcount: the hour's transactions were pruned by retention (or not all ingested
 * yet), and a count over what is left would be an undercount.
 */
export function hourlySendersRows(pf: ProjectFacts, ok: string, from: number, until: number): Row[] {
  const stored = dense(pf.hourly.get(ok)?.get(KEYS.txcount), from, until, HOUR_MS, FIRST);
  const raw = dense(pf.sendersHourly.get(ok), from, until, HOUR_MS, RAW);
  const out: Row[] = [];
  for (let i = 0, h = from; h < until; i++, h += HOUR_MS) {
    const r = raw[i]!;
    const txcount = r === 0 ? 0 : r.txcount;
    out.push([h, txcount === (stored[i] ?? 0) ? (r === 0 ? 0 : r.senders) : null]);
  }
  return out;
}

/** The first period with a non-zero value (of a chain's txcount: its first active day or hour). */
export function firstActive(periods: Map<number, number | null> | undefined): number | null {
  let first: number | null = null;
  for (const [p, v] of periods ?? []) if (v && (first === null || p < first)) first = p;
  return first;
}

type Sum = number | null | undefined;

/** Window `w` of one fact key (of a project's chain or of a contract); windows without facts are 0. */
export function windowAt(byKey: Map<string, Sum[]> | undefined, key: string, w: number): Value {
  const v = byKey?.get(key)?.[w];
  return v === undefined ? 0 : v;
}

/** A window's value of a chain metric on a chain (or '*'); windows without facts are 0 (null for a rate). */
export function windowValue(m: AppMetric, pf: ProjectFacts, ok: string, w: number): Value[] {
  const byKey = pf.windows.get(ok);
  switch (m.aggregate.kind) {
    case 'unique':
      return [pf.daaWindows.get(ok)?.[w] ?? 0];
    case 'ratio': {
      const tx = windowAt(byKey, KEYS.txcount, w);
      return [tx ? (windowAt(byKey, KEYS.successes, w) ?? 0) / tx : null];
    }
    case 'sum':
      return m.currency ? [windowAt(byKey, KEYS.fees_usd, w), windowAt(byKey, KEYS.fees_eth, w)] : [windowAt(byKey, KEYS.txcount, w)];
    case 'market':
      throw new Error(`${m.metric_id} is a token metric`);
  }
}
