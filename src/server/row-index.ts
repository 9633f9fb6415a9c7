// Where each row of a published flat export lies in the document's bytes, so that an incremental
// pull (row-query.ts) copies the selected rows' bytes instead of parsing the whole document again.
//
// Why: a pull that misses the answer cache used to parse the document (tens of megabytes for
// fundamentals_full.json over years of history) on the event loop, and every distinct selection
// is a miss, so a client could make the server parse it as often as it liked. Now the document is
// parsed once per published set (when it is first pulled), and a pull costs one pass over small
// typed arrays plus a copy of the bytes it returns.
//
// The bytes copied are the published ones: the JSON document is `JSON.stringify(rows)`, in which
// every row is written as `JSON.stringify(row)` and rows are joined by commas, and the CSV document
// has one CRLF-terminated line per row after its header. So a selection written this way equals
// the selected rows serialized afresh. Both facts are checked while the index is made; a document
// that does not satisfy them gets no index, and its pulls parse it as before.

const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const ORIGIN_KEY = Buffer.from('"origin_key":"');
const DATE = Buffer.from('"date":"');
const CHAIN_RE = /^[a-z0-9_.-]{1,64}$/;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const CRLF = Buffer.from('\r\n');
const OPEN_BYTES = Buffer.from('[');
const COMMA_BYTES = Buffer.from(',');
const CLOSE_BYTES = Buffer.from(']');
const DAY_MS = 86_400_000;

/** The rows of `query` as offsets: runs of consecutive selected rows, [first, last] inclusive. */
type Runs = number[];

export class RowIndex {
  private constructor(
    /** Each row's day, as days since 1970-01-01. */
    private readonly days: Int32Array,
    /** Each row's chain, as an index into `chains`. */
    private readonly chainOf: Uint16Array,
    private readonly chains: readonly string[],
    /** Where row i's JSON object starts; entry n is the closing bracket's offset + 1. */
    private readonly jsonStarts: Uint32Array,
  ) {}

  /** The CSV document's line starts, found on its first pull (the same set's CSV bytes). */
  #csvLines: { csv: Buffer; starts: Uint32Array | null } | null = null;

  /** Rows indexed. */
  get length(): number {
    return this.days.length;
  }

  /** Memory the index holds, in bytes (its typed arrays). */
  get bytes(): number {
    return this.days.byteLength + this.chainOf.byteLength + this.jsonStarts.byteLength + (this.#csvLines?.starts?.byteLength ?? 0);
  }

  /**
   * The index of a JSON flat export's bytes, or null when they are not rows written as expected.
   * Found by scanning the bytes, not by parsing them (a third of the time, and no objects made):
   * each row is a flat object whose strings are identifiers and days, so its first `}` closes
   * it, and the byte sequences `"origin_key":"` and `"date":"` cannot occur inside a JSON string
   * (a quote there is escaped). Anything else found makes the document not indexable.
   */
  static ofJson(body: Buffer): RowIndex | null {
    const last = body.length - 1;
    if (last < 1 || body[0] !== OPEN_ARRAY || body[last] !== CLOSE_ARRAY) return null;
    const starts: number[] = [];
    const dayList: number[] = [];
    const chainList: number[] = [];
    const chainIds = new Map<string, number>();
    const dayOf = new Map<string, number>();
    let at = 1;
    while (at < last) {
      if (body[at] !== OPEN_OBJECT) return null;
      const end = body.indexOf(CLOSE_OBJECT, at);
      if (end < 0 || !(body[end + 1] === CLOSE_ARRAY ? end + 1 === last : body[end + 1] === COMMA && body[end + 2] === OPEN_OBJECT)) return null;
      const chain = stringAfter(body, ORIGIN_KEY, at, end);
      const date = stringAfter(body, DATE, at, end);
      if (chain === null || date === null || !CHAIN_RE.test(chain)) return null;
      let day = dayOf.get(date);
      if (day === undefined) {
        if (!DAY_RE.test(date)) return null;
        day = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
        if (!Number.isFinite(day)) return null;
        dayOf.set(date, day);
      }
      let id = chainIds.get(chain);
      if (id === undefined) {
        if (chainIds.size > 0xffff) return null;
        id = chainIds.size;
        chainIds.set(chain, id);
      }
      starts.push(at);
      dayList.push(day);
      chainList.push(id);
      at = end + 2; // past the '}' and the ',' (or ']') after it
    }
    const jsonStarts = new Uint32Array(starts.length + 1);
    jsonStarts.set(starts);
    jsonStarts[starts.length] = starts.length === 0 ? 1 : last + 1;
    return new RowIndex(Int32Array.from(dayList), Uint16Array.from(chainList), [...chainIds.keys()], jsonStarts);
  }

  /** Runs of the rows dated `since` or later (null: all) of `chains` (null: every chain). */
  #select(since: string | null, chains: readonly string[] | null): Runs {
    const from = since === null ? -Infinity : Math.floor(Date.parse(`${since}T00:00:00Z`) / DAY_MS);
    const wanted = new Uint8Array(this.chains.length).fill(chains === null ? 1 : 0);
    if (chains !== null) {
      const named = new Set(chains);
      this.chains.forEach((c, i) => {
        if (named.has(c)) wanted[i] = 1;
      });
    }
    const runs: Runs = [];
    let open = -1;
    for (let i = 0; i < this.days.length; i++) {
      const keep = this.days[i]! >= from && wanted[this.chainOf[i]!] === 1;
      if (keep && open < 0) open = i;
      if (!keep && open >= 0) {
        runs.push(open, i - 1);
        open = -1;
      }
    }
    if (open >= 0) runs.push(open, this.days.length - 1);
    return runs;
  }

