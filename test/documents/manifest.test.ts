// The published-bytes guard. Builds the complete document set (every document the service
// serves, openapi.json included) from a fixed devnet seed and a fixed clock, through the real
// pipeline (devnet JSON-RPC → ingest → DuckDB → prices, labels, projects, market data → facts →
// documents: test/helpers/devnet-documents.ts), and compares every
// document's JSON, gzip and brotli bytes and ETag with the committed manifest of SHA-256 hashes.
//
// A change that alters published documents on purpose regenerates the manifest and says why in
// its commit:
//   CHAINLYTICS_UPDATE_MANIFEST=1 npx vitest run test/documents/manifest.test.ts
// A change that alters them without purpose is a bug this test catches.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { HISTORY_DAYS, LIVE_SINCE, manifestDifferences, manifestOf, NOW, PUBLIC_BASE_URL, SEED, TX_PER_DAY, type Manifest } from './manifest-of.js';
import { buildDevnetDocuments, type DevnetDocuments } from '../helpers/devnet-documents.js';

const MANIFEST = fileURLToPath(new URL('./manifest.json', import.meta.url));
const UPDATE = process.env.CHAINLYTICS_UPDATE_MANIFEST === '1';

describe('published documents manifest (fixed devnet seed and clock)', () => {
  let built: DevnetDocuments;
  let set: DocumentSet;

  beforeAll(async () => {
    built = await buildDevnetDocuments({ seed: SEED, historyDays: HISTORY_DAYS, txPerDay: TX_PER_DAY, liveSinceMs: LIVE_SINCE, nowMs: NOW, publicBaseUrl: PUBLIC_BASE_URL });
    set = built.set;
    // The whole devnet set (ingestion, eth_call sampling of every chain-day, facts, every
    // document) takes 40–50 s alone on a loaded 2-core machine; next to the rest of the suite
    // it went past the default 120 s.
  }, 300_000);
  afterAll(async () => {
    await built?.close();
  });

  it('the set is large enough to guard every document kind', () => {
    const paths = [...set.entries.keys()];
    expect(paths).toContain('/v1/master.json');
    expect(paths).toContain('/v1/fees/table.json');
    expect(paths).toContain('/v1/openapi.json');
    // Six chains and the all_l2s aggregate (CONTRACT.md 8), five metrics over their own
    // transactions and stables_mcap each, plus rent_paid and profit on the five L2s and
    // all_l2s (not the L1), market_cap on the chains with a token the devnet feed serves
    // (ethereum, mantle) and fdv where the token has a total supply (mantle); no all_l2s for them;
    // tvl and app_revenue from the devnet feed's DefiLlama shapes on every chain and all_l2s.
    expect(paths.filter((p) => p.startsWith('/v1/metrics/chains/')).length).toBe(7 * 6 + 6 * 2 + 2 + 1 + 7 * 2);
    expect(paths).toContain('/v1/labels/projects_filtered.json');
    expect(paths).toContain('/v1/labels/projects.json');
    expect(paths.filter((p) => p.startsWith('/v1/apps/details/')).length).toBeGreaterThan(30);
    expect(NOW - LIVE_SINCE).toBeLessThan(DAY_MS);
  });

  it('every document is byte-identical to the committed manifest', () => {
    const actual = manifestOf(set);
    if (UPDATE) {
      writeFileSync(MANIFEST, JSON.stringify(actual, null, 2) + '\n');
      return;
    }
    const committed = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
    expect(Object.keys(actual.documents)).toEqual(Object.keys(committed.documents));
    expect(manifestDifferences(actual, committed, set)).toEqual([]);
  });
});
