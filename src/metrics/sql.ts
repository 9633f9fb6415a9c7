// Helpers for SQL text built from trusted identifiers (metric keys, origin keys): quoting only.
// Values that come from outside are bound as parameters instead.

/** A single-quoted SQL string literal. */
export function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** A column alias for a metric key. */
export function keyColumn(key: string): string {
  return `"m_${key.replace(/[^a-z0-9_]/gi, '_')}"`;
}
