// A table for a terminal: columns padded to their widest cell, two spaces apart, the numeric
// ones right-aligned, no trailing spaces. Widths count code points, so names with accents line up.
export function alignedText(rows: readonly (readonly string[])[], numeric: ReadonlySet<number> = new Set()): string {
  const columns = Math.max(0, ...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows
    .map((r) =>
      r
        .map((v, i) => {
          const pad = ' '.repeat(widths[i] - [...v].length);
          return numeric.has(i) ? pad + v : v + pad;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
