// The answers to incremental pulls (row-query.ts): a flat export's published rows, filtered, with
// their own bytes, ETag and compressed variants. Made from the served set, never from the store:
// the selected rows' bytes are copied from the set's own JSON or CSV document (row-index.ts finds
// them; a document it cannot index is parsed and its rows serialized again), so a filtered answer
// can only hold what the unfiltered document holds.
//
// Kept in bounded memory, because every distinct query is a distinct answer and a client can ask
// for as many as it likes: at most `maxBytes` in all. A quarter of it holds the answers' brotli
// and gzip variants (made on first request, off the event loop, and dropped oldest first: the
// set's own VariantBudget mechanism, lazy-variants.ts), the rest their bodies, least recently
// used dropped first. An answer larger than the bodies' share is served and not kept. A new set
// drops every answer of the old one.
import { lazyEntryOfBody, type DocumentSet } from '../documents/document-set.js';
import { AGGREGATE_ORIGINS, csvTable, type ExportRow } from '../documents/flat-exports/export-rows.js';
import { csvText } from '../documents/csv.js';
import { VariantBudget, type LazyVariants } from '../documents/lazy-variants.js';
import { RowIndex } from './row-index.js';
import { prepareDocument, type PreparedDocument, type PrepareOptions } from './prepared-set.js';
import { rowQueryKey, type RowQuery } from './row-query.js';

const MASTER_PATH = '/v1/master.json';

interface Kept {
  doc: PreparedDocument;
  bytes: number;
  /** Its variants, released from the budget when the answer is dropped. */
  lazy: LazyVariants;
}

export class RowQueryAnswers {
  readonly #bodies = new Map<string, Kept>();
  #bodyBytes = 0;
  readonly #bodyBudget: number;
  readonly #variants: VariantBudget;
  #set: DocumentSet | null = null;
  #chains: ReadonlySet<string> = new Set();
  /** The current set's row indexes by JSON path (null: not indexable), made on first pull. */
  readonly #indexes = new Map<string, RowIndex | null>();
  /** Answers made (new bytes, not the published ones) since the server started. */
  made = 0;
  /** Pulls answered from a kept answer, and pulls whose rows had to be selected, since start (/metrics). */
  hits = 0;
  misses = 0;

  constructor(
    readonly maxBytes: number,
    private readonly prep: PrepareOptions,
  ) {
    this.#variants = new VariantBudget(Math.floor(maxBytes / 4));
    this.#bodyBudget = maxBytes - this.#variants.maxBytes;
  }

  /** Bytes held now: the kept bodies and their kept variants. Never above maxBytes. */
  heldBytes(): number {
    return this.#bodyBytes + this.#variants.held();
  }

  /** Answers kept now. */
  get size(): number {
    return this.#bodies.size;
  }

  /** The origin_keys a pull of `set` may name: the chains of its master.json, without the aggregates. */
  chainsOf(set: DocumentSet): ReadonlySet<string> {
    this.#follow(set);
    return this.#chains;
  }

  /**
   * The answer to `query` on the document at `path` of `set` (its published answer, prepared, is
   * `published`), or null when the set has no JSON rows for it.
   */
  answer(set: DocumentSet, path: string, query: RowQuery, published: PreparedDocument): PreparedDocument | null {
    this.#follow(set);
    const key = rowQueryKey(path, query);
    const kept = this.#bodies.get(key);
    if (kept !== undefined) {
      this.hits++;
      this.#bodies.delete(key);
      this.#bodies.set(key, kept);
      return kept.doc;
    }
    const source = set.entries.get(path.replace(/\.csv$/, '.json'));
    const entry = set.entries.get(path);
    if (source === undefined || entry === undefined) return null;
    this.misses++;
    const body = this.#select(source.body, entry.body, path, query);
    if (body.equals(entry.body)) return published;
    this.made++;
    const keep = body.length <= this.#bodyBudget;
    // An answer not kept gets a budget of its own, which goes with it: nothing kept here refers
    // to its body once it is sent.
    const budget = keep ? this.#variants : new VariantBudget(0);
    const made = lazyEntryOfBody(path, body, entry.contentType, entry.freshness, set.builtAt, budget);
    const doc = prepareDocument(made, this.prep, { route: published.route });
    if (keep) {
      this.#bodies.set(key, { doc, bytes: body.length, lazy: made.lazy! });
      this.#bodyBytes += body.length;
      for (const [k, v] of this.#bodies) {
        if (this.#bodyBytes <= this.#bodyBudget) break;
        this.#drop(k, v);
      }
    }
    return doc;
  }

  /** The bytes of `query`'s rows of `path`, whose JSON document is `json` and own body `own`. */
  #select(json: Buffer, own: Buffer, path: string, query: RowQuery): Buffer {
    const jsonPath = path.replace(/\.csv$/, '.json');
    let index = this.#indexes.get(jsonPath);
    if (index === undefined) {
      index = RowIndex.ofJson(json);
      this.#indexes.set(jsonPath, index);
    }
    const csv = path.endsWith('.csv');
    const copied = index === null ? null : csv ? index.csv(own, query.since, query.chains) : index.json(json, query.since, query.chains);
    if (copied !== null) return copied;
    // Not indexable: the rows parsed and serialized as the set serializes them.
    const chains = query.chains === null ? null : new Set(query.chains);
    const since = query.since;
    const rows = (JSON.parse(json.toString('utf8')) as ExportRow[]).filter(
      (r) => (since === null || r.date >= since) && (chains === null || chains.has(r.origin_key)),
    );
    return Buffer.from(csv ? csvText(csvTable(rows), path) : JSON.stringify(rows), 'utf8');
  }

  /** Memory of the current set's row indexes, in bytes: bounded by the set's own rows. */
  indexBytes(): number {
    let bytes = 0;
    for (const index of this.#indexes.values()) bytes += index?.bytes ?? 0;
    return bytes;
  }

  #drop(key: string, kept: Kept): void {
    this.#bodies.delete(key);
    this.#bodyBytes -= kept.bytes;
    this.#variants.release(kept.lazy);
  }

  /** A new set: the old one's answers go, and its chains are read. */
  #follow(set: DocumentSet): void {
    if (set === this.#set) return;
    for (const [k, v] of this.#bodies) this.#drop(k, v);
    this.#indexes.clear();
    this.#set = set;
    this.#chains = masterChains(set);
  }
}

function masterChains(set: DocumentSet): ReadonlySet<string> {
  const master = set.entries.get(MASTER_PATH);
  if (master === undefined) return new Set();
  const chains = (JSON.parse(master.body.toString('utf8')) as { chains?: Record<string, unknown> }).chains ?? {};
  return new Set(Object.keys(chains).filter((k) => !AGGREGATE_ORIGINS.has(k)));
}
