// A DocumentSet is everything the server answers with: per path the JSON bytes, their brotli
// and gzip variants, a strong ETag and the build time. It is built once, ahead of requests,
// and never changed; a newer build replaces the whole set (server/document-holder).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';

/** How often a document's contents change; drives Cache-Control (CONTRACT.md section 7). */
export type Freshness = 'hourly' | 'daily';

export interface DocumentInput {
  /** URL path under the server root, starting with '/v1/'. */
  path: string;
  /** The document; serialized once here. */
  json: unknown;
  freshness: Freshness;
}

export interface DocumentEntry {
  path: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Strong validator of the identity body, quoted: "<hash>". */
  etag: string;
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
  const text = JSON.stringify(input.json, (_k, v: unknown) => {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`non-finite number in ${input.path}`);
    if (typeof v === 'bigint') throw new Error(`bigint in ${input.path}: convert before building documents`);
    return v;
  });
  const body = Buffer.from(text, 'utf8');
  const br = brotliCompressSync(body, {
    params: { [zc.BROTLI_PARAM_QUALITY]: 9, [zc.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gzip = gzipSync(body, { level: 9 });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { path: input.path, body, br, gzip, etag, freshness: input.freshness, builtAt };
}
