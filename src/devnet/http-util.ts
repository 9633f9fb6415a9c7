// HTTP plumbing shared by the devnet's JSON-RPC and price servers: bodies in and out, the
// fault responses, and shutting down without waiting for held ("timeout") connections.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemSleep, type Sleep } from '../timers.js';
import type { FaultInjector, FaultKind } from './faults.js';

export function sendBody(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/**
 * A body known to be ASCII (every JSON-RPC answer: hex, ASCII keys, escaped ids and messages):
 * its length is its byte count, and latin1 encoding is a plain copy, cheaper than UTF-8.
 */
export function sendAscii(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body, 'latin1');
}

export class BodyTooLarge extends Error {}

/** The request body as a string; rejects past `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new BodyTooLarge(`request body larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Answers a request with an HTTP-level fault. `realBody` is the answer the request deserved
 * (a truncated body is a prefix of it). rpc_error is protocol-specific and not handled here.
 */
export function sendFault(kind: Exclude<FaultKind, 'rpc_error'>, res: ServerResponse, faults: FaultInjector, realBody: () => string, server: LoopbackServer): void {
  switch (kind) {
    case 'http_429':
      sendBody(res, 429, '{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"rate limit exceeded, retry later"}}', {
        'retry-after': String(faults.retryAfterS),
      });
      return;
    case 'http_5xx': {
      const status = [500, 502, 503][faults.rng.int(3)];
      const text = status === 500 ? 'internal server error' : status === 502 ? '<html><body><h1>502 Bad Gateway</h1></body></html>' : 'upstream unavailable';
      res.writeHead(status, { 'content-type': status === 502 ? 'text/html' : 'text/plain', 'content-length': Buffer.byteLength(text) });
      res.end(text);
      return;
    }
    case 'timeout':
      // Say nothing, then drop the connection: the client's deadline has to fire first.
      server.hold(res, faults.timeoutMs);
      return;
    case 'malformed': {
      const garbage = ['{"jsonrpc":"2.0","id":1,"result":0x12,}', '<html>upstream error</html>', '{"jsonrpc":"2.0","result":{"number":"0x1"'][faults.rng.int(3)];
      sendBody(res, 200, garbage);
      return;
    }
    case 'truncated': {
      const body = realBody();
      const cut = body.slice(0, Math.max(1, Math.floor(body.length * (0.2 + 0.6 * faults.rng.float()))));
      if (faults.rng.chance(0.5)) {
        // The connection dies mid-body: fewer bytes than Content-Length promised.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.write(cut, () => res.destroy());
      } else {
        // A proxy cut the body but framed it correctly: valid HTTP, invalid JSON.
        sendBody(res, 200, cut);
      }
      return;
    }
  }
}

/** An HTTP server on an ephemeral loopback port, closable without waiting for idle keep-alive sockets. */
export class LoopbackServer {
  /** The waits of the connections held by 'timeout' faults; close() ends them. */
  private readonly held = new Set<AbortController>();
  private readonly server: Server;
  url = '';

  constructor(
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    /** How a held connection waits before it is dropped. Default: a timer. */
    private readonly sleep: Sleep = systemSleep,
  ) {
    this.server = createServer({ keepAliveTimeout: 65_000 }, handler);
    // Clients keep connections for a few seconds; a server that closes first races them.
    this.server.headersTimeout = 70_000;
  }

  listen(host: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, host, () => {
        const { port } = this.server.address() as AddressInfo;
        this.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
        resolve(this.url);
      });
    });
  }

  /** Answers nothing for `ms`, then drops the connection (unless the client left first). */
  hold(res: ServerResponse, ms: number): void {
    const wait = new AbortController();
    this.held.add(wait);
    res.on('close', () => wait.abort());
    this.sleep(ms, wait.signal).then(
      () => {
        this.held.delete(wait);
        res.destroy();
      },
      () => this.held.delete(wait),
    );
  }

  close(): Promise<void> {
    for (const wait of this.held) wait.abort();
    this.held.clear();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
