// ClickHouse's RowBinary input format (https://clickhouse.com/docs/interfaces/formats/RowBinary):
// each row's values one after the other, little-endian, strings as a LEB128 length and their
// UTF-8 bytes, Nullable as a 0/1 byte before the value. The server reads it without parsing text,
// which JSONEachRow objects (every key, every number as text) cost it for every row, and
// building it costs this process less than JSON.stringify of an object per row.
//
// Written into zero-filled chunks, so a UInt256 whose upper words are 0 (nearly every wei amount)
// writes only its low bytes. Values are checked as they are written: RowBinary has no column
// names or types, so a wrong value would otherwise be stored as garbage instead of refused.

/** The first chunk is small (a checkpoint row needs a few bytes); each next one doubles, to 4 MB. */
const FIRST_CHUNK = 1 << 16;
const LARGEST_CHUNK = 1 << 22;
const TWO_32 = 4_294_967_296;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const WORD = 0xffff_ffffn;
const UINT256_END = 1n << 256n;

/**
 * A 32-bit word (0 … 2^32-1) little-endian at `at`, by plain byte stores: Buffer#writeUInt32LE
 * checks its arguments on every call, which costs more than the stores in a loop of millions.
 */
function word(buf: Buffer, at: number, x: number): void {
  buf[at] = x;
  buf[at + 1] = x >>> 8;
  buf[at + 2] = x >>> 16;
  buf[at + 3] = x >>> 24;
}

export class RowBinaryWriter {
  private readonly done: Buffer[] = [];
  private buf = Buffer.alloc(FIRST_CHUNK);
  private pos = 0;

  /** Room for `n` more bytes in the current (zero-filled) chunk. */
  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    if (this.pos > 0) this.done.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.alloc(Math.max(Math.min(this.buf.length * 2, LARGEST_CHUNK), n));
    this.pos = 0;
  }

  string(v: string, column: string): void {
    if (typeof v !== 'string') throw new TypeError(`${column}: expected a string, got ${v === null ? 'null' : typeof v}`);
    const len = v.length;
    // ASCII (hashes, addresses, chain keys) byte by byte: Buffer#write costs more per call than
    // a whole 66-character hash takes this way. Anything else goes through Buffer#write.
    if (len < 0x80) {
      this.room(len + 1);
      const buf = this.buf;
      const start = this.pos;
      let i = 0;
      for (; i < len; i++) {
        const ch = v.charCodeAt(i);
        if (ch >= 0x80) break;
        buf[start + 1 + i] = ch;
      }
      if (i === len) {
        buf[start] = len;
        this.pos = start + 1 + len;
        return;
      }
    }
    this.utf8(v);
  }

  /** A string's UTF-8 bytes after their LEB128 length. */
  private utf8(v: string): void {
    const bytes = Buffer.byteLength(v, 'utf8');
    this.room(bytes + 5);
    let n = bytes;
    while (n >= 0x80) {
      this.buf[this.pos++] = (n & 0x7f) | 0x80;
      n = Math.floor(n / 128);
    }
    this.buf[this.pos++] = n;
    this.pos += this.buf.write(v, this.pos, bytes, 'utf8');
  }

  nullableString(v: string | null, column: string): void {
    if (v === null) return this.nullFlag(true);
    this.nullFlag(false);
    this.string(v, column);
  }

  private nullFlag(isNull: boolean): void {
    this.room(1);
    this.buf[this.pos++] = isNull ? 1 : 0;
  }

  /** Int64 or UInt64 of a safe integer (UInt64 refuses negatives). */
  int64(v: number, column: string, unsigned = false): void {
    if (!Number.isSafeInteger(v) || (unsigned && v < 0)) throw new RangeError(`${column}: ${v} is not ${unsigned ? 'a non-negative' : 'an'} integer`);
    this.room(8);
    // Two 32-bit halves, exact for every safe integer (the high half signed for negatives).
    word(this.buf, this.pos, v >>> 0);
    word(this.buf, this.pos + 4, Math.floor(v / TWO_32) >>> 0);
    this.pos += 8;
  }

  int32(v: number, column: string): void {
    if (!Number.isInteger(v) || v < -2_147_483_648 || v > 2_147_483_647) throw new RangeError(`${column}: ${v} is not an Int32`);
    this.room(4);
    word(this.buf, this.pos, v >>> 0);
    this.pos += 4;
  }

  uint8(v: number, column: string): void {
    if (!Number.isInteger(v) || v < 0 || v > 255) throw new RangeError(`${column}: ${v} is not a UInt8`);
    this.room(1);
    this.buf[this.pos++] = v;
  }

  bool(v: boolean, column: string): void {
    if (typeof v !== 'boolean') throw new TypeError(`${column}: expected a boolean, got ${v === null ? 'null' : typeof v}`);
    this.room(1);
    this.buf[this.pos++] = v ? 1 : 0;
  }

  /** UInt256 of a bigint, exact: never through a double beyond 2^53. */
  uint256(v: bigint, column: string): void {
    this.room(32);
    const at = this.pos;
    // Nearly every amount is below 2^53: exact as a Number, written as two 32-bit words (the
    // other 24 bytes are the chunk's zeros).
    if (typeof v === 'bigint' && v >= 0n && v <= MAX_SAFE) {
      const x = Number(v);
      if (x !== 0) {
        word(this.buf, at, x >>> 0);
        word(this.buf, at + 4, Math.floor(x / TWO_32));
      }
      this.pos = at + 32;
      return;
    }
    if (typeof v !== 'bigint' || v < 0n || v >= UINT256_END) throw new RangeError(`${column}: ${String(v)} is not a UInt256`);
    let rest = v;
    for (let o = at; rest > 0n; o += 4, rest >>= 32n) word(this.buf, o, Number(rest & WORD));
    this.pos = at + 32;
  }

  nullableUint256(v: bigint | null, column: string): void {
    if (v === null) return this.nullFlag(true);
    this.nullFlag(false);
    this.uint256(v, column);
  }

  /** Everything written, as the chunks to send one after the other (no copy into one buffer). */
  finish(): Buffer[] {
    return this.pos > 0 ? [...this.done, this.buf.subarray(0, this.pos)] : [...this.done];
  }
}
