// A static, human-readable page listing the endpoints and linking the OpenAPI description.
// Built once at server start; served like a document (precompressed, ETag). The document rows
// come from the kinds' declarations (src/documents/kinds.ts).
import { DOCUMENT_KINDS } from '../documents/kinds.js';
import { HTML_TYPE } from './response-headers.js';
import type { StaticFile } from './static-files.js';

/** Paths the docs page is served at ("/" is the dashboard when the server has one). */
export const DOCS_PAGE_PATHS = ['/', '/docs'] as const;

/** Where an exported directory's copy of the page is (nginx answers /docs with it; deploy/nginx). */
export const EXPORTED_DOCS_PATH = '/docs/index.html';

const DASHBOARD_ENDPOINT: [path: string, what: string] = ['/', 'The dashboard: these documents as pages with charts (chains, a chain, a metric, fees, applications).'];
/** Endpoints only the running server answers: an exported directory has no such files. */
const LIVE_ENDPOINTS: [path: string, what: string][] = [
  ['/healthz', 'Liveness and data freshness per chain.'],
  ['/metrics', 'Prometheus metrics.'],
];

/** The discovery document first (clients load it first), then the kinds in list order. */
function endpoints(live: boolean): [path: string, what: string][] {
  const kinds = [...DOCUMENT_KINDS.filter((k) => k.discovery), ...DOCUMENT_KINDS.filter((k) => !k.discovery)];
  return [...kinds.map((k): [string, string] => [k.path, k.description]), DASHBOARD_ENDPOINT, ...(live ? LIVE_ENDPOINTS : [])];
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page the server answers at / (without a dashboard) and /docs. */
export function docsPageHtml(publicBaseUrl: string): string {
  return pageHtml(`${publicBaseUrl}/v1`, true);
}

/**
 * The page for an exported directory (`build --out`), which nginx or a static host serves at
 * /docs: without the endpoints only the server answers, and naming the public URL only when the
 * configuration gives one (else the relative /v1, which is right wherever the files are hosted).
 * A document the set lacks (a short history builds no landing events) is named but not linked.
 */
export function exportedDocsPage(publicBaseUrl: string | null, exported: (path: string) => boolean): StaticFile {
  const body = Buffer.from(pageHtml(`${publicBaseUrl ?? ''}/v1`, false, exported), 'utf8');
  return { path: EXPORTED_DOCS_PATH, body, contentType: HTML_TYPE, immutable: false };
}

function pageHtml(apiRoot: string, live: boolean, exists: (path: string) => boolean = () => true): string {
  const rows = endpoints(live).map(([path, what]) => {
    const cell = path.includes('{') || !exists(path) ? `<code>${escapeHtml(path)}</code>` : `<a href="${escapeHtml(path)}"><code>${escapeHtml(path)}</code></a>`;
    return `<tr><td>${cell}</td><td>${escapeHtml(what)}</td></tr>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>chainlytics API</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
td{padding:.3rem .6rem;vertical-align:top}code{font-size:.95em}</style></head>
<body>
<h1>chainlytics API</h1>
<p>Read-only JSON documents about EVM chains, served from <code>${escapeHtml(apiRoot)}</code>.
The machine-readable description is <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p>
<table>
${rows}
</table>
<h2>Conventions</h2>
<ul>
<li><code>unix</code> columns are integer milliseconds, UTC, at the start of the period; series are oldest first, the fee table newest first.</li>
<li>Responses carry <code>ETag</code> and <code>Last-Modified</code>; send <code>If-None-Match</code> to get 304. <code>br</code> and <code>gzip</code> are served precompressed.</li>
<li>The flat exports (<code>/v1/export/</code>, <code>/v1/fundamentals*</code>) are rows of <code>{metric_key, origin_key, date, value}</code>, also as CSV (<code>.csv</code>, <code>text/csv</code>) for spreadsheets.</li>
<li>Errors are JSON: <code>{"error":{"status","code","message","hint"}}</code>.</li>
<li>Data reused from <code>/v1/apps/details/</code> must name its source (the <code>X-Data-Source</code> header).</li>
</ul>
</body>
</html>
`;
}
