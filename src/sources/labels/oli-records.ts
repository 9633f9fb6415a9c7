// OLI label exports as plain records: the CSV form (a header row naming the columns, as in
// OLI's label exports) and the JSON form (an array of objects, as OLI's per-chain top-100
// files). Values are kept as found (CSV fields without the spaces around them); label-rows.ts
// validates them.
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from '../csv-records.js';

export interface OliRecord {
  /** 1-based position among the data rows of the file. */
  row: number;
  /** CSV: the line the row starts on. */
  line?: number;
  values: Record<string, unknown>;
}

export type OliFormat = 'csv' | 'json';

/** JSON when the text starts with `[` or `{` (after white space), else CSV. */
export function detectFormat(text: string): OliFormat {
  return /^\s*[[{]/.test(text.replace(/^\uFEFF/, '')) ? 'json' : 'csv';
}

export class OliFileError extends Error {}

export function readOliRecords(text: string, format: OliFormat = detectFormat(text)): OliRecord[] {
  return format === 'json' ? jsonRecords(text) : csvRecords(text);
}

function csvRecords(text: string): OliRecord[] {
  let all: CsvRecord[];
  try {
    all = readCsvRecords(text);
  } catch (err) {
    // Text that is not CSV (a quote left open) rejects the file whole, like a broken JSON file.
    throw err instanceof CsvSyntaxError ? new OliFileError(`not valid CSV: ${err.message}`) : err;
  }
  const [header, ...rows] = all;
  if (!header) return [];
  const names = header.fields;
  if (!names.includes('address') || !names.includes('chain_id')) {
    throw new OliFileError(`the header (line ${header.line}) must name the columns address and chain_id; found ${names.slice(0, 6).join(',')}`);
  }
  return rows.map((r, i) => ({
    row: i + 1,
    line: r.line,
    // Empty CSV cells are absent values, like null in the JSON form.
    values: Object.fromEntries(names.map((n, j) => [n, r.fields[j] === undefined || r.fields[j] === '' ? null : r.fields[j]])),
  }));
}

function jsonRecords(text: string): OliRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new OliFileError(`not valid JSON: ${(err as Error).message}`);
  }
  // OLI's API wraps rows as { data: [...] } in some exports; accept both shapes.
  const rows = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.data) ? data.data : null;
  if (!rows) throw new OliFileError('expected a JSON array of label objects');
  return rows.map((v, i) => ({ row: i + 1, values: isObject(v) ? v : { __not_an_object: v } }));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
