// The API explorer (served at /docs, and at #/api inside the dashboard). It lists every endpoint
// of /v1/openapi.json and offers each path parameter's values from the live master.json (chains,
// metrics, categories, DA layers) or projects_filtered.json (projects). "Try it" fetches the
// document and shows the answer. The page also shows the response schema with its field
// descriptions and a curl line to copy. It reads only public documents of the origin it is
// served from, so it works the same on the server and in a static export behind nginx.
import { useState } from 'preact/hooks';
import { load, paths } from '../api.js';
import { Await } from '../components/controls.js';
import type { Master } from '../documents.js';
import { formatCount } from '../format.js';
import { setQuery, type Route } from '../route.js';
import { useLoad } from '../use-load.js';
import { loadProjects } from './apps.js';
import { SchemaView, type OpenApi, type Schema } from './api-schema.js';

interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema?: Schema;
  examples?: Record<string, { value: unknown }>;
  $ref?: string;
}

interface Endpoint {
  /** The OpenAPI path, e.g. "/metrics/chains/{origin_key}/{metric_id}.json". */
  path: string;
  /** Where it is fetched from: "/v1…", or the server's own paths (/healthz). */
  url: string;
  summary: string;
  description: string;
  params: Parameter[];
  schema: Schema | null;
}

function resolve<T>(spec: OpenApi, node: { $ref?: string }): T {
  if (!node.$ref) return node as T;
  const parts = node.$ref.replace(/^#\//, '').split('/');
  let out: unknown = spec;
  for (const p of parts) out = (out as Record<string, unknown>)[p];
  return out as T;
}

function endpoints(spec: OpenApi): Endpoint[] {
  return Object.entries(spec.paths).flatMap(([path, item]) => {
    const op = item.get;
    if (!op) return [];
    const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve<Parameter>(spec, p)).filter((p) => p.in === 'path' || p.in === 'query');
    // Paths with their own servers entry (/healthz) live at the origin, not under /v1.
    const own = item.servers !== undefined;
    const ok = op.responses?.['200'];
    const schema = ok?.content?.['application/json']?.schema ?? null;
    return [{ path, url: own ? path : `/v1${path}`, summary: op.summary ?? path, description: op.description ?? '', params, schema }];
  });
}

/** The values a parameter takes on this server, from the documents that list them. */
async function choicesFor(name: string, param: Parameter): Promise<string[]> {
  if (param.schema?.enum) return param.schema.enum.map(String);
  const master = await load<Master & { da_layers?: Record<string, unknown> }>(paths.master);
  switch (name) {
    case 'origin_key':
      return Object.keys(master.chains);
    case 'metric_id':
      return Object.keys(master.metrics);
    case 'main_category':
      return Object.keys(master.blockspace_categories?.main_categories ?? {});
    case 'da_layer':
      return Object.keys(master.da_layers ?? {});
    case 'da_metric':
      return Object.keys(master.da_metrics ?? {});
    case 'owner_project':
      return (await loadProjects()).map((p) => p.owner_project);
    default:
      return Object.values(param.examples ?? {}).map((e) => String(e.value));
  }
}

export function ApiExplorerPage({ route }: { route: Route }) {
  const spec = useLoad(() => load<OpenApi>('/v1/openapi.json'), []);
  return (
    <section data-page="api">
      <h1>API explorer</h1>
      <p class="muted">
        Every document of this server's API, described by <a href="/v1/openapi.json">/v1/openapi.json</a>. Pick an endpoint and its parameters, try it, and copy the curl line.
      </p>
      <Await loaded={spec}>{(s) => <Explorer route={route} spec={s} />}</Await>
    </section>
  );
}

