// docs/api.md, the API reference people read, and /v1/openapi.json, the description programs
// read, describe the same API: the same paths, and in each path's section of the page the
// top-level fields its OpenAPI schema names (so a field added to a document without a word in
// the reference fails here). The description is built from the document kinds, as the server
// builds it; no document set is needed.
import { describe, expect, it } from 'vitest';
import { openApiSpec } from '../../src/documents/openapi.js';
import { readRepoFile, withoutFences } from './markdown.js';

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, unknown>; items?: Schema };
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Spec {
  servers: { url: string }[];
  paths: Record<string, { servers?: { url: string }[]; get: Operation }>;
  components: { schemas: Record<string, Schema> };
}

const spec = openApiSpec('https://api.example.org') as unknown as Spec;

/** Each OpenAPI path as a client requests it: the server URL's path (/v1, or / for /healthz) + the path. */
function servedPaths(s: Spec): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, item] of Object.entries(s.paths)) {
    const base = new URL((item.servers ?? s.servers)[0]!.url).pathname.replace(/\/$/, '');
    out.set(`${base}${path}`, path);
  }
  return out;
}

function resolve(s: Spec, schema: Schema | undefined): Schema | undefined {
  if (schema?.$ref) return resolve(s, s.components.schemas[schema.$ref.split('/').pop()!]);
  return schema;
}

/** The schema of a 200 body (of each row, for a document that is an array). */
function bodySchemas(s: Spec, path: string): Schema[] {
  const content = s.paths[path]!.get.responses['200']!.content ?? {};
  return Object.values(content).flatMap((media) => {
    const schema = resolve(s, media.schema);
    const row = schema?.type === 'array' ? resolve(s, schema.items) : schema;
    return row ? [row] : [];
  });
}

/** The field names a 200 body has at its top level. */
function topLevelFields(s: Spec, path: string): string[] {
  return [...new Set(bodySchemas(s, path).flatMap((schema) => Object.keys(schema.properties ?? {})))];
}

/**
 * The named fields one level down (the properties of `data`, `details`, …), not the keys of
 * maps such as `chains` keyed by origin_key, whose names are data.
 */
function secondLevelFields(s: Spec, path: string): string[] {
  const inner = bodySchemas(s, path).flatMap((schema) => Object.values(schema.properties ?? {}).map((v) => resolve(s, v as Schema)));
  return [...new Set(inner.flatMap((schema) => Object.keys(schema?.properties ?? {})))];
}

/** A field is named when a code span starts with it: `field` or `field.sub`. */
function names(text: string, field: string): boolean {
  return new RegExp('`' + field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '[`.]').test(text);
}

interface Section {
  heading: string;
  paths: string[];
  text: string;
}

/**
 * The document sections of the page: each `###` heading under "## Documents", with the paths its
 * Path (or Paths) paragraph names (code spans starting with "/") and its whole text.
 */
function documentSections(page: string): Section[] {
  const body = withoutFences(page).split(/^## Documents$/m)[1] ?? '';
  return body
    .split(/^### /m)
    .slice(1)
    .map((chunk) => {
      const heading = chunk.split('\n', 1)[0]!.trim();
      const pathParagraph = /^\*\*Paths?\*\*:([\s\S]*?)(?:\n\s*\n|(?![\s\S]))/m.exec(chunk)?.[1] ?? '';
      const paths = [...pathParagraph.matchAll(/`(\/[^`]*)`/g)].map((m) => m[1]!);
      return { heading, paths, text: chunk };
    });
}

/** What disagrees between the page and the description, one line per problem. */
function disagreements(page: string, s: Spec): string[] {
  const served = servedPaths(s);
  const sections = documentSections(page);
  const problems: string[] = [];
  const documented = new Map<string, Section>();
  for (const section of sections) {
    if (section.paths.length === 0) problems.push(`section "${section.heading}" names no **Path**`);
    for (const p of section.paths) {
      if (documented.has(p)) problems.push(`${p} is documented twice`);
      documented.set(p, section);
      if (!served.has(p)) problems.push(`${p} (section "${section.heading}") is not in the OpenAPI description`);
    }
  }
  for (const [p, specPath] of served) {
    const section = documented.get(p);
    if (!section) {
      problems.push(`${p} is in the OpenAPI description but has no section in docs/api.md`);
      continue;
    }
    for (const field of [...topLevelFields(s, specPath), ...secondLevelFields(s, specPath)]) {
      if (!names(section.text, field)) problems.push(`${p}: field \`${field}\` is not named in section "${section.heading}"`);
    }
    if ('404' in s.paths[specPath]!.get.responses && !section.text.includes('404')) problems.push(`${p}: section "${section.heading}" does not say when it answers 404`);
  }
  return problems;
}

describe('docs/api.md against /v1/openapi.json', () => {
  const page = readRepoFile('docs/api.md');

  it('documents every OpenAPI path, only those, and each one\'s fields (two levels) and 404', () => {
    expect(disagreements(page, spec)).toEqual([]);
  });

  it('reads the paths as clients request them, under /v1 and /healthz at the root', () => {
    const served = [...servedPaths(spec).keys()];
    expect(served).toContain('/v1/master.json');
    expect(served).toContain('/v1/export/{metric_id}.csv');
    expect(served).toContain('/healthz');
    expect(served.length).toBe(Object.keys(spec.paths).length);
    expect(topLevelFields(spec, '/apps/details/{owner_project}.json')).toEqual([
      'last_updated_utc',
      'metrics',
      'kpi_cards',
      'first_seen',
      'chains_by_size',
      'contracts_table',
    ]);
    // An array document: the fields of its rows.
    expect(topLevelFields(spec, '/export/{metric_id}.json')).toEqual(['metric_key', 'origin_key', 'date', 'value']);
  });

  it('reports a missing section, an unknown path, a missing field and a missing 404', () => {
    const doctored = page
      .replace('**Path**: `/v1/economics.json`', '**Path**: `/v1/economy.json`')
      .replace('`chains_by_size`', 'chains by size')
      .replace('`top_applications`', 'top applications')
      .replace('404: the generic text, when no charted chain has data.', '');
    expect(disagreements(doctored, spec)).toEqual([
      '/v1/economy.json (section "Economics") is not in the OpenAPI description',
      '/v1/apps/details/{owner_project}.json: field `chains_by_size` is not named in section "Application detail"',
      '/v1/fees/linechart.json: section "Fee line chart" does not say when it answers 404',
      '/v1/landing_page.json: field `top_applications` is not named in section "Landing page"',
      '/v1/economics.json is in the OpenAPI description but has no section in docs/api.md',
    ]);
  });
});
