// A DocumentSet is everything the server answers with: per path the bytes (JSON, or CSV for the
// flat exports), their brotli and gzip variants, the media type, a strong ETag and the build time. It is built once, ahead of requests,
// and never changed; a newer build replaces the whole set (server/document-holder).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';
import { csvText, type CsvTable } from './csv.js';

/** How often a document's contents change; drives Cache-Control (CONTRACT.md section 7). */
export type Freshness = 'hourly' | 'daily';

/**
 * The formats documents are published in, with their Content-Type. JSON is the rule (CONTRACT.md
 * section 0); CSV exists for the flat exports (section 9), whose rows spreadsheets load directly.
 * The file name's extension is the format's name, which is how nginx finds the same type.
 */
export const MEDIA_TYPES = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;

interface InputCommon {
  /** URL path under the server root, starting with '/v1/'. */
  path: string;
  freshness: Freshness;
}

/** A document: a JSON value, or a table of rows published as CSV. Serialized once, here. */
export type DocumentInput = InputCommon & ({ json: unknown; csv?: undefined } | { csv: CsvTable; json?: undefined });

/** The format an input is published in. */
export function mediaTypeOf(input: DocumentInput): MediaType {
  return input.csv !== undefined ? 'csv' : 'json';
}

export interface DocumentEntry {
  path: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Strong validator of the identity body, quoted: "<hash>". */
  etag: string;
  /** The Content-Type of the body, e.g. MEDIA_TYPES.json. */
  contentType: string;
  freshness: Freshness;
  /** Build time, unix ms. */
  builtAt: number;
}

export interface DocumentSet {
  readonly builtAt: number;
  readonly entries: ReadonlyMap<string, DocumentEntry>;
}

/** Serializes, compresses and hashes every document. Throws on a duplicate path or a non-finite number. */
export function buildDocumentSet(inputs: Iterable<DocumentInput>, builtAt: number): DocumentSet {
  const entries = new Map<string, DocumentEntry>();
  for (const input of inputs) {
    if (!input.path.startsWith('/v1/')) throw new Error(`document path must start with /v1/: ${input.path}`);
    if (entries.has(input.path)) throw new Error(`duplicate document path: ${input.path}`);
    entries.set(input.path, makeEntry(input, builtAt));
  }
  return { builtAt, entries };
}

export function makeEntry(input: DocumentInput, builtAt: number): DocumentEntry {
  const media = mediaTypeOf(input);
  const text = input.csv !== undefined ? csvText(input.csv, input.path) : jsonText(input.json, input.path);
  const body = Buffer.from(text, 'utf8');
  const br = brotliCompressSync(body, {
    params: { [zc.BROTLI_PARAM_QUALITY]: 9, [zc.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gzip = gzipSync(body, { level: 9 });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { path: input.path, body, br, gzip, etag, contentType: MEDIA_TYPES[media], freshness: input.freshness, builtAt };
}

function jsonText(json: unknown, path: string): string {
  return JSON.stringify(json, (_k, v: unknown) => {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`non-finite number in ${path}`);
    if (typeof v === 'bigint') throw new Error(`bigint in ${path}: convert before building documents`);
    return v;
  });
}
