// The manifest's fixed inputs and how a document set becomes a manifest, shared by the DuckDB
// manifest test and the ClickHouse one (which compares its set with the same committed file).
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { docsPageHtml } from '../../src/server/docs-page.js';

// Fixed inputs. 100 days of history reach every rollup, change window and summary up to 90 days
// (quarterly rows, 30-day changes, a partial first quarter); all six devnet chains cover every
// chain family, a custom gas token and the fee table. The clock sits 10 minutes into the first
// live hour, so the last complete hour and day are fixed.
export const SEED = 7;
export const HISTORY_DAYS = 100;
export const TX_PER_DAY = 80;
export const LIVE_SINCE = Date.UTC(2025, 2, 14, 9); // a Friday, mid-quarter
export const NOW = LIVE_SINCE + 10 * 60_000;
export const PUBLIC_BASE_URL = 'http://localhost:8080';

export interface Entry {
  json: string;
  gzip: string;
  br: string;
  etag: string;
  freshness: string;
}
export interface Manifest {
  inputs: Record<string, unknown>;
  documents: Record<string, Entry>;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export function manifestOf(set: DocumentSet): Manifest {
  const documents: Record<string, Entry> = {};
  for (const path of [...set.entries.keys()].sort()) {
    const d = set.entries.get(path)!;
    documents[path] = { json: sha256(d.body), gzip: sha256(d.gzip), br: sha256(d.br), etag: d.etag, freshness: d.freshness };
  }
  // The human docs page (/ and /docs) is published too; it is built from the same declarations.
  documents['/docs (html)'] = { json: sha256(Buffer.from(docsPageHtml(PUBLIC_BASE_URL), 'utf8')), gzip: '', br: '', etag: '', freshness: 'daily' };
  return {
    inputs: { seed: SEED, history_days: HISTORY_DAYS, tx_per_day: TX_PER_DAY, live_since: new Date(LIVE_SINCE).toISOString(), now: new Date(NOW).toISOString(), zlib: process.versions.zlib, brotli: process.versions.brotli },
    documents,
  };
}

/** The same inputs as one object, for buildDevnetDocuments. */
export const MANIFEST_INPUTS = { seed: SEED, historyDays: HISTORY_DAYS, txPerDay: TX_PER_DAY, liveSinceMs: LIVE_SINCE, nowMs: NOW, publicBaseUrl: PUBLIC_BASE_URL };

/**
 * Where `actual` departs from the committed manifest: the fixed inputs, then every document.
 * Identity bytes, ETags and freshness do not depend on the runtime. The compressed variants do
 * (another zlib or brotli, as on another Node release, encodes the same bytes differently): their
 * hashes are compared when the runtime's compressors are the ones the manifest was made with,
 * and otherwise each variant must decompress to the document's own bytes.
 */
export function manifestDifferences(actual: Manifest, committed: Manifest, set: DocumentSet): string[] {
  const { zlib, brotli, ...fixed } = actual.inputs;
  const { zlib: committedZlib, brotli: committedBrotli, ...committedFixed } = committed.inputs;
  if (JSON.stringify(fixed) !== JSON.stringify(committedFixed)) return [`fixed inputs ${JSON.stringify(fixed)} differ from the manifest's ${JSON.stringify(committedFixed)}`];
  const sameCompressors = zlib === committedZlib && brotli === committedBrotli;
  const kept = (e: Entry | undefined) => (e === undefined ? undefined : sameCompressors ? e : { json: e.json, etag: e.etag, freshness: e.freshness });
  const out: string[] = [];
  const paths = new Set([...Object.keys(actual.documents), ...Object.keys(committed.documents)]);
  for (const path of paths) {
    if (JSON.stringify(kept(actual.documents[path])) !== JSON.stringify(kept(committed.documents[path]))) out.push(path);
  }
  if (!sameCompressors) {
    for (const [path, d] of set.entries) {
      if (!gunzipSync(d.gzip).equals(d.body)) out.push(`${path} (gzip does not decompress to the body)`);
      if (!brotliDecompressSync(d.br).equals(d.body)) out.push(`${path} (br does not decompress to the body)`);
    }
  }
  return out;
}
