// Reading an HTTP answer with a byte cap, for every client that reads one (JSON-RPC nodes, the
// price and market API, the external series API, label URLs). A faulty or hostile server may
// announce or stream any amount, and reading it whole holds all of it in memory: a node that
// answered `Content-Length: 4294967296` and streamed made the service read 1 GB per attempt
// (issue 23). Here an announced length above the cap is refused before a byte is read, and the
// stream is given up as soon as the bytes read pass the cap, so what one request holds stays
// under the cap plus one chunk. `abort` must close the connection (the request's
// AbortController: undici and fetch then destroy the socket), since a connection whose body was
// left unread cannot be reused anyway. It lives under rpc/ because sources may import rpc
// (as they do backoff.ts), and rpc imports no stage.

export const MIB = 1024 * 1024;

/** Of an error page only the start is quoted (200 characters at most): more is never read. */
export const ERROR_PAGE_BYTES = 64 * 1024;

/** The answer was, or announced that it would be, larger than the cap. */
export class AnswerTooLargeError extends Error {
  constructor(
    readonly cap: number,
    /** Bytes read before giving up (0 when refused on Content-Length). */
    readonly received: number,
    /** The Content-Length the server announced, when it announced one. */
    readonly announced: number | null,
  ) {
    super(`answer larger than ${formatBytes(cap)} (${overflow(announced, received)})`);
    this.name = 'AnswerTooLargeError';
  }

  /**
   * The one wording every client uses: who sent it (a name without URL secrets), the cap
   * (`capText`, e.g. "1 MiB, the cap for eth_chainId"), what showed it, and the setting to raise.
   */
  explain(from: string, key: string, capText = formatBytes(this.cap)): string {
    return `answer from ${from} larger than ${capText} (${overflow(this.announced, this.received)}); the server is faulty, or its answers need more than ${key} allows: raise it (docs/configuration.md)`;
  }
}

/** "Content-Length 4294967296" or "1048577 bytes read": what showed the answer too large. */
function overflow(announced: number | null, received: number): string {
  return received === 0 && announced !== null ? `Content-Length ${announced}` : `${received} bytes read`;
}

/** 1 MiB, 64 MiB, 1.5 MiB, 512 KiB: how messages state a cap. */
export function formatBytes(n: number): string {
  if (n >= MIB) return `${Number((n / MIB).toFixed(1))} MiB`;
  return n >= 1024 ? `${Number((n / 1024).toFixed(1))} KiB` : `${n} bytes`;
}

/** A Content-Length header's value as a number, or null when absent or not one plain number. */
export function announcedLength(value: string | readonly string[] | null | undefined): number | null {
  const v = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  return typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : null;
}

export interface CappedRead {
  /** Most bytes the body may have. */
  cap: number;
  /** The response's Content-Length (announcedLength), or null. */
  announced: number | null;
  /** Closes the request; called before the error is thrown. */
  abort: () => void;
}

/** The whole body, or AnswerTooLargeError as soon as it is known to be larger than `cap`. */
export async function readCappedBody(body: AsyncIterable<Uint8Array>, { cap, announced, abort }: CappedRead): Promise<Buffer> {
  if (announced !== null && announced > cap) {
    abort();
    throw new AnswerTooLargeError(cap, 0, announced);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Throwing inside the loop also ends the iteration, which cancels the stream.
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > cap) {
      abort();
      throw new AnswerTooLargeError(cap, size, announced);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
