// The rows of an application detail document's series and window figures (CONTRACT.md section 4)
// from one project's facts. These loops run for every period of every series of every project
// (millions of rows per build), so each looks its fact maps up once per series rather than once
// per row, and makes no closure per call (each was an allocation, and a keepNames call under tsx).
import { HOUR_MS } from '../clock.js';
import type { AppMetric } from '../metrics/definition.js';
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

/** A stored figure of one period: no fact is 0. */
function at(periods: Periods | undefined, p: number): Value {
  if (periods === undefined) return 0;
  const v = periods.get(p);
  return v === undefined ? 0 : v;
}

/**
 * A chain metric's series on one chain (or '*') for every period in [from, until) by `step`:
 * `facts` are the chain's fact maps by key, `daa` its distinct senders per period. A rate has no
 * row for a period without transactions.
 */
export function seriesRows(m: AppMetric, facts: Map<string, Periods> | undefined, daa: Map<number, number> | undefined, from: number, until: number, step: number): Row[] {
  const out: Row[] = [];
  switch (m.aggregate.kind) {
    case 'unique':
      for (let p = from; p < until; p += step) out.push([p, daa?.get(p) ?? 0]);
      return out;
    case 'ratio': {
      const tx = facts?.get(KEYS.txcount);
      const ok = facts?.get(KEYS.successes);
      for (let p = from; p < until; p += step) {
        const n = at(tx, p);
        if (n) out.push([p, (at(ok, p) ?? 0) / n]);
      }
      return out;
    }
    case 'sum': {
      if (!m.currency) {
        const tx = facts?.get(KEYS.txcount);
        for (let p = from; p < until; p += step) out.push([p, at(tx, p)]);
        return out;
      }
      const usd = facts?.get(KEYS.fees_usd);
      const eth = facts?.get(KEYS.fees_eth);
      for (let p = from; p < until; p += step) out.push([p, at(usd, p), at(eth, p)]);
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
  const stored = pf.hourly.get(ok)?.get(KEYS.txcount);
  const raw = pf.sendersHourly.get(ok);
  const out: Row[] = [];
  for (let h = from; h < until; h += HOUR_MS) {
    const r = raw?.get(h);
    out.push([h, (r?.txcount ?? 0) === (stored?.get(h) ?? 0) ? (r?.senders ?? 0) : null]);
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
