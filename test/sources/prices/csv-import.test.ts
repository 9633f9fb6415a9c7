import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPriceCsvFile, parsePriceCsv, PriceCsvError } from '../../../src/sources/prices/csv-import.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';

function problems(text: string): string[] {
  try {
    parsePriceCsv(text, 'p.csv');
  } catch (e) {
    expect(e).toBeInstanceOf(PriceCsvError);
    return (e as PriceCsvError).problems;
  }
  throw new Error('expected a PriceCsvError');
}

describe('price CSV (date,asset,usd)', () => {
  it('reads daily and hourly rows; blank lines, CRLF and a BOM are fine', () => {
    const rows = parsePriceCsv('\uFEFFdate,asset,usd\r\n2024-03-01,ethereum,3400.5\r\n\r\n2024-03-01T13:00:00Z,ethereum,3410\n2024-03-02 07:00,mantle,0.81\n', 'p.csv');
    expect(rows).toEqual([
      { asset: 'ethereum', granularity: 'daily', period_ms: Date.UTC(2024, 2, 1), usd: 3400.5 },
      { asset: 'ethereum', granularity: 'hourly', period_ms: Date.UTC(2024, 2, 1, 13), usd: 3410 },
      { asset: 'mantle', granularity: 'hourly', period_ms: Date.UTC(2024, 2, 2, 7), usd: 0.81 },
    ]);
  });

  it('reads a fully quoted spreadsheet export: BOM, CRLF, quoted fields, a trailing newline', () => {
    const text = '\uFEFF"date","asset","usd"\r\n"2024-03-01","ethereum","3400.5"\r\n"2024-03-01T13:00:00Z", "ethereum" ,"3410"\r\n';
    expect(parsePriceCsv(text, 'p.csv')).toEqual([
      { asset: 'ethereum', granularity: 'daily', period_ms: Date.UTC(2024, 2, 1), usd: 3400.5 },
      { asset: 'ethereum', granularity: 'hourly', period_ms: Date.UTC(2024, 2, 1, 13), usd: 3410 },
    ]);
  });

  it('a quoted field holding a comma is one field, checked as a value', () => {
    expect(problems('date,asset,usd\n2024-03-01,ethereum,"3,400.5"\n')).toEqual(['line 2: usd "3,400.5" is not a positive number']);
  });

  it('names the file and the line of text that is not CSV; lines after a quoted line break count it', () => {
    expect(() => parsePriceCsv('date,asset,usd\n2024-03-01,ethereum,1\n"2024-03-02,ethereum,2\n', 'prices/eth.csv')).toThrow(
      'prices/eth.csv: 1 problem(s) in the price CSV (expected header "date,asset,usd"):\n  line 3: a quoted field is never closed',
    );
    expect(problems('date,asset,usd\r\n"2024-03-01","ether\r\neum",1\r\n2024-03-02,ethereum,x\r\n')).toEqual([
      'line 2: asset "ether\r\neum" is not a price-source id (lower case, e.g. "ethereum")',
      'line 4: usd "x" is not a positive number',
    ]);
  });

  it('names the line of every problem', () => {
    const p = problems(
      [
        'date,asset,usd',
        '2024-02-30,ethereum,1', // no such day
        '2024-03-01,Ethereum,1', // not an id
        '2024-03-01,ethereum,-5', // not positive
        '2024-03-01,ethereum', // two fields
        '2024-03-01T13:30:00Z,ethereum,1', // not an hour start
        '01/03/2024,ethereum,1', // wrong format
        '2024-03-02,ethereum,abc',
        '2024-03-03,ethereum,1',
        '2024-03-03,ethereum,2', // duplicate
      ].join('\n'),
    );
    expect(p).toEqual([
      'line 2: date "2024-02-30" does not exist',
      'line 3: asset "Ethereum" is not a price-source id (lower case, e.g. "ethereum")',
      'line 4: usd "-5" is not a positive number',
      'line 5: 2 fields, expected 3 (date,asset,usd): "2024-03-01,ethereum"',
      'line 6: date "2024-03-01T13:30:00Z" is not the start of an hour (hourly prices are per hour, e.g. 2024-03-01T13:00:00Z)',
      'line 7: date "01/03/2024" is neither YYYY-MM-DD nor YYYY-MM-DDTHH:00:00Z',
      'line 8: usd "abc" is not a positive number',
      'line 10: duplicate daily price of "ethereum" for 2024-03-03 (first on line 9)',
    ]);
  });

  it('requires the header', () => {
    expect(problems('day,coin,price\n2024-01-01,ethereum,1')).toEqual(['line 1: header is "day,coin,price", expected "date,asset,usd"']);
    expect(() => parsePriceCsv('x', 'prices/eth.csv')).toThrow(/^prices\/eth\.csv: 1 problem/);
    expect(problems('')).toEqual(['line 1: header is "", expected "date,asset,usd"']);
    expect(problems('\n\n"day","coin","price"\n')).toEqual(['line 3: header is "day,coin,price", expected "date,asset,usd"']);
  });

  describe('importing a file', () => {
    let store: DuckDbStore;
    let dir: string;
    beforeAll(async () => {
      store = await DuckDbStore.open({ path: ':memory:' });
      dir = mkdtempSync(join(tmpdir(), 'prices-csv-'));
    });
    afterAll(async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('upserts the rows into the prices table', async () => {
      const file = join(dir, 'p.csv');
      writeFileSync(file, 'date,asset,usd\n2024-03-01,ethereum,3400\n2024-03-02,ethereum,3500\n');
      expect(await importPriceCsvFile(store, file)).toBe(2);
      writeFileSync(file, 'date,asset,usd\n2024-03-02,ethereum,3550\n');
      await importPriceCsvFile(store, file);
      expect((await store.readPrices('ethereum', 'daily')).map((r) => r.usd)).toEqual([3400, 3550]);
    });

    it('imports nothing from a file with an error', async () => {
      const file = join(dir, 'bad.csv');
      writeFileSync(file, 'date,asset,usd\n2024-04-01,ethereum,1\n2024-04-02,ethereum,x\n');
      await expect(importPriceCsvFile(store, file)).rejects.toThrow(/bad\.csv: 1 problem.*line 3/s);
      expect(await store.readPrices('ethereum', 'daily', Date.UTC(2024, 3, 1))).toEqual([]);
    });

    it('says when the file cannot be read', async () => {
      await expect(importPriceCsvFile(store, join(dir, 'missing.csv'))).rejects.toThrow(/missing\.csv: cannot read \(ENOENT\)/);
    });
  });
});
