// Loading documents from the same origin's /v1. Every path is fetched once per minute at most
// (documents change at most hourly; the server answers repeats with 304 anyway), and a failed
// load is forgotten so that a retry fetches again.
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
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

async function fetchJson(path: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { Accept: 'application/json' } });
  } catch (err) {
    throw new LoadError(path, 0, 'network', `Could not reach the server for ${path}.`, null);
  }
  if (!res.ok) {
    // Errors are JSON {"error": {status, code, message, hint}} (CONTRACT.md section 7).
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    const retry = Number(res.headers.get('Retry-After'));
    throw new LoadError(path, res.status, body?.error?.code ?? 'http', body?.error?.message ?? `HTTP ${res.status} for ${path}`, Number.isFinite(retry) && retry > 0 ? retry : null);
  }
  return res.json();
}

export function load<T>(path: string): Promise<T> {
  const now = Date.now();
  const hit = cache.get(path);
  if (hit !== undefined && now - hit.at < FRESH_MS) return hit.value as Promise<T>;
  const value = fetchJson(path);
  cache.set(path, { at: now, value });
  value.catch(() => cache.delete(path));
  return value as Promise<T>;
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
