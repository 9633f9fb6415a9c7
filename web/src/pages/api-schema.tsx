// A response schema of the OpenAPI description as a tree of fields: each field's name, type and
// description, with objects and arrays nested (collapsed past the first level, so a large
// document's schema stays readable). Shared `$ref`s are resolved; a schema that refers back to
// itself stops at the repeat.

export interface Schema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  required?: string[];
  format?: string;
}

interface Operation {
  summary?: string;
  description?: string;
  parameters?: Array<{ $ref?: string; name?: string; in?: string }>;
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export interface OpenApi {
  paths: Record<string, { get?: Operation; parameters?: Array<{ $ref?: string; name?: string; in?: string }>; servers?: unknown[] }>;
  components: { schemas: Record<string, Schema> };
}

function deref(spec: OpenApi, s: Schema): [name: string | null, schema: Schema] {
  if (!s.$ref) return [null, s];
  const name = s.$ref.split('/').pop()!;
  return [name, spec.components.schemas[name] ?? {}];
}

function typeOf(spec: OpenApi, raw: Schema): string {
  const [name, s] = deref(spec, raw);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.oneOf || s.anyOf) return (s.oneOf ?? s.anyOf)!.map((x) => typeOf(spec, x)).join(' | ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? (s.properties ? 'object' : 'any'));
  if (t === 'array') {
    if (s.prefixItems) return `[${s.prefixItems.map((x) => typeOf(spec, x)).join(', ')}]`;
    if (s.items && !Array.isArray(s.items)) return `${typeOf(spec, s.items)}[]`;
  }
  return name ?? (s.format ? `${t} (${s.format})` : t);
}

/** The fields under a schema: its properties, or the fields of its items or map values. */
function children(spec: OpenApi, raw: Schema): Array<[label: string, schema: Schema, required: boolean]> {
  const [, s] = deref(spec, raw);
  const out: Array<[string, Schema, boolean]> = Object.entries(s.properties ?? {}).map(([k, v]) => [k, v, s.required?.includes(k) ?? false]);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') out.push(['{key}', s.additionalProperties, false]);
  if (s.items && !Array.isArray(s.items)) {
    const [, item] = deref(spec, s.items);
    if (item.properties || item.additionalProperties) out.push(['[item]', s.items, false]);
  }
  for (const alt of s.oneOf ?? s.anyOf ?? []) {
    const [, a] = deref(spec, alt);
    if (a.properties) out.push(...children(spec, alt));
  }
  return out;
}

const MAX_DEPTH = 8;

function Field({ spec, label, schema, required, depth, seen }: { spec: OpenApi; label: string; schema: Schema; required: boolean; depth: number; seen: readonly string[] }) {
  const [name, s] = deref(spec, schema);
  const repeat = name !== null && seen.includes(name);
  const kids = repeat || depth >= MAX_DEPTH ? [] : children(spec, schema);
  const head = (
    <>
      <code class="field">{label}</code> <span class="type">{typeOf(spec, schema)}</span>
      {required && <span class="muted small"> required</span>}
      {(s.description ?? schema.description) && <span class="desc"> — {s.description ?? schema.description}</span>}
    </>
  );
  if (kids.length === 0) return <li>{head}</li>;
  const next = name ? [...seen, name] : seen;
  return (
    <li>
      <details open={depth === 0}>
        <summary>{head}</summary>
        <ul>
          {kids.map(([k, v, r]) => (
            <Field key={k} spec={spec} label={k} schema={v} required={r} depth={depth + 1} seen={next} />
          ))}
        </ul>
      </details>
    </li>
  );
}

export function SchemaView({ spec, schema }: { spec: OpenApi; schema: Schema }) {
  const top = children(spec, schema);
  return (
    <ul class="schema" data-schema>
      {top.length === 0 ? <li><span class="type">{typeOf(spec, schema)}</span></li> : top.map(([k, v, r]) => <Field key={k} spec={spec} label={k} schema={v} required={r} depth={0} seen={[]} />)}
    </ul>
  );
}
