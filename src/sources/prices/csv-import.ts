// Prices from a CSV file `date,asset,usd` (METRICS.md section 6), for operators without an API
// or for history an API does not reach. `date` is `YYYY-MM-DD` (a daily price) or a UTC hour
// `YYYY-MM-DDTHH:00:00Z` / `YYYY-MM-DD HH:00` (an hourly price). The file is read by the one
// CSV reader (../csv-records.ts: quoted fields, BOM, CRLF). Every bad line is reported with its
// line number, and nothing is imported from a file with errors.
import { readFile } from 'node:fs/promises';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from '../csv-records.js';
import type { PriceRow } from '../../store/prices.js';
import type { Store } from '../../store/store.js';

export class PriceCsvError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  ... and ${problems.length - shown.length} more` : '';
    super(`${source}: ${problems.length} problem(s) in the price CSV (expected header "date,asset,usd"):\n  ${shown.join('\n  ')}${more}`);
    this.name = 'PriceCsvError';
  }
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|\+00:00)?$/;
const ASSET_RE = /^[a-z0-9][a-z0-9._-]*$/;

/** Parses the CSV text; `source` names the file in error messages. */
export function parsePriceCsv(text: string, source = 'prices.csv'): PriceRow[] {
  let all: CsvRecord[];
  try {
    all = readCsvRecords(text);
  } catch (err) {
    // Text that is not CSV (a quote left open) is a problem of the file like any bad line.
    throw err instanceof CsvSyntaxError ? new PriceCsvError(source, [err.message]) : err;
  }
  const [header, ...records] = all;
  const names = header?.fields.map((h) => h.toLowerCase()) ?? [];
  if (names.join(',') !== 'date,asset,usd') {
    throw new PriceCsvError(source, [`line ${header?.line ?? 1}: header is "${header?.fields.join(',') ?? ''}", expected "date,asset,usd"`]);
  }
  const problems: string[] = [];
  const rows: PriceRow[] = [];
  const firstLine = new Map<string, number>();
  for (const { line: n, fields: cells } of records) {
    if (cells.length !== 3) {
      problems.push(`line ${n}: ${cells.length} fields, expected 3 (date,asset,usd): "${cells.join(',')}"`);
      continue;
    }
    const [date, asset, usdText] = cells as [string, string, string];
    const when = parseDate(date);
    if (typeof when === 'string') problems.push(`line ${n}: ${when}`);
    if (!ASSET_RE.test(asset)) problems.push(`line ${n}: asset "${asset}" is not a price-source id (lower case, e.g. "ethereum")`);
    const usd = usdText === '' ? NaN : Number(usdText);
    if (!Number.isFinite(usd) || usd <= 0) problems.push(`line ${n}: usd "${usdText}" is not a positive number`);
    if (typeof when === 'string' || !ASSET_RE.test(asset) || !Number.isFinite(usd) || usd <= 0) continue;
    const key = `${asset}|${when.granularity}|${when.period_ms}`;
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      problems.push(`line ${n}: duplicate ${when.granularity} price of "${asset}" for ${date} (first on line ${earlier})`);
      continue;
    }
    firstLine.set(key, n);
    rows.push({ asset, granularity: when.granularity, period_ms: when.period_ms, usd });
  }
  if (problems.length > 0) throw new PriceCsvError(source, problems);
  return rows;
}

function parseDate(text: string): { granularity: 'daily' | 'hourly'; period_ms: number } | string {
  const d = DAY_RE.exec(text);
  if (d) {
    const ms = Date.UTC(+d[1]!, +d[2]! - 1, +d[3]!);
    return validDate(ms, +d[1]!, +d[2]!, +d[3]!) ? { granularity: 'daily', period_ms: ms } : `date "${text}" does not exist`;
  }
  const h = HOUR_RE.exec(text);
  if (h) {
    const [y, mo, da, hh, mi, ss] = [+h[1]!, +h[2]!, +h[3]!, +h[4]!, +h[5]!, +(h[6] ?? 0)];
    if (hh > 23 || !validDate(Date.UTC(y, mo - 1, da), y, mo, da)) return `date "${text}" does not exist`;
    if (mi !== 0 || ss !== 0) return `date "${text}" is not the start of an hour (hourly prices are per hour, e.g. ${text.slice(0, 13)}:00:00Z)`;
    return { granularity: 'hourly', period_ms: Date.UTC(y, mo - 1, da, hh) };
  }
  return `date "${text}" is neither YYYY-MM-DD nor YYYY-MM-DDTHH:00:00Z`;
}

function validDate(ms: number, y: number, m: number, d: number): boolean {
  const dt = new Date(ms);
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** Reads a CSV file and upserts its prices; returns how many rows were written. */
export async function importPriceCsvFile(store: Store, path: string): Promise<number> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new Error(`price CSV ${path}: cannot read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  return store.writePrices(parsePriceCsv(text, path));
}
