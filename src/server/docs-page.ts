// A static, human-readable page listing the endpoints and linking the OpenAPI description.
// Built once at server start; served like a document (precompressed, ETag). The document rows
// come from the kinds' declarations (src/documents/kinds.ts).
import { DOCUMENT_KINDS } from '../documents/kinds.js';

/**
 * Paths the docs page is served at by a server without the dashboard. With it, "/" is the
 * dashboard and "/docs" the dashboard's page opened on its API explorer (request-handler.ts).
 */
export const DOCS_PAGE_PATHS = ['/', '/docs'] as const;

/**
 * Where an export (`build --out`) puts /docs for nginx or a static host: the dashboard's page,
 * which opens on the API explorer at /docs (web/src/main.tsx), as on the server.
 */
export const EXPORTED_DOCS_PATH = '/docs/index.html';

/** Endpoints the server answers itself, listed after the documents. */
const SERVER_ENDPOINTS: [path: string, what: string][] = [
  ['/', 'The dashboard: these documents as pages with charts (chains, a chain, a metric, fees, applications).'],
  ['/healthz', 'Liveness and data freshness per chain.'],
  ['/metrics', 'Prometheus metrics.'],
];

/** The discovery document first (clients load it first), then the kinds in list order. */
function endpoints(): [path: string, what: string][] {
  const kinds = [...DOCUMENT_KINDS.filter((k) => k.discovery), ...DOCUMENT_KINDS.filter((k) => !k.discovery)];
  return [...kinds.map((k): [string, string] => [k.path, k.description]), ...SERVER_ENDPOINTS];
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function docsPageHtml(publicBaseUrl: string): string {
  const rows = endpoints().map(([path, what]) => {
    const cell = path.includes('{') ? `<code>${escapeHtml(path)}</code>` : `<a href="${escapeHtml(path)}"><code>${escapeHtml(path)}</code></a>`;
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
<p>Read-only JSON documents about EVM chains, served from <code>${escapeHtml(publicBaseUrl)}/v1</code>.
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
