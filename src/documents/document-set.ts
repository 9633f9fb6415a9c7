// A DocumentSet is everything the server answers with: per path the bytes (JSON, or CSV for the
// flat exports), their brotli and gzip variants, the media type, a strong ETag and the build time. It is built once, ahead of requests,
// and never changed; a newer build replaces the whole set (server/document-holder).
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { brotliCompressSync, constants as zc, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { compressInPool } from './compress-pool.js';
import { LazyVariants, VariantBudget } from './lazy-variants.js';
import { csvText, type CsvTable } from './csv.js';
import { settleAll } from '../settle-all.js';

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
  // The flat exports again as Apache Parquet, which DuckDB, pandas and warehouses load typed and
  // column by column (the media type IANA registered for it).
  parquet: 'application/vnd.apache.parquet',
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;

interface InputCommon {
  /** URL path under the server root, starting with '/v1/'. */
  path: string;
  freshness: Freshness;
}

/**
 * A document: a JSON value, a table of rows published as CSV, or a Parquet file the builder
 * wrote (binary, made asynchronously, so the builder gives its bytes). Serialized once, here,
 * unless the builder gives `bytes`: the JSON text of `json` (exactly JSON.stringify's, checked as
 * serialize checks it), made from parts it kept from earlier builds (json-splice.ts), or the CSV
 * text of `csv` kept whole (flat-exports/export-bytes-cache.ts). `json` and `csv` stay the
 * document's value for readers that want it (tests compare the two).
 */
export type DocumentInput = InputCommon &
  (
    | { json: unknown; csv?: undefined; parquet?: undefined; bytes?: () => Buffer }
    | { csv: CsvTable; json?: undefined; parquet?: undefined; bytes?: () => Buffer }
    | { parquet: Buffer; json?: undefined; csv?: undefined; bytes?: undefined }
  );

/** The format an input is published in. */
export function mediaTypeOf(input: DocumentInput): MediaType {
  return input.csv !== undefined ? 'csv' : input.parquet !== undefined ? 'parquet' : 'json';
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
  /**
   * Set when `br` and `gzip` are made on first use (lazy-variants.ts; buildDocumentSetAsync's
   * `lazyAbove`): reading them compresses on this thread if they are not kept, `lazy.load()`
   * compresses off it (the server).
   */
  lazy?: LazyVariants;
}

export interface DocumentSet {
  readonly builtAt: number;
  readonly entries: ReadonlyMap<string, DocumentEntry>;
  /** The variants kept for the set's lazy entries (built with `lazyAbove`). */
  readonly variants?: VariantBudget;
}

/** Serializes, compresses and hashes every document. Throws on a duplicate path or a non-finite number. */
export function buildDocumentSet(inputs: Iterable<DocumentInput>, builtAt: number): DocumentSet {
  const entries = new Map<string, DocumentEntry>();
  for (const input of inputs) {
    checkPath(input.path, entries);
    entries.set(input.path, makeEntry(input, builtAt));
  }
  return { builtAt, entries };
}

function checkPath(path: string, seen: ReadonlyMap<string, unknown>): void {
  if (!path.startsWith('/v1/')) throw new Error(`document path must start with /v1/: ${path}`);
  if (seen.has(path)) throw new Error(`duplicate document path: ${path}`);
}

// The compression parameters, shared by the sync and async paths: the published bytes depend on
// them, and a reused entry is only valid if a fresh compression would give the same bytes.
// Chosen by size (docs/http.md, "Compression"): below LARGE_BODY the highest settings cost a few
// milliseconds a document; above it they dominated a build (brotli 9 and gzip 9 compress about 10
// and 14 MB per CPU-second, 23 CPU-s for the 132 MB of the 1,000-project scale scenario, where
// brotli 5 and gzip 5 do 88 and 134 MB/s for outputs about 6 % and 11 % larger; level 6 of
// each was 1.3 % and 2.1 % smaller than 5 but 1.2 and 1.7 times slower, paid every hour).
export const LARGE_BODY = 64 * 1024;
export const COMPRESSION = {
  small: { brotli: 9, gzip: 9 },
  large: { brotli: 5, gzip: 5 },
} as const;
const settingsFor = (body: Buffer) => (body.length < LARGE_BODY ? COMPRESSION.small : COMPRESSION.large);

/**
 * Brotli's window for bodies below LARGE_BODY: 2^16 bytes, which holds the whole body. At quality 9
 * a window above 16 bits makes brotli allocate a hash table of about 32 MB for every call (fresh
 * pages from the kernel each time): measured 2026-11-27 on JSON of 0.6–61 KB, 20–150 CPU-ms a
 * document against 0.04–3.6 ms with this window, and the output is the same size or a few bytes
 * smaller. Larger bodies keep brotli's default window (22), as before.
 */
export const SMALL_BODY_BROTLI_WINDOW = 16;

function brotliOptions(body: Buffer): BrotliOptions {
  const params: Record<number, number> = { [zc.BROTLI_PARAM_QUALITY]: settingsFor(body).brotli, [zc.BROTLI_PARAM_SIZE_HINT]: body.length };
  if (body.length < LARGE_BODY) params[zc.BROTLI_PARAM_LGWIN] = SMALL_BODY_BROTLI_WINDOW;
  return { params };
}
function gzipOptions(body: Buffer): ZlibOptions {
  return { level: settingsFor(body).gzip };
}

/** The ETag of a body from its SHA-256 in base64url (computed here or by a compression worker). */
const etagOfSha256 = (sha256: string) => `"${sha256.slice(0, 32)}"`;
const etagOf = (body: Buffer) => etagOfSha256(createHash('sha256').update(body).digest('base64url'));

/** A document's published bytes (identity encoding). */
export function serialize(input: DocumentInput): Buffer {
  if (input.bytes !== undefined) return input.bytes();
  // A copy: the compression workers take the memory of the body they are given (compress-pool.ts),
  // which would empty the builder's buffer for any later serialization of the same input.
  if (input.parquet !== undefined) return Buffer.from(input.parquet);
  const text = input.csv !== undefined ? csvText(input.csv, input.path) : checkedJsonText(input.json, input.path);
  return Buffer.from(text, 'utf8');
}

export function makeEntry(input: DocumentInput, builtAt: number): DocumentEntry {
  return entryOfBody(input.path, serialize(input), MEDIA_TYPES[mediaTypeOf(input)], input.freshness, builtAt);
}

/** An entry for bytes already serialized (also the server's HTML docs page): compressed and hashed as every document is. */
export function entryOfBody(path: string, body: Buffer, contentType: string, freshness: Freshness, builtAt: number): DocumentEntry {
  const br = brotliCompressSync(body, brotliOptions(body));
  const gzip = gzipSync(body, gzipOptions(body));
  return { path, body, br, gzip, etag: etagOf(body), contentType, freshness, builtAt };
}

/**
 * A body's brotli and gzip variants. A compressor that moved the body's memory to another thread
 * hands it back as `body` (the caller's Buffer is then empty), and gives `sha256` (base64url) if
 * it hashed the body too.
 */
export interface Compressed {
  br: Buffer;
  gzip: Buffer;
  body?: Buffer;
  sha256?: string;
}

/** Produces a body's brotli and gzip variants. Injectable so tests can count what is compressed. */
export interface Compressor {
  /** May take the body's memory: use the result's `body` when it has one. */
  compress(body: Buffer): Promise<Compressed>;
}

/**
 * Compresses and hashes on worker threads (compress-pool.ts), so several documents compress at
 * once and the event loop (the HTTP server in the same process) stays free. The workers call
 * zlib's sync functions with the same options as the sync path, hence the same bytes. Measured on
 * the 1,002 application documents of bench:apps (132 MB), against zlib's async functions on
 * libuv's pool: 9.1 -> 6.5 CPU-s for the set, main thread 2.0-2.6 -> 1.4 s (docs/http.md).
 */
export const threadPoolCompressor: Compressor = {
  compress(body) {
    return compressInPool({ body, brotli: brotliOptions(body), gzip: gzipOptions(body) });
  },
};

export interface BuildSetOptions {
  /**
   * The set served until now. A document whose body is byte-identical to its entry there keeps
   * that entry's compressed variants and ETag: most documents (daily ones, past days' exports)
   * do not change from one hourly build to the next, and compressing them again is most of a
   * build's document time.
   */
  previous?: DocumentSet | null;
  compressor?: Compressor;
  /**
   * Bodies of at least this many bytes get no compressed variants at build time: they are made
   * when first read (lazy-variants.ts), at most `variantBudgetBytes` of them kept for the set.
   * Absent: every document is compressed here (exports, one-shot builds).
   */
  lazyAbove?: number;
  /** The lazy variants one set keeps, in bytes (default DEFAULT_VARIANT_BUDGET). */
  variantBudgetBytes?: number;
}

/**
 * What a set keeps of its lazily made variants by default: 256 MiB, the compressed variants of
 * every application detail of 1,000 projects at a year of history (about 1.5 MB of JSON each,
 * 10 % of it compressed, two encodings) many times over; beyond it the least recently read are
 * made again when asked.
 */
export const DEFAULT_VARIANT_BUDGET = 256 * 1024 * 1024;

/** A lazy document's entry: `br` and `gzip` are read through its LazyVariants. */
function lazyEntry(common: Omit<DocumentEntry, 'br' | 'gzip' | 'etag' | 'lazy'>, etag: string, lazy: LazyVariants): DocumentEntry {
  return {
    ...common,
    etag,
    lazy,
    get br(): Buffer {
      return lazy.sync('br');
    },
    get gzip(): Buffer {
      return lazy.sync('gzip');
    },
  };
}

/**
 * An entry for bytes made after the build (the server's answers to the flat exports' queries):
 * hashed now, its variants made on first use and kept in `budget`, with the build's options, so
 * the same bytes give the same ETags and variants as a document of the set.
 */
export function lazyEntryOfBody(path: string, body: Buffer, contentType: string, freshness: Freshness, builtAt: number, budget: VariantBudget): DocumentEntry {
  const lazy = new LazyVariants(path, body, { brotli: brotliOptions(body), gzip: gzipOptions(body) }, budget);
  return lazyEntry({ path, body, contentType, freshness, builtAt }, etagOf(body), lazy);
}

/**
 * Documents compressed at once: two per core keep every compression worker busy while this thread
 * serializes the next, also when a loaded machine is slow to hand results back; a queued document
 * holds only its body (a worker makes one document's encoders at a time). Started all at once on
 * libuv's pool (the compressor before the workers), the 1,002 documents of the scale scenario each
 * held a brotli encoder's tables while waiting: about 1 GB more resident memory and 1.5 times the CPU.
 */
export const IN_FLIGHT = Math.max(4, 2 * availableParallelism());

/**
 * buildDocumentSet's asynchronous form, for rebuilds: serializes every document, reuses the
 * previous set's compressed bytes and ETag where the body bytes are equal, and compresses the
 * rest on worker threads, IN_FLIGHT documents at a time. The result is byte-for-byte what
 * buildDocumentSet gives for the same inputs (only entries' identity differs), so it is also
 * right without a previous set.
 */
export async function buildDocumentSetAsync(inputs: Iterable<DocumentInput>, builtAt: number, opts: BuildSetOptions = {}): Promise<DocumentSet> {
  const compressor = opts.compressor ?? threadPoolCompressor;
  const previous = opts.previous?.entries;
  const lazyAbove = opts.lazyAbove ?? Infinity;
  const budget = new VariantBudget(opts.variantBudgetBytes ?? DEFAULT_VARIANT_BUDGET);
  // Paths are checked first: a bad path throws before any work is queued. Then each worker
  // serializes its next document on this thread while the pool compresses the others'; a
  // document that fails to serialize (a non-finite number) or to compress stops every worker from
  // taking more, and throws once the compressions already started have settled.
  const list = [...inputs];
  const paths = new Map<string, true>();
  for (const input of list) {
    checkPath(input.path, paths);
    paths.set(input.path, true);
  }
  const entry = async (input: DocumentInput, body: Buffer): Promise<DocumentEntry> => {
    const common = { path: input.path, body, contentType: MEDIA_TYPES[mediaTypeOf(input)], freshness: input.freshness, builtAt };
    const before = previous?.get(input.path);
    // The bytes themselves decide, not a flag or the builder's word: equal bodies compress to
    // equal bytes and hash to the same ETag. builtAt (Last-Modified) is this build's, as before.
    const same = before !== undefined && before.body.equals(body);
    if (body.length >= lazyAbove) {
      const lazy = new LazyVariants(input.path, body, { brotli: brotliOptions(body), gzip: gzipOptions(body) }, budget);
      if (same) {
        // What the previous set made (all of it, if it compressed at build time) stays made.
        for (const enc of ['br', 'gzip'] as const) {
          const made = before.lazy ? before.lazy.peek(enc) : before[enc];
          if (made) lazy.adopt(enc, made);
        }
      }
      return lazyEntry(common, same ? before.etag : etagOf(body), lazy);
    }
    // (A previous entry made lazily under another threshold is compressed again, below.)
    if (same && !before.lazy) return { ...common, br: before.br, gzip: before.gzip, etag: before.etag };
    let out: Compressed;
    try {
      out = await compressor.compress(body);
    } catch (err) {
      throw new Error(`compressing ${input.path}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    // A compressor that moved the body to another thread gives it back; the ETag is the
    // compressor's hash if it made one.
    const own = out.body ?? body;
    return { ...common, body: own, br: out.br, gzip: out.gzip, etag: out.sha256 !== undefined ? etagOfSha256(out.sha256) : etagOf(own) };
  };
  const built = new Array<DocumentEntry>(list.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < list.length) {
      const i = next++;
      try {
        built[i] = await entry(list[i]!, serialize(list[i]!));
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await settleAll(Array.from({ length: Math.min(IN_FLIGHT, list.length) }, worker));
  return { builtAt, entries: new Map(built.map((e) => [e.path, e])), ...(opts.lazyAbove !== undefined ? { variants: budget } : {}) };
}

// Checked in a walk of its own (recursive: documents nest a few levels), then serialized without a replacer: a replacer function is called
// back for every key and value (index keys made into strings), about 1.6 times the time of this
// walk plus a plain JSON.stringify, which gives the same text.
export function checkedJsonText(json: unknown, path: string): string {
  checkValue(json, path);
  return JSON.stringify(json);
}

// Numbers are checked where they are met instead of going through a stack: most of a document's
// values are numbers in rows, and pushing and popping each was most of the walk's time.
function checkValue(v: unknown, path: string): void {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`non-finite number in ${path}`);
  } else if (typeof v === 'bigint') throw new Error(`bigint in ${path}: convert before building documents`);
  else if (v !== null && typeof v === 'object') {
    const values = Array.isArray(v) ? (v as unknown[]) : Object.values(v);
    for (let i = 0; i < values.length; i++) {
      const x = values[i];
      if (typeof x === 'number') {
        if (!Number.isFinite(x)) throw new Error(`non-finite number in ${path}`);
      } else if (x !== null && (typeof x === 'object' || typeof x === 'bigint')) checkValue(x, path);
    }
  }
}
