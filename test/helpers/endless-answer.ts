// A real HTTP server on an ephemeral loopback port whose every answer never ends (issue 23: a
// node announcing `Content-Length: 4294967296` and streaming). It writes as fast as the client
// takes bytes (waiting for 'drain', so what it counts left the process or sits in the kernel's
// socket buffers), counts what it wrote to each response, notes when the client hung up, and
// samples this process's RSS at every 'drain': the tests run client and server in one process,
// so the highest sample is the peak while the client was reading.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EndlessAnswer {
  url: string;
  /** Bytes written to each response, in arrival order (still growing while it is open). */
  readonly written: number[];
  /** The bytes written to response `i` once the client has closed it. */
  closed(i: number): Promise<number>;
  /** Highest RSS sampled while writing, bytes. */
  peakRss(): number;
  close(): Promise<void>;
}

export interface EndlessOptions {
  /** The Content-Length announced; null: none (chunked). Default 4 GiB. */
  announce?: number | null;
  /** Default 200. */
  status?: number;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x20); // JSON whitespace: never a complete answer

export async function startEndlessAnswer(opts: EndlessOptions = {}): Promise<EndlessAnswer> {
  const announce = opts.announce === undefined ? 4 * 1024 ** 3 : opts.announce;
  const written: number[] = [];
  const ends: Array<Promise<number>> = [];
  let peak = process.memoryUsage.rss();
  const server = createServer((req, res) => {
    req.resume();
    const i = written.push(0) - 1;
    ends[i] = new Promise<number>((resolve) => res.once('close', () => resolve(written[i]!)));
    res.writeHead(opts.status ?? 200, { 'content-type': 'application/json', ...(announce === null ? {} : { 'content-length': String(announce) }) });
    pump(res, i);
  });
  function pump(res: ServerResponse, i: number): void {
    while (!res.destroyed) {
      written[i]! += CHUNK.length;
      if (!res.write(CHUNK)) {
        peak = Math.max(peak, process.memoryUsage.rss());
        res.once('drain', () => pump(res, i));
        return;
      }
    }
  }
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    written,
    closed: (i) => ends[i] ?? Promise.reject(new Error(`no request ${i} arrived`)),
    peakRss: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
