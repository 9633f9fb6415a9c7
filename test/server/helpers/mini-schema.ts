// A small JSON Schema (2020-12 subset) checker, enough to hold documents against the schemas of
// our OpenAPI description: type, properties, required, additionalProperties, items,
// prefixItems, enum, const, oneOf, pattern, minimum/maximum, minItems/maxItems and local $ref.
// It returns the list of violations with their JSON paths, empty when the value conforms.
type Schema = Record<string, unknown> | boolean;

export function checkSchema(value: unknown, schema: Schema, root: Record<string, unknown>, path = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: no value allowed here`];
  const s = schema;
  if (typeof s.$ref === 'string') {
    const target = (s.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], root) as Schema;
    const { $ref: _ignored, ...rest } = s;
    return [...checkSchema(value, target, root, path), ...checkSchema(value, rest, root, path)];
  }
  const errors: string[] = [];
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => hasType(value, t))) return [`${path}: expected ${types.join('|')}, got ${JSON.stringify(value)?.slice(0, 60)}`];
  }
  if (s.const !== undefined && JSON.stringify(value) !== JSON.stringify(s.const)) errors.push(`${path}: expected ${JSON.stringify(s.const)}`);
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) errors.push(`${path}: not one of ${JSON.stringify(s.enum)}`);
  if (Array.isArray(s.oneOf)) {
    const passing = (s.oneOf as Schema[]).filter((sub) => checkSchema(value, sub, root, path).length === 0).length;
    if (passing !== 1) errors.push(`${path}: matches ${passing} of oneOf, expected exactly 1`);
  }
  if (typeof value === 'string' && typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) errors.push(`${path}: does not match ${s.pattern}`);
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) errors.push(`${path}: below ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) errors.push(`${path}: above ${s.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) errors.push(`${path}: fewer than ${s.minItems} items`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) errors.push(`${path}: more than ${s.maxItems} items`);
    const prefix = (s.prefixItems as Schema[] | undefined) ?? [];
    value.forEach((v, i) => {
      const sub = i < prefix.length ? prefix[i] : (s.items as Schema | undefined);
      if (sub !== undefined) errors.push(...checkSchema(v, sub, root, `${path}[${i}]`));
    });
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    const props = (s.properties as Record<string, Schema> | undefined) ?? {};
    for (const r of (s.required as string[] | undefined) ?? []) if (!(r in o)) errors.push(`${path}: missing "${r}"`);
    for (const [k, v] of Object.entries(o)) {
      if (k in props) errors.push(...checkSchema(v, props[k], root, `${path}.${k}`));
      else if (s.additionalProperties !== undefined) errors.push(...checkSchema(v, s.additionalProperties as Schema, root, `${path}.${k}`));
    }
  }
  return errors;
}

function hasType(v: unknown, t: string): boolean {
  switch (t) {
    case 'null':
      return v === null;
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    default:
      return typeof v === t;
  }
}
