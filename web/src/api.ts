// Loading documents from the same origin's /v1. Every path is fetched once per minute at most
// (documents change at most hourly; the server answers repeats with 304 anyway), and a failed
// load is forgotten so that a retry fetches again. Where serve's document stream is open
// (document-watch.ts), a document held is fetched again, with If-None-Match, as soon as a new
// set changes it.
export class LoadError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds the server asked to wait (503 not_ready, 429 rate_limited), else null. */
    readonly retryAfter: number | null,
  ) {
    super(message);
  }
}

const FRESH_MS = 60_000;

interface Held {
  at: number;
  value: Promise<unknown>;
  /** The ETag the server sent with the value (null until it is in). */
  etag: string | null;
  /** Loaded or kept while no document stream was open: a change to it may have gone unannounced. */
  unwatched: boolean;
}
const cache = new Map<string, Held>();
/** A document stream is open (document-watch.ts): the documents held are told of when they change. */
let watching = false;

async function fetchJson(path: string, held?: Held): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      headers: { Accept: 'application/json', ...(held?.etag ? { 'If-None-Match': held.etag } : {}) },
      // A revalidation asks the server, not the browser's cache (which may hold the old bytes for max-age).
      ...(held ? { cache: 'no-store' as const } : {}),
    });
  } catch (err) {
    throw new LoadError(path, 0, 'network', `Could not reach the server for ${path}.`, null);
  }
  if (!res.ok && res.status !== 304) {
    // Errors are JSON {"error": {status, code, message, hint}} (CONTRACT.md section 7).
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    const retry = Number(res.headers.get('Retry-After'));
    throw new LoadError(path, res.status, body?.error?.code ?? 'http', body?.error?.message ?? `HTTP ${res.status} for ${path}`, Number.isFinite(retry) && retry > 0 ? retry : null);
  }
  return res;
}

/** Fetches `path` into the cache; a failed load is forgotten, so that a retry fetches again. */
function fetchInto(path: string): Promise<unknown> {
  const entry: Held = { at: Date.now(), value: Promise.resolve(null), etag: null, unwatched: !watching };
  entry.value = fetchJson(path).then((res) => {
    entry.etag = res.headers.get('ETag');
    return res.json();
  });
  cache.set(path, entry);
  entry.value.catch(() => cache.get(path) === entry && cache.delete(path));
  return entry.value;
}

export function load<T>(path: string): Promise<T> {
  const hit = cache.get(path);
  if (hit !== undefined && Date.now() - hit.at < FRESH_MS) return hit.value as Promise<T>;
  return fetchInto(path) as Promise<T>;
}

// ---- kept current by the document stream (document-watch.ts) ----

/** The documents held (loaded), with their ETags. */
export function heldDocuments(): { path: string; etag: string | null; unwatched: boolean }[] {
  return [...cache].map(([path, h]) => ({ path, etag: h.etag, unwatched: h.unwatched }));
}

/** A document stream opened (true) or was closed by the page (false: what is held is no longer watched). */
export function setWatching(on: boolean): void {
  watching = on;
  for (const h of cache.values()) h.unwatched = !on;
}

/**
 * Asks the server again for the held documents `paths` with If-None-Match: a 304 keeps what is
 * held, a new body replaces it, a failure forgets it (the page's next load asks again). True when
 * one of them changed.
 */
export async function revalidate(paths: readonly string[]): Promise<boolean> {
  const changed = await Promise.all(
    paths.map(async (path) => {
      const held = cache.get(path);
      if (held === undefined || held.etag === null) return false;
      try {
        const res = await fetchJson(path, held);
        if (cache.get(path) !== held) return false;
        held.at = Date.now();
        held.unwatched = !watching;
        // Read to the end, even empty: a response left unread stays open until the page goes.
        if (res.status === 304) {
          await res.arrayBuffer();
          return false;
        }
        const value = await res.json();
        held.value = Promise.resolve(value);
        held.etag = res.headers.get('ETag');
        return true;
      } catch {
        if (cache.get(path) === held) cache.delete(path);
        return true;
      }
    }),
  );
  return changed.includes(true);
}

/** Forgets held documents the server no longer has. */
export function forget(paths: readonly string[]): boolean {
  let any = false;
  for (const p of paths) any = cache.delete(p) || any;
  return any;
}

const documentListeners = new Set<(changed: boolean) => void>();

/** Calls `listener` after each document event: `changed` when a document held changed. */
export function onDocuments(listener: (changed: boolean) => void): () => void {
  documentListeners.add(listener);
  return () => void documentListeners.delete(listener);
}

export function documentsSettled(changed: boolean): void {
  for (const l of documentListeners) l(changed);
}

/** Document paths, in one place. */
export const paths = {
  master: '/v1/master.json',
  metric: (chain: string, metric: string) => `/v1/metrics/chains/${chain}/${metric}.json`,
  overview: (chain: string) => `/v1/chains/${chain}/overview.json`,
  fees: '/v1/fees/table.json',
  economics: '/v1/economics.json',
  fundamentals: '/v1/fundamentals.json',
  exportCsv: (metric: string) => `/v1/export/${metric}.csv`,
  projectsFiltered: '/v1/labels/projects_filtered.json',
  app: (project: string) => `/v1/apps/details/${project}.json`,
  categoryIndex: '/v1/blockspace/category_comparison/index.json',
  category: (main: string) => `/v1/blockspace/category_comparison/${main}.json`,
  daOverview: '/v1/da_overview.json',
  landing: '/v1/landing_page.json',
  ecosystem: '/v1/ecosystem/overview.json',
  blockspace: (chain: string) => `/v1/chains/blockspace/${chain}.json`,
  blockspaceOverview: '/v1/blockspace/overview.json',
  feeLinechart: '/v1/fees/linechart.json',
};
