// The complete devnet document set built on a 2-shard ClickHouse cluster is byte for byte the
// one built on DuckDB: the same fixed devnet, clock and pipeline as manifest.test.ts, through
// the ClickHouse store, compared with the same committed manifest.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevnetDocuments, type DevnetDocuments } from '../helpers/devnet-documents.js';
import { startTestCluster, type TestCluster } from '../helpers/clickhouse-store.js';
import { MANIFEST_INPUTS, manifestDifferences, manifestOf, type Manifest } from './manifest-of.js';

const MANIFEST = fileURLToPath(new URL('./manifest.json', import.meta.url));

describe('published documents on ClickHouse (2 shards) equal the DuckDB manifest', () => {
  let ch: TestCluster;
  let built: DevnetDocuments;

  beforeAll(async () => {
    ch = await startTestCluster();
    const i = MANIFEST_INPUTS;
    built = await buildDevnetDocuments({ seed: i.seed, historyDays: i.historyDays, txPerDay: i.txPerDay, liveSinceMs: i.liveSinceMs, nowMs: i.nowMs, publicBaseUrl: i.publicBaseUrl, openStore: () => ch.open() });
  }, 600_000);
  afterAll(async () => {
    await built?.close();
    await ch?.stop();
  });

  it('every document is byte-identical to the committed manifest', () => {
    const actual = manifestOf(built.set);
    const committed = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
    expect(Object.keys(actual.documents)).toEqual(Object.keys(committed.documents));
    expect(manifestDifferences(actual, committed, built.set)).toEqual([]);
  });
});
