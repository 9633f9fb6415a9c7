// CSV serialization of a table of rows (RFC 4180): a header line of the column names, then one
// line per row, CRLF line ends (the RFC's, which every spreadsheet and CSV reader accepts).
// Numbers are written exactly as JSON writes them, so a CSV value parses to the same number as
// the JSON document's; null is an empty field.

export type CsvValue = string | number | null;

export interface CsvTable {
  /** Column names in order; each row is read by these keys. */
  columns: readonly string[];
  rows: ReadonlyArray<Readonly<Record<string, CsvValue>>>;
}

const CRLF = '\r\n';

/** The CSV text of `table`; `path` names the document in errors. */
export function csvText(table: CsvTable, path: string): string {
  const lines = [table.columns.map((c) => field(c, path)).join(',')];
  for (const row of table.rows) lines.push(table.columns.map((c) => field(row[c], path)).join(','));
  return lines.join(CRLF) + CRLF;
}

function field(v: CsvValue | undefined, path: string): string {
  if (v === null) return '';
  if (v === undefined) throw new Error(`CSV row without a value for a column in ${path}`);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`non-finite number in ${path}`);
    return JSON.stringify(v);
  }
  // Quote only where RFC 4180 requires it: a comma, a quote or a line break in the field.
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}
