// Small controls shared by the pages: a group of toggle buttons (granularity, currency), page
// states (loading, error, not found), and a sortable column header.
import type { ComponentChildren } from 'preact';
import type { LoadError } from '../api.js';
import type { Loaded } from '../use-load.js';
import { SyncProgress } from './sync-progress.js';

export function Toggle({ label, options, value, onChange }: { label: string; options: [string, string][]; value: string; onChange: (v: string) => void }) {
  return (
    <div class="toggle" role="group" aria-label={label}>
      {options.map(([key, text]) => (
        <button type="button" key={key} aria-pressed={key === value} data-option={key} onClick={() => onChange(key)}>
          {text}
        </button>
      ))}
    </div>
  );
}

export function NotFound({ what }: { what: string }) {
  return (
    <section class="not-found" data-page="not-found">
      <h1>Not found</h1>
      <p>{what}</p>
      <p>
        <a href="#/">Back to the chains</a>
      </p>
    </section>
  );
}

export function Failure({ error }: { error: LoadError }) {
  const wait = error.retryAfter !== null ? ` Try again in ${error.retryAfter} s.` : '';
  const title = error.code === 'not_ready' ? 'Data is being prepared' : error.code === 'rate_limited' ? 'Too many requests' : 'Could not load the data';
  return (
    <section class="failure" role="alert">
      <h1>{title}</h1>
      <p>
        {error.message}
        {wait}
      </p>
      {error.code === 'not_ready' && <SyncProgress />}
      <p>
        <button type="button" onClick={() => location.reload()}>
          Reload
        </button>
      </p>
    </section>
  );
}

/** Renders a page's content once its documents are in, or the loading / error state. */
export function Await<T>({ loaded, children }: { loaded: Loaded<T>; children: (value: T) => ComponentChildren }) {
  if (loaded.state === 'loading') return <p class="loading" aria-busy="true">Loading…</p>;
  if (loaded.state === 'error') return <Failure error={loaded.error} />;
  return <>{children(loaded.value)}</>;
}

export type SortDir = 'asc' | 'desc';

export function SortHeader({ column, label, sort, dir, onSort, numeric = false }: { column: string; label: string; sort: string; dir: SortDir; onSort: (column: string) => void; numeric?: boolean }) {
  const active = column === sort;
  return (
    <th scope="col" class={numeric ? 'num' : undefined} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" class="sort" data-sort={column} onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

/** Sorts rows by a key, nulls last whatever the direction. */
export function sortRows<T>(rows: T[], key: (row: T) => number | string | null, dir: SortDir): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}
