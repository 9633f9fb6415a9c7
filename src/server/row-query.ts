// The query of an incremental pull: `since=YYYY-MM-DD` and `chains=a,b` on the flat exports that
// accept them (the kinds with `rowQuery`, documents/flat-exports). Read from the request target
// here and nowhere else; every other document ignores its query string (request-path.ts).
//
// Strict, because a client that pulls "what is new" must not silently get something else: a
// parameter given twice or empty, a date that is not a calendar day, a chain the service does not
// publish, is a 400 naming the parameter. Parameters other than these two are ignored, as on
// every document (a cache-busting `?_=...` keeps working).
import { errorBody } from './errors.js';

export const SINCE_PARAM = 'since';
export const CHAINS_PARAM = 'chains';

/** What a pull asks for: rows from `since` on (null: all days) of `chains` (null: every chain). */
export interface RowQuery {
  since: string | null;
  /** Sorted and without repeats, so that one selection is one cache key. */
  chains: readonly string[] | null;
}

export type RowQueryResult = { ok: true; query: RowQuery | null } | { ok: false; body: Buffer };

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A chain is echoed in an error only when it looks like one; anything else is not repeated back. */
const ECHOABLE = /^[a-z0-9_.-]{1,64}$/;

export const ROW_QUERY_HINT =
  'since=YYYY-MM-DD keeps the rows dated that day or later; chains=a,b keeps the rows of those chains (the keys of "chains" in /v1/master.json, all_l2s excepted). Give each at most once.';

function bad(message: string): RowQueryResult {
  return { ok: false, body: errorBody(400, 'bad_request', message, ROW_QUERY_HINT) };
}

/** True when `day` is YYYY-MM-DD naming a real calendar day (no 2025-02-30). */
export function isCalendarDay(day: string): boolean {
  const m = DAY_RE.exec(day);
  if (m === null) return false;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === day;
}

/**
 * The pull asked for by `target`'s query string, null when it names neither parameter (the
 * published document answers), or the 400 body. `chains` are the origin_keys a pull may name.
 */
export function parseRowQuery(target: string, chains: ReadonlySet<string>): RowQueryResult {
  const q = target.indexOf('?');
  if (q < 0) return { ok: true, query: null };
  const params = new URLSearchParams(target.slice(q + 1));
  const since = params.getAll(SINCE_PARAM);
  const listed = params.getAll(CHAINS_PARAM);
  if (since.length === 0 && listed.length === 0) return { ok: true, query: null };
  for (const [name, values] of [[SINCE_PARAM, since], [CHAINS_PARAM, listed]] as const) {
    if (values.length > 1) return bad(`The parameter "${name}" is given ${values.length} times; give it once.`);
    if (values.length === 1 && values[0] === '') return bad(`The parameter "${name}" is empty.`);
  }
  if (since.length === 1 && !isCalendarDay(since[0]!)) return bad(`The parameter "${SINCE_PARAM}" must be a UTC day written YYYY-MM-DD, e.g. 2025-01-31.`);
  let selected: string[] | null = null;
  if (listed.length === 1) {
    const names = listed[0]!.split(',');
    if (names.some((n) => n === '')) return bad(`The parameter "${CHAINS_PARAM}" has an empty name; separate origin_keys with single commas.`);
    const unknown = names.find((n) => !chains.has(n));
    if (unknown !== undefined) {
      const named = ECHOABLE.test(unknown) ? `"${unknown}", which is not a chain of this service` : 'a value that is not a chain of this service';
      return bad(`The parameter "${CHAINS_PARAM}" names ${named}.`);
    }
    selected = [...new Set(names)].sort();
  }
  return { ok: true, query: { since: since[0] ?? null, chains: selected } };
}

/** The cache key of a pull of `path`: equal for equal selections, however they were written. */
export function rowQueryKey(path: string, query: RowQuery): string {
  return `${path}?${SINCE_PARAM}=${query.since ?? ''}&${CHAINS_PARAM}=${query.chains?.join(',') ?? '*'}`;
}
