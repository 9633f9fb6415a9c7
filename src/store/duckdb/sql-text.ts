// SQL text built from trusted identifiers (metric keys, origin keys, checked integers): quoting
// only. Literal text where a statement runs often: a bound parameter costs DuckDB extra round
// trips to its threads, and thousands of them make its planner slow.

/** A single-quoted SQL string literal. */
export function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** A column alias for a metric key. */
export function keyColumn(key: string): string {
  return `"m_${key.replace(/[^a-z0-9_]/gi, '_')}"`;
}

/** A comma-separated list of integer literals; refuses anything that is not a safe integer. */
export function intList(values: readonly number[], what: string): string {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new Error(`${what}: not an integer: ${v}`);
  return values.join(', ');
}

/** Restricts `alias` to chain facts (dimension 'chain', entity ''). */
export function chainFilter(alias: string): string {
  return `${alias}.dimension = 'chain' AND ${alias}.entity = ''`;
}

/**
 * A double as a literal that reads back as exactly that double. A bare decimal literal is a
 * DECIMAL to DuckDB, and its conversion to DOUBLE can land one unit in the last place away
 * (0.9192343606149559 became 0.919234360614956); a string cast parses exactly.
 */
export function sqlDouble(v: number): string {
  return `'${v}'::DOUBLE`;
}
