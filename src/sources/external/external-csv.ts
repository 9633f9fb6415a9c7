// tvl and app_revenue from the operator's CSV files `date,origin_key,usd` (one file per series,
// any number of files). `date` is a UTC day `YYYY-MM-DD`. Every bad row is reported with the
// file, its line number and what is wrong, and nothing is taken from a file with errors. The
// file is read by the one CSV reader (../csv-records.ts: quoted fields, BOM, CRLF).
import { readFile } from 'node:fs/promises';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from '../csv-records.js';

export interface ExternalCsvRow {
  origin_key: string;
  day_ms: number;
  usd: number;
}

export class ExternalCsvError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  ... and ${problems.length - shown.length} more` : '';
    super(`${file}: ${problems.length} problem(s) (expected header "date,origin_key,usd"):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'ExternalCsvError';
  }
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const KEY_RE = /^[a-z0-9_]+$/;

/** Parses one file's text; `file` names it in errors. */
export function parseExternalCsv(text: string, file: string): ExternalCsvRow[] {
  let all: CsvRecord[];
  try {
    all = readCsvRecords(text);
  } catch (err) {
    // Text that is not CSV (a quote left open) is a problem of the file like any bad line.
    throw err instanceof CsvSyntaxError ? new ExternalCsvError(file, [err.message]) : err;
  }
  const [header, ...records] = all;
  if (header?.fields.map((h) => h.toLowerCase()).join(',') !== 'date,origin_key,usd') {
    throw new ExternalCsvError(file, [`line ${header?.line ?? 1}: header is "${header?.fields.join(',') ?? ''}", expected "date,origin_key,usd"`]);
  }
  const problems: string[] = [];
  const rows: ExternalCsvRow[] = [];
  const seen = new Map<string, number>();
  for (const { line: n, fields: cells } of records) {
    if (cells.length !== 3) {
      problems.push(`line ${n}: ${cells.length} columns, expected 3 (date,origin_key,usd)`);
      continue;
    }
    const [date, key, usdText] = cells as [string, string, string];
    const m = DAY_RE.exec(date);
    const day = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
    if (!m || new Date(day).toISOString().slice(0, 10) !== date) problems.push(`line ${n}: date "${date}" is not a UTC day YYYY-MM-DD`);
    if (!KEY_RE.test(key)) problems.push(`line ${n}: origin_key "${key}" is not a chain key (lower-case letters, digits, _)`);
    const usd = usdText === '' ? NaN : Number(usdText);
    if (!Number.isFinite(usd) || usd < 0) problems.push(`line ${n}: usd "${usdText}" is not a number of 0 or more`);
    if (!m || !KEY_RE.test(key) || !Number.isFinite(usd) || usd < 0) continue;
    const id = `${key}|${day}`;
    const first = seen.get(id);
    if (first !== undefined) {
      problems.push(`line ${n}: ${key} on ${date} was already given on line ${first}`);
      continue;
    }
    seen.set(id, n);
    rows.push({ origin_key: key, day_ms: day, usd });
  }
  if (problems.length > 0) throw new ExternalCsvError(file, problems);
  return rows;
}

export async function readExternalCsv(file: string): Promise<ExternalCsvRow[]> {
  return parseExternalCsv(await readFile(file, 'utf8'), file);
}
