// Turns a DocumentSet into what the hot path needs: per path and per encoding the body bytes,
// the ETag and the complete header arrays for 200 and 304. Done once per set, so a request is a
// map lookup plus writeHead(status, array) and end(bytes): no serialization, no compression,
// no header assembly.
import { entryOfBody, type DocumentEntry, type DocumentSet, type Freshness } from '../documents/document-set.js';
import type { Encoding } from './content-encoding.js';
import { parseRequestPath } from './request-path.js';
import { CORS_HEADERS, cacheControlFor, httpDate } from './response-headers.js';
import { classifyPath, type RouteClass } from './route-class.js';

export interface PreparedVariant {
  encoding: Encoding;
  body: Buffer;
  /** Strong ETag of exactly these bytes' content in this encoding. */
  etag: string;
  /** Flat [name, value, ...] list for writeHead(200, ...). */
  headers: readonly string[];
  /** Flat list for writeHead(304, ...): validators and caching headers, no body headers. */
  notModifiedHeaders: readonly string[];
}

/**
 * A compressed variant of a document whose variants are made on first use (lazy-variants.ts):
 * its ETag and 304 headers are known (they do not depend on the bytes), its bytes and 200
 * headers come from PreparedDocument.load.
 */
export interface PendingVariant extends Omit<PreparedVariant, 'body' | 'headers'> {
  body: null;
  headers: null;
}

export interface PreparedDocument {
  path: string;
  route: RouteClass;
  /** Build time, unix ms: Last-Modified. */
  lastModified: number;
  /** The ETags of all three variants; If-None-Match may name any of them. */
  etags: readonly string[];
  identity: PreparedVariant;
  gzip: PreparedVariant | PendingVariant;
  br: PreparedVariant | PendingVariant;
  /** Set when the compressed variants are pending: makes one (or takes it from the set's kept variants). */
  load?: (encoding: 'br' | 'gzip') => Promise<PreparedVariant>;
}

export interface PrepareOptions {
  /** X-Data-Source value, sent on application routes. */
  dataSource: string;
}

/**
 * The ETag of an encoded variant. Each encoding gets its own strong tag (RFC 9110 section 8.8.3
 * requires distinct strong validators for distinct representations); the suffix keeps the
 * relation to the identity tag visible.
 */
export function variantEtag(identityEtag: string, encoding: Encoding): string {
  if (encoding === 'identity') return identityEtag;
  return `${identityEtag.slice(0, -1)}-${encoding}"`;
}

/** What a file that is not a document (the dashboard) sets instead of the path's kind. */
export interface PrepareOverrides {
  route?: RouteClass;
  cacheControl?: string;
}

/** Headers are prepared once per document: its Content-Type is the entry's own (JSON, CSV, HTML). */
export function prepareDocument(entry: DocumentEntry, opts: PrepareOptions, overrides: PrepareOverrides = {}): PreparedDocument {
  const contentType = entry.contentType;
  const route = overrides.route ?? classifyPath(entry.path);
  const lastModified = httpDate(entry.builtAt);
  const cacheControl = overrides.cacheControl ?? cacheControlFor(entry.freshness);
  const extra = route === 'app_details' ? ['X-Data-Source', opts.dataSource] : [];
  const pending = (encoding: Encoding): PendingVariant => {
    const etag = variantEtag(entry.etag, encoding);
    const common = ['ETag', etag, 'Last-Modified', lastModified, 'Cache-Control', cacheControl, 'Vary', 'Accept-Encoding'];
    return { encoding, body: null, etag, headers: null, notModifiedHeaders: [...common, ...CORS_HEADERS, ...extra] };
  };
  const variant = (encoding: Encoding, body: Buffer): PreparedVariant => {
    const { etag, notModifiedHeaders } = pending(encoding);
    const headers = [
      'Content-Type',
      contentType,
      'Content-Length',
      String(body.length),
      ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
      // The 304 headers are the validators and caching headers, which the 200 also sends.
      ...notModifiedHeaders,
    ];
    return { encoding, body, etag, headers, notModifiedHeaders };
  };
  const identity = variant('identity', entry.body);
  const lazy = entry.lazy;
  // A lazy entry's variants are not read here: that would compress them all at swap time.
  const gzip = lazy ? pending('gzip') : variant('gzip', entry.gzip);
  const br = lazy ? pending('br') : variant('br', entry.br);
  return {
    path: entry.path,
    route,
    lastModified: entry.builtAt,
    etags: [identity.etag, gzip.etag, br.etag],
    identity,
    gzip,
    br,
    ...(lazy ? { load: async (encoding: 'br' | 'gzip') => variant(encoding, await lazy.load(encoding)) } : {}),
  };
}

export interface PreparedSet {
  documents: Map<string, PreparedDocument>;
  /** Paths of the set that no request could name (they break request-path rules); not served. */
  unreachable: string[];
}

export function prepareSet(set: DocumentSet, opts: PrepareOptions): PreparedSet {
  const documents = new Map<string, PreparedDocument>();
  const unreachable: string[] = [];
  for (const [path, entry] of set.entries) {
    const parsed = parseRequestPath(path);
    if (!parsed.ok || parsed.path !== path) {
      unreachable.push(path);
      continue;
    }
    documents.set(path, prepareDocument(entry, opts));
  }
  return { documents, unreachable };
}

/** A DocumentEntry for bytes no builder makes (the HTML docs page), hashed like the builders' documents. */
export function entryFromBytes(path: string, body: Buffer, contentType: string, freshness: Freshness, builtAt: number): DocumentEntry {
  return entryOfBody(path, body, contentType, freshness, builtAt);
}
