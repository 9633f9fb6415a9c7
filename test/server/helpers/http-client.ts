// Minimal HTTP helpers for the server tests: real sockets, no connection reuse surprises
// (agent: false), raw access to status, headers and bytes.
import http from 'node:http';
import net from 'node:net';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function request(
  baseUrl: string,
  path: string,
  /** localAddress: the client's own address (any of 127.0.0.0/8 reaches a loopback server on Linux). */
  init: { method?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<Reply> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: init.method ?? 'GET', path, headers: init.headers, agent: false, localAddress: init.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export function json(reply: Reply): unknown {
  return JSON.parse(reply.body.toString('utf8'));
}

/**
 * Writes `raw` bytes to the server and collects everything until the server closes the
 * connection. No timer: a server that never closes it fails the test by the test's timeout.
 */
export function exchangeUntilClosed(baseUrl: string, raw: Buffer | string): Promise<Buffer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: url.hostname, port: Number(url.port) }, () => socket.write(raw));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? undefined : reject(e)));
  });
}

/** Writes `raw` bytes to the server and collects everything until the server closes or `idleMs` passes. */
export function rawExchange(baseUrl: string, raw: Buffer | string, idleMs = 300): Promise<Buffer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    let timer: NodeJS.Timeout | undefined;
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks));
    };
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(done, idleMs);
    };
    socket.on('connect', () => {
      socket.write(raw);
      arm();
    });
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      arm();
    });
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? done() : reject(e)));
  });
}

export interface ParsedResponse {
  status: number;
  headers: Map<string, string>;
  body: Buffer;
}

/**
 * Splits a raw byte stream into HTTP/1.1 responses (Content-Length framed, which is all this
 * server emits). Throws on anything that is not a well-formed response.
 */
export function parseResponses(data: Buffer, headRequests = false): ParsedResponse[] {
  const out: ParsedResponse[] = [];
  let pos = 0;
  while (pos < data.length) {
    const end = data.indexOf('\r\n\r\n', pos, 'latin1');
    if (end < 0) throw new Error(`incomplete response head: ${JSON.stringify(data.subarray(pos, pos + 200).toString('latin1'))}`);
    const lines = data.subarray(pos, end).toString('latin1').split('\r\n');
    const m = /^HTTP\/1\.1 (\d{3}) /.exec(lines[0]);
    if (m === null) throw new Error(`bad status line: ${JSON.stringify(lines[0])}`);
    const headers = new Map<string, string>();
    for (const l of lines.slice(1)) {
      const c = l.indexOf(':');
      if (c <= 0) throw new Error(`bad header line: ${JSON.stringify(l)}`);
      headers.set(l.slice(0, c).toLowerCase(), l.slice(c + 1).trim());
    }
    const status = Number(m[1]);
    const bodyStart = end + 4;
    // An answer to a request node could not parse (clientError) closes the connection and may
    // carry its body even for a HEAD whose method was unreadable: take it when it is exactly there.
    const closingWithBody =
      headers.get('connection') === 'close' && data.length - bodyStart === Number(headers.get('content-length') ?? 'NaN');
    const noBody = (headRequests && !closingWithBody) || status < 200 || status === 204 || status === 304;
    const len = noBody ? 0 : Number(headers.get('content-length') ?? 'NaN');
    if (!Number.isInteger(len)) throw new Error(`response ${status} without Content-Length`);
    if (bodyStart + len > data.length) throw new Error(`truncated body for ${status}`);
    out.push({ status, headers, body: data.subarray(bodyStart, bodyStart + len) });
    pos = bodyStart + len;
  }
  return out;
}
