// The configured label sources against the real store: a file is imported again when it
// changes (not when it is only touched), a URL is read in the background over HTTP, and a
// source that breaks keeps its last good rows.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/log.js';
import { LabelSources } from '../../../src/sources/labels/label-sources.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';

const OLI = join(import.meta.dirname, '../../fixtures/oli');
const CHAINS = [
  { origin_key: 'optimism', evm_chain_id: 10 },
  { origin_key: 'base', evm_chain_id: 8453 },
];
const silent = createLogger('silent');
let dir: string;
let server: Server;
let url: string;
let answer = { status: 200, body: readFileSync(join(OLI, 'labels_optimism_top100_2024-07-24.json'), 'utf8') };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'label-sources-'));
  server = createServer((_req, res) => void res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/labels.json?key=secret`;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((r) => server.close(() => r()));
});

describe('LabelSources', () => {
  it('imports a file, re-imports it only when its content changes, keeps the last good rows when it breaks', async () => {
    const file = join(dir, 'base.json');
    copyFileSync(join(OLI, 'labels_base_top100_2024-07-24.json'), file);
    const store = await DuckDbStore.open({ path: ':memory:' });
    try {
      const sources = new LabelSources({ files: [file], urls: [], chains: CHAINS, clock: new FixedClock(0), logger: silent });
      expect(await sources.refresh(store)).toHaveLength(100);
      expect(await sources.refresh(store)).toBeNull();
      utimesSync(file, new Date(), new Date(Date.now() + 5000)); // touched, same content
      expect(await sources.refresh(store)).toBeNull();
      const rows = JSON.parse(readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
      writeFileSync(file, JSON.stringify(rows.slice(0, 10)));
      expect(await sources.refresh(store)).toHaveLength(10);
      writeFileSync(file, '[{"address": ');
      expect(await sources.refresh(store)).toBeNull();
      expect(await store.readLabels()).toHaveLength(10);
    } finally {
      await store.close();
    }
  });

  it('reads a URL in the background and merges it with the files; an HTTP error keeps the last import', async () => {
    const file = join(dir, 'base2.json');
    copyFileSync(join(OLI, 'labels_base_top100_2024-07-24.json'), file);
    const store = await DuckDbStore.open({ path: ':memory:' });
    const clock = new FixedClock(0);
    try {
      const sources = new LabelSources({ files: [file], urls: [url], chains: CHAINS, clock, logger: silent, urlIntervalMs: 1000 });
      expect(await sources.refresh(store)).toHaveLength(100); // the file; the URL is on its way
      await sources.pending;
      // The OP Mainnet file: 99 rows load (one has an unknown category).
      expect(await sources.refresh(store)).toHaveLength(199);
      answer = { status: 500, body: 'down' };
      clock.advance(1000);
      expect(await sources.refresh(store)).toBeNull();
      await sources.pending;
      expect(await sources.refresh(store)).toBeNull();
      expect(await store.readLabels()).toHaveLength(199);
    } finally {
      await store.close();
    }
  });
});
