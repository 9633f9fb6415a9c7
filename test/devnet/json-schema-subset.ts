// The part of JSON Schema the OSS Directory schema uses (type, properties, required,
// additionalProperties: false, items, minItems, enum, $ref to a sibling file, format: uri),
// enough to validate the devnet's project files without a schema library. An unsupported
// keyword fails loudly rather than being ignored.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Schema = Record<string, any>;

const SUPPORTED = new Set(['$id', '$comment', 'title', 'description', 'type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'enum', '$ref', 'format']);

export function loadSchemas(dir: string): Map<string, Schema> {
  const out = new Map<string, Schema>();
  for (const f of readdirSync(dir)) if (f.endsWith('.json')) out.set(f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as Schema);
  return out;
}

function typeOk(type: string, v: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'array':
      return Array.isArray(v);
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    default:
      throw new Error(`json-schema-subset: type ${type} not supported`);
  }
}

/** Errors of `value` against `schema` ([] = valid), each with its JSON path. */
export function validate(schemas: Map<string, Schema>, schema: Schema, value: unknown, path = '$'): string[] {
  for (const k of Object.keys(schema)) if (!SUPPORTED.has(k)) throw new Error(`json-schema-subset: keyword ${k} not supported`);
  if (schema.$ref) {
    const target = schemas.get(String(schema.$ref).replace(/#$/, ''));
    if (!target) throw new Error(`json-schema-subset: unresolved $ref ${schema.$ref}`);
    return validate(schemas, target, value, path);
  }
  const errors: string[] = [];
  if (schema.type && !typeOk(schema.type, value)) return [`${path}: not a ${schema.type}`];
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in the enum`);
  if (schema.format === 'uri' && typeof value === 'string' && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value)) errors.push(`${path}: not a URI`);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${path}: fewer than ${schema.minItems} items`);
    if (schema.items) value.forEach((v, i) => errors.push(...validate(schemas, schema.items, v, `${path}[${i}]`)));
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const r of schema.required ?? []) if (!(r in obj)) errors.push(`${path}: missing ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      const sub = schema.properties?.[k];
      if (sub) errors.push(...validate(schemas, sub, v, `${path}.${k}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property ${k}`);
    }
  }
  return errors;
}
