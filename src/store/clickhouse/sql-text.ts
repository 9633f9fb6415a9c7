// SQL text built from trusted identifiers (metric keys, origin keys, checked integers) in
// ClickHouse's dialect: string literals escape backslashes as well as quotes.

/** A single-quoted ClickHouse string literal. */
export function sqlString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A column alias for a metric key. */
export function keyColumn(key: string): string {
  return `m_${key.replace(/[^a-z0-9_]/gi, '_')}`;
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

/** A list of string literals. */
export function stringList(values: readonly string[]): string {
  return values.map(sqlString).join(', ');
}

/**
 * A wide integer (sum of wei) as a double the way DuckDB converts a HUGEINT (the lower 64 bits
 * and the upper bits rounded apart, then added), so both engines publish the same bytes.
 * Valid for 0 ≤ x < 2^127, which every wei sum is.
 */
export function wideToDouble(x: string): string {
  return `(toFloat64(toUInt64(bitAnd(${x}, toUInt256('18446744073709551615')))) + toFloat64(toUInt64(bitShiftRight(${x}, 64))) * 18446744073709551616.0)`;
}

/**
 * The ClickHouse counterpart of DuckDB's `quantile_cont(CAST(t.fee_wei AS DOUBLE), 0.5) FILTER
 * (WHERE cond)`, for metric definitions, bit for bit: the middle value, or between the two
 * middle values lo × 0.5 + hi × 0.5 as DuckDB weighs them (quantileExactInclusive computes
 * lo + (hi − lo) × 0.5, which differs in the last place), and NULL over no rows.
 *
 * The sorted array is written once and taken apart by a lambda (over a one-element array):
 * written out at each use it came seven times per median, and the nodes spent more CPU
 * analysing those statements (16–18 KB for the chain facts, 8 medians) than aggregating an
 * hour's rows (docs/scale.md); the aggregate itself was computed once either way.
 */
export function medianIf(cond: string): string {
  const sorted = `arraySort(groupArrayIf(${wideToDouble('t.fee_wei')}, ${cond}))`;
  const mid = 'intDiv(length(a), 2)';
  return `arrayMap(a -> if(length(a) = 0, NULL, if(length(a) % 2 = 1, a[${mid} + 1], a[${mid}] * 0.5 + a[${mid} + 1] * 0.5)), [${sorted}])[1]`;
}
