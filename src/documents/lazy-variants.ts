// Brotli and gzip variants made on first use, for the largest documents of a set built with
// `lazyAbove` (document-set.ts). Made at every build, their compression cost what the documents
// hold, not what changed: an application detail carries its whole daily history and changes
// every hour (docs/scale.md, "What grows with the history"). Made when a client first asks for
// an encoding, they cost what clients read.
//
// The bytes are those the build would have made: the same zlib functions with the same options
// (document-set.ts's brotliOptions and gzipOptions), so the variant's ETag, made from the
// identity ETag (server/prepared-set.ts), needs no compression and 304s need none either. What a
// set made is kept in that set's VariantBudget, at most its byte budget: beyond it the variants
// used longest ago are dropped and made again when asked (the same bytes).
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type CompressedEncoding = 'br' | 'gzip';

/** Compressed variants kept for the lazy documents of one set, at most `maxBytes` together. */
export class VariantBudget {
  private readonly lru = new Map<string, { owner: LazyVariants; encoding: CompressedEncoding; bytes: number }>();
  private total = 0;
  /** Variants made since the budget was made (tests and the bench read them). */
  made = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held now. */
  held(): number {
    return this.total;
  }

  /**
   * Forgets what `owner` holds here: its variants stop counting and the budget no longer refers
   * to it (nor, through it, to its body), so an owner its holder dropped is garbage at once.
   */
  release(owner: LazyVariants): void {
    owner.released = true;
    for (const encoding of ['br', 'gzip'] as const) {
      const key = `${encoding} ${owner.path}`;
      const kept = this.lru.get(key);
      if (kept?.owner !== owner) continue;
      this.lru.delete(key);
      this.total -= kept.bytes;
      owner.drop(encoding);
    }
  }

  /** Marks a variant used (most recently); keeps it, dropping the oldest beyond the budget. */
  keep(owner: LazyVariants, encoding: CompressedEncoding, bytes: number): void {
    const key = `${encoding} ${owner.path}`;
    const old = this.lru.get(key);
    if (old) {
      this.lru.delete(key);
      this.total -= old.bytes;
    }
    // A variant larger than the whole budget is answered and not kept (nor does it push the
    // others out), so the budget is a bound.
    if (bytes > this.maxBytes) {
      owner.drop(encoding);
      return;
    }
    this.lru.set(key, { owner, encoding, bytes });
    this.total += bytes;
    for (const [k, v] of this.lru) {
      if (this.total <= this.maxBytes || k === key) break;
      this.lru.delete(k);
      this.total -= v.bytes;
      v.owner.drop(v.encoding);
    }
  }
}

/** One document's variants, made on first use and kept in its set's budget. */
export class LazyVariants {
  private readonly made: Partial<Record<CompressedEncoding, Buffer>> = {};
  private readonly pending: Partial<Record<CompressedEncoding, Promise<Buffer>>> = {};
  /** Set by VariantBudget.release: a compression still running then is answered but not kept. */
  released = false;

  constructor(
    readonly path: string,
    private readonly body: Buffer,
    private readonly options: { brotli: BrotliOptions; gzip: ZlibOptions },
    private readonly budget: VariantBudget,
  ) {}

  /** The variant if it is kept now (no compression). */
  peek(encoding: CompressedEncoding): Buffer | undefined {
    return this.made[encoding];
  }

  /** Takes a variant made for an equal body (the previous set's), as if made here. */
  adopt(encoding: CompressedEncoding, bytes: Buffer): void {
    this.keep(encoding, bytes);
  }

  /** The variant, compressed on this thread if it is not kept (an export, a test). */
  sync(encoding: CompressedEncoding): Buffer {
    const kept = this.made[encoding];
    if (kept) {
      this.budget.keep(this, encoding, kept.length);
      return kept;
    }
    const bytes = encoding === 'br' ? brotliCompressSync(this.body, this.options.brotli) : gzipSync(this.body, this.options.gzip);
    this.budget.made++;
    return this.keep(encoding, bytes);
  }

  /** The variant, compressed on libuv's thread pool if it is not kept; requests at once share one compression. */
  load(encoding: CompressedEncoding): Promise<Buffer> {
    const kept = this.made[encoding];
    if (kept) {
      this.budget.keep(this, encoding, kept.length);
      return Promise.resolve(kept);
    }
    let p = this.pending[encoding];
    if (!p) {
      p = (encoding === 'br' ? brotliAsync(this.body, this.options.brotli) : gzipAsync(this.body, this.options.gzip)).then(
        (bytes) => {
          delete this.pending[encoding];
          this.budget.made++;
          return this.keep(encoding, bytes);
        },
        (err: unknown) => {
          delete this.pending[encoding];
          throw err;
        },
      );
      this.pending[encoding] = p;
    }
    return p;
  }

  /** Called by the budget when it drops the variant. */
  drop(encoding: CompressedEncoding): void {
    delete this.made[encoding];
  }

  private keep(encoding: CompressedEncoding, bytes: Buffer): Buffer {
    if (this.released) return bytes;
    this.made[encoding] = bytes;
    this.budget.keep(this, encoding, bytes.length);
    return bytes;
  }
}
