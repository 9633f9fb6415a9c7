// /llms.txt: the API explained to an agent in plain text (the llms.txt convention: a title, a
// one-line summary, then sections of links). Written from the OpenAPI description itself
// (openapi.ts: openApiSpec), not from a second list: every path, summary, description, parameter
// and the conventions and limits are the ones /v1/openapi.json publishes, so the two cannot
// disagree (test/server/openapi.test.ts checks both ways). Served by the server and written next
// to v1/ by the export, like the docs page.
import { HINT_ANY, HINT_MASTER, HINT_PROJECTS } from './document-kind.js';
import { openApiSpec } from './openapi.js';
import type { OpenApiSchema } from './openapi-components.js';

export const LLMS_TXT_PATH = '/llms.txt';
export const LLMS_TXT_TYPE = 'text/plain; charset=utf-8';

interface Operation {
  summary?: string;
  description?: string;
  parameters?: Array<{ $ref?: string }>;
}
interface Parameter {
  name: string;
  in: string;
  description?: string;
}

/** The full path of an OpenAPI path key: under /v1 unless the path item names its own server. */
export function llmsPath(key: string, item: OpenApiSchema): string {
  return item.servers !== undefined ? key : `/v1${key}`;
}

/** The text of /llms.txt for a service at `publicBaseUrl` (null: paths relative to wherever it is read). */
export function llmsTxt(publicBaseUrl: string | null): string {
  const spec = openApiSpec(publicBaseUrl) as {
    info: { title: string; summary: string; description: string };
    paths: Record<string, OpenApiSchema>;
    components: { parameters: Record<string, Parameter> };
  };
  const base = (publicBaseUrl ?? '').replace(/\/+$/, '');
  const params = spec.components.parameters;
  const paramName = (ref: string | undefined) => (ref === undefined ? undefined : ref.slice(ref.lastIndexOf('/') + 1));
  const out: string[] = [];
  out.push(`# ${spec.info.title}`, '', `> ${spec.info.summary} Precomputed JSON documents (and flat exports as CSV and Parquet) about EVM chains, their metrics and the applications on them, read with plain GET requests; nothing is computed per request.`, '');
  out.push(`Base URL: ${base === '' ? '(this host)' : base}/v1. Machine-readable description: ${base}/v1/openapi.json (OpenAPI 3.1).`, '');

  out.push('## Discovery', '');
  out.push(`- Chains and metrics: ${HINT_MASTER}`);
  out.push(`- Projects: ${HINT_PROJECTS}`);
  out.push(`- Everything else: ${HINT_ANY}`);
  out.push('- A document that does not exist (unknown key, or no data) is a 404 whose JSON body has a "hint" naming where the valid values are listed.', '');

  out.push('## Endpoints', '');
  for (const [key, item] of Object.entries(spec.paths)) {
    const get = item.get as Operation | undefined;
    const path = llmsPath(key, item);
    const query = (get?.parameters ?? []).map((p) => params[paramName(p.$ref) ?? '']).filter((p): p is Parameter => p?.in === 'query');
    const description = get?.description && get.description !== get.summary ? ` ${get.description}` : '';
    const takes = query.length > 0 ? ` Query: ${query.map((p) => p.name).join(', ')}.` : '';
    out.push(`- \`${path}\`: ${get?.summary ?? ''}.${description}${takes}`);
  }
  out.push('');

  out.push('## Parameters', '');
  for (const p of Object.values(params)) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    out.push(`- \`${p.name}\` (${p.in}): ${p.description ?? ''}`);
  }
  out.push('');

  out.push('## Conventions and limits', '');
  for (const paragraph of spec.info.description.split('\n\n')) out.push(`- ${paragraph}`);
  out.push('');
  return out.join('\n');
}