function Explorer({ route, spec }: { route: Route; spec: OpenApi }) {
  const list = endpoints(spec);
  const chosen = list.find((e) => e.path === route.query.get('p')) ?? list.find((e) => e.path === '/master.json') ?? list[0]!;
  return (
    <div class="explorer">
      <nav class="endpoints" aria-label="Endpoints">
        <ul>
          {list.map((e) => (
            <li key={e.path}>
              <a href="#" aria-current={e === chosen ? 'true' : undefined} onClick={(ev) => (ev.preventDefault(), setQuery({ p: e.path }))}>
                <code>{e.url}</code>
                <span class="muted small">{e.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <EndpointView key={chosen.path} route={route} spec={spec} endpoint={chosen} />
    </div>
  );
}

function EndpointView({ route, spec, endpoint }: { route: Route; spec: OpenApi; endpoint: Endpoint }) {
  const choices = useLoad(async () => Object.fromEntries(await Promise.all(endpoint.params.map(async (p) => [p.name, await choicesFor(p.name, p).catch(() => [])] as const))), [endpoint.path]);
  return (
    <article class="endpoint" aria-labelledby="endpoint-title">
      <h2 id="endpoint-title">
        <span class="method">GET</span> <code>{endpoint.url}</code>
      </h2>
      <p>{endpoint.description}</p>
      <Await loaded={choices}>{(c) => <TryIt route={route} endpoint={endpoint} choices={c} />}</Await>
      <h3>Response</h3>
      {endpoint.schema ? <SchemaView spec={spec} schema={endpoint.schema} /> : <p class="muted">Not JSON: the body is the file itself (CSV).</p>}
    </article>
  );
}

interface Answer {
  status: number;
  type: string;
  etag: string | null;
  bytes: number;
  ms: number;
  text: string;
}

/** Indented JSON with arrays of plain values on one line: a series row reads as one line. */
function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\[\n\s*([^\[\]{}]*?)\n\s*\]/g, (_, inner: string) => `[${inner.replace(/,\n\s*/g, ', ')}]`);
}

/** Bodies longer than this are cut in the view (the full document is a click away). */
const SHOWN_CHARS = 200_000;

function TryIt({ route, endpoint, choices }: { route: Route; endpoint: Endpoint; choices: Record<string, string[]> }) {
  const [answer, setAnswer] = useState<Answer | { error: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const value = (name: string): string => route.query.get(`v.${name}`) ?? choices[name]?.[0] ?? '';
  const url = endpoint.url.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
  const absolute = new URL(url, location.href).href;
  const curl = `curl -sS --compressed '${absolute}'`;
  const run = async (): Promise<void> => {
    setAnswer(null);
    const t0 = performance.now();
    try {
      const res = await fetch(url, { headers: { Accept: 'application/json, text/csv' } });
      const text = await res.text();
      let shown = text;
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        try {
          shown = prettyJson(JSON.parse(text));
        } catch {
          // shown as sent
        }
      }
      setAnswer({ status: res.status, type: res.headers.get('content-type') ?? '', etag: res.headers.get('etag'), bytes: new TextEncoder().encode(text).length, ms: performance.now() - t0, text: shown });
    } catch (err) {
      setAnswer({ error: `Could not reach the server: ${(err as Error).message}` });
    }
  };
  return (
    <div class="try">
      {endpoint.params.length > 0 && (
        <fieldset>
          <legend>Parameters</legend>
          {endpoint.params.map((p) => (
            <label key={p.name}>
              <code>{p.name}</code>
              {choices[p.name]?.length ? (
                <select value={value(p.name)} onChange={(e) => setQuery({ [`v.${p.name}`]: (e.target as HTMLSelectElement).value }, true)}>
                  {choices[p.name]!.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              ) : (
                <input value={value(p.name)} onInput={(e) => setQuery({ [`v.${p.name}`]: (e.target as HTMLInputElement).value }, true)} />
              )}
              <span class="muted small">{p.description}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div class="curl">
        <code data-curl>{curl}</code>
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(curl).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <button type="button" class="primary" onClick={() => void run()}>
        Try it
      </button>{' '}
      <a href={url}>open {url}</a>
      {answer !== null &&
        ('error' in answer ? (
          <p role="alert">{answer.error}</p>
        ) : (
          <div class="answer" data-status={answer.status}>
            <p class="small">
              <strong>{answer.status}</strong> · {answer.type} · {formatCount(answer.bytes)} bytes · {Math.round(answer.ms)} ms{answer.etag ? ` · ETag ${answer.etag}` : ''}
            </p>
            <pre>{answer.text.length > SHOWN_CHARS ? `${answer.text.slice(0, SHOWN_CHARS)}\n… (${formatCount(answer.text.length - SHOWN_CHARS)} more characters: open the document)` : answer.text}</pre>
          </div>
        ))}
    </div>
  );
}
