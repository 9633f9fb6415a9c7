// Price CSV files are looked at every round and imported again only when they change: an
// unchanged file is not re-imported (not even when only its modification time moves), a
// changed one brings its new prices, and a bad version is reported once and skipped.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PriceCsvFiles } from '../../../src/sources/prices/csv-files.js';
import type { PriceRow } from '../../../src/store/prices.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';

const DAY = 86_400_000;
const D1 = Date.UTC(2024, 0, 1);
let dir: string;
let store: DuckDbStore;
let writes: PriceRow[][];
let lines: Array<{ msg: string }>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chainlytics-csv-'));
  store = await DuckDbStore.open({ path: ':memory:' });
  writes = [];
  const write = store.writePrices.bind(store);
  store.writePrices = (rows) => {
    writes.push([...rows]);
    return write(rows);
  };
  lines = [];
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const logger = () => pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as { msg: string }) });
const usd = async (): Promise<number[]> => (await store.readPrices('ethereum', 'daily')).map((r) => r.usd);

describe('PriceCsvFiles.refresh', () => {
  it('imports a file once, skips it while unchanged, and imports the changed rows when it changes', async () => {
    const file = join(dir, 'prices.csv');
    writeFileSync(file, 'date,asset,usd\n2024-01-01,ethereum,2000\n2024-01-02,ethereum,2100\n');
    const csv = new PriceCsvFiles([file], logger());

    expect((await csv.refresh(store)).changed).toHaveLength(2);
    expect(await usd()).toEqual([2000, 2100]);
    expect(writes).toHaveLength(1);

    // Unchanged: nothing read into the store, also after a touch that moves only the mtime.
    expect((await csv.refresh(store)).changed).toEqual([]);
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await csv.refresh(store)).changed).toEqual([]);
    expect(writes).toHaveLength(1);

    // Changed: a corrected price and a new day; only those two rows are written.
    writeFileSync(file, 'date,asset,usd\n2024-01-01,ethereum,2000\n2024-01-02,ethereum,2222\n2024-01-03,ethereum,2300\n');
    const r = await csv.refresh(store);
    expect(r.changed.map((x) => [x.period_ms, x.usd])).toEqual([
      [D1 + DAY, 2222],
      [D1 + 2 * DAY, 2300],
    ]);
    expect(await usd()).toEqual([2000, 2222, 2300]);
    expect(writes).toHaveLength(2);
  });

  it('reports a bad version once, keeps the last import, and imports the fixed file', async () => {
    const file = join(dir, 'prices.csv');
    writeFileSync(file, 'date,asset,usd\n2024-01-01,ethereum,2000\n');
    const csv = new PriceCsvFiles([file], logger());
    await csv.refresh(store);
    writeFileSync(file, 'date,asset,usd\n2024-01-01,ethereum,-5\n');
    await csv.refresh(store);
    await csv.refresh(store);
    expect(lines.filter((l) => l.msg.startsWith('price CSV rejected'))).toHaveLength(1);
    expect(await usd()).toEqual([2000]);
    writeFileSync(file, 'date,asset,usd\n2024-01-01,ethereum,2500\n');
    await csv.refresh(store);
    expect(await usd()).toEqual([2500]);
  });
});