  /** The JSON answer: the selected rows of `body` (the document this index was made of). */
  json(body: Buffer, since: string | null, chains: readonly string[] | null): Buffer {
    const runs = this.#select(since, chains);
    const parts: Buffer[] = [OPEN_BYTES];
    for (let r = 0; r < runs.length; r += 2) {
      if (r > 0) parts.push(COMMA_BYTES);
      // From the first row's '{' to the last row's '}' (the byte before its comma or ']').
      parts.push(body.subarray(this.jsonStarts[runs[r]!]!, this.jsonStarts[runs[r + 1]! + 1]! - 1));
    }
    parts.push(CLOSE_BYTES);
    return Buffer.concat(parts);
  }

  /**
   * The CSV answer from the CSV document `csv` of the same rows, or null when its lines are not
   * one per row after a header (a field with a line break would make them so; none does today).
   */
  csv(csv: Buffer, since: string | null, chains: readonly string[] | null): Buffer | null {
    if (this.#csvLines?.csv !== csv) this.#csvLines = { csv, starts: csvLineStarts(csv, this.length) };
    const lineStarts = this.#csvLines.starts;
    if (lineStarts === null) return null;
    const runs = this.#select(since, chains);
    const parts: Buffer[] = [csv.subarray(0, lineStarts[0])];
    for (let r = 0; r < runs.length; r += 2) parts.push(csv.subarray(lineStarts[runs[r]!]!, lineStarts[runs[r + 1]! + 1]!));
    return Buffer.concat(parts);
  }
}

/** The string value of the key written as `key` (`"name":"`) within [from, to), or null. */
function stringAfter(body: Buffer, key: Buffer, from: number, to: number): string | null {
  const k = body.indexOf(key, from);
  if (k < 0 || k > to) return null;
  const q = body.indexOf(QUOTE, k + key.length);
  return q < 0 || q > to ? null : body.toString('latin1', k + key.length, q);
}

/** Where each of `rows` lines after the header starts (entry `rows` is the end), or null. */
function csvLineStarts(csv: Buffer, rows: number): Uint32Array | null {
  const starts = new Uint32Array(rows + 1);
  let at = csv.indexOf(CRLF);
  for (let i = 0; i <= rows; i++) {
    if (at < 0) return null;
    starts[i] = at + 2;
    if (i < rows) at = csv.indexOf(CRLF, at + 2);
  }
  return starts[rows] === csv.length ? starts : null;
}
