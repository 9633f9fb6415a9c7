// An incremental pull copies the selected rows' bytes out of the published document
// (src/server/row-index.ts). Expected answers here are the rows filtered as arrays and serialized
// afresh (JSON.stringify, the CSV writer), so the byte-copying path is checked against what a
// parse-filter-serialize answer gives, on every selection of a small table.
import { describe, expect, it } from 'vitest';
import { csvText } from '../../src/documents/csv.js';
import { csvTable, type ExportRow } from '../../src/documents/flat-exports/export-rows.js';
import { RowIndex } from '../../src/server/row-index.js';

const PATH = '/v1/export/txcount.csv';
const chains = ['base', 'optimism', 'arbitrum'];
const days = ['2025-01-30', '2025-01-31', '2025-02-01', '2025-02-02'];
// Rows in the exports' order (metric, chain, day), with nulls, fractions, large numbers and a
// metric key outside ASCII so that byte offsets differ from string offsets.
const rows: ExportRow[] = [];
for (const metric of ['txcount', 'fees_paid_usd', 'mét'])
  for (const [c, chain] of chains.entries())
    for (const [d, date] of days.entries()) rows.push({ metric_key: metric, origin_key: chain, date, value: (c + d) % 3 === 0 ? null : (c + 1) * 1e21 + d / 7 });

const json = Buffer.from(JSON.stringify(rows));
const csv = Buffer.from(csvText(csvTable(rows), PATH));

function expected(since: string | null, only: string[] | null): ExportRow[] {
  return rows.filter((r) => (since === null || r.date >= since) && (only === null || only.includes(r.origin_key)));
}

describe('row index', () => {
  const index = RowIndex.ofJson(json)!;

  it('indexes every row of a document written as JSON.stringify(rows)', () => {
    expect(index).not.toBeNull();
    expect(index.length).toBe(36);
  });

  it('answers every selection with the bytes of the filtered rows serialized afresh', () => {
    const sinces = [null, '2025-01-01', '2025-01-31', '2025-02-02', '2025-02-03'];
    const selections = [null, ['base'], ['arbitrum', 'base'], ['optimism'], ['zora'], []];
    for (const since of sinces)
      for (const only of selections) {
        const want = expected(since, only);
        expect(index.json(json, since, only).toString()).toBe(JSON.stringify(want));
        expect(index.csv(csv, since, only)?.toString()).toBe(csvText(csvTable(want), PATH));
      }
    // Selecting everything gives the published bytes themselves.
    expect(index.json(json, null, null).equals(json)).toBe(true);
    expect(index.csv(csv, null, null)!.equals(csv)).toBe(true);
  });

  it('indexes an empty export', () => {
    const empty = RowIndex.ofJson(Buffer.from('[]'))!;
    expect(empty.length).toBe(0);
    expect(empty.json(Buffer.from('[]'), '2025-01-01', ['base']).toString()).toBe('[]');
    const header = Buffer.from(csvText(csvTable([]), PATH));
    expect(empty.csv(header, null, null)!.equals(header)).toBe(true);
  });

  it('refuses documents it cannot copy rows from, so their pulls parse them instead', () => {
    expect(RowIndex.ofJson(Buffer.from(JSON.stringify(rows, null, 1)))).toBeNull(); // not compact
    expect(RowIndex.ofJson(Buffer.from('{"a":1}'))).toBeNull();
    expect(RowIndex.ofJson(Buffer.from('[{"origin_key":"base","date":"not a day"}]'))).toBeNull();
    expect(RowIndex.ofJson(Buffer.from('[1,'))).toBeNull();
    // A brace inside a string, alone or as the bytes between two rows, is not taken for a row's end.
    for (const key of ['a}b', 'x},{"y']) expect(RowIndex.ofJson(Buffer.from(JSON.stringify([{ ...rows[0]!, metric_key: key }, rows[1]])))).toBeNull();
    expect(RowIndex.ofJson(Buffer.from(JSON.stringify([{ ...rows[0]!, origin_key: 'Base "L2"' }])))).toBeNull();
    // A CSV whose lines are not one per row (a quoted line break) gets no copied answer.
    const broken = [...rows.slice(0, 2), { ...rows[2]!, metric_key: 'two\r\nlines' }];
    const brokenIndex = RowIndex.ofJson(Buffer.from(JSON.stringify(broken)))!;
    expect(brokenIndex.csv(Buffer.from(csvText(csvTable(broken), PATH)), null, null)).toBeNull();
  });

  it('holds 10 bytes a row plus 4 per CSV line once a CSV answer was made', () => {
    const fresh = RowIndex.ofJson(json)!;
    expect(fresh.bytes).toBe(36 * 4 + 36 * 2 + 37 * 4);
    fresh.csv(csv, null, ['base']);
    expect(fresh.bytes).toBe(36 * 4 + 36 * 2 + 37 * 4 + 37 * 4);
  });
});
