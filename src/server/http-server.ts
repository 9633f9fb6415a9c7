// The HTTP server: node:http carrying the logic of CONTRACT.md section 7, which lives in
// request-handler.ts. This file adapts node:http to it and answers what node itself rejects
// (unparseable requests, CONNECT, Expect) with the same JSON error bodies. node:http is the
// only HTTP stack; past its rate, the exported files are served by nginx or a CDN
// (docs/http.md, "Past node:http").
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { badRequestBody, errorBody, EXPECTATION_FAILED_BODY, METHOD_NOT_ALLOWED_BODY, MISSING_HOST_BODY } from './errors.js';
import { createRequestHandler, type ChainlyticsHttpServer, type HttpServerOptions, type RequestHandler } from './request-handler.js';
import type { RequestView, ResponseSink } from './request-view.js';
import { ALLOWED_METHODS, CORS_HEADERS, JSON_TYPE, NO_STORE } from './response-headers.js';
import { ConnectionGuard } from './connection-guard.js';
import { DUPLICATE_HOST_BODY, NO_VERSION_BODY, OVER_CAPACITY_BODY, OVER_CAPACITY_RETRY_SECONDS, overflowIsTarget, URI_TOO_LONG_BODY } from './conformance.js';

export { NOT_READY_RETRY_SECONDS, type ChainlyticsHttpServer, type HttpServerOptions } from './request-handler.js';

/** The server, with its http.Server and connection guard for the tests that look inside. */
export interface NodeHttpServer extends ChainlyticsHttpServer {
  server: http.Server;
  guard: ConnectionGuard;
  /** The kept answers of incremental pulls (their bytes are what the memory test counts). */
  rowAnswers: RequestHandler['rowAnswers'];
}

/** node:http's request as the handler reads it. */
class NodeRequest implements RequestView {
  constructor(readonly req: http.IncomingMessage) {}
  get method(): string {
    return this.req.method ?? '';
  }
  get target(): string {
    return this.req.url ?? '';
  }
  header(name: string): string | undefined {
    const v = this.req.headers[name];
    return typeof v === 'string' || v === undefined ? v : v.join(', ');
  }
  headerList(name: string): string | undefined {
    // node already joins repeated lines of list-valued headers with ", ".
    return this.header(name);
  }
  remoteAddress(): string {
    return this.req.socket.remoteAddress ?? 'unknown';
  }
}

class NodeResponse implements ResponseSink {
  // A ServerResponse stays usable after its client left (writes are dropped), so nothing to track.
  readonly aborted = false;
  constructor(readonly res: http.ServerResponse) {}
  send(status: number, headers: readonly string[], body: Buffer | undefined, omitBody: boolean): void {
    this.res.writeHead(status, headers as string[]);
    this.res.end(body !== undefined && !omitBody ? body : undefined);
  }
  defer(): void {}
}

export function createHttpServer(opts: HttpServerOptions): NodeHttpServer {
  const handler = createRequestHandler(opts);
  const { metrics } = handler;

  const limits = opts.config.connections;
  // Assigned right after the server exists; every request arrives later.
  let guard: ConnectionGuard | undefined;

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const admission = guard?.admit(req, res) ?? 'serve';
    if (admission === 'drop') return; // the connection closes; see connection-guard.ts
    const view = new NodeRequest(req);
    const sink = new NodeResponse(res);
    if (admission === 'over_capacity') {
      if (opts.rootRoutes?.claims(view.target) && opts.rootRoutes.overCapacity(req, res)) return;
      return handler.reject(view, sink, 503, OVER_CAPACITY_BODY, ['Retry-After', String(OVER_CAPACITY_RETRY_SECONDS)]);
    }
    if (req.httpVersionMajor === 0) {
      // node's parser reads "GET /path" (no version) as HTTP/0.9; refuse it and close.
      res.shouldKeepAlive = false;
      return handler.reject(view, sink, 400, NO_VERSION_BODY);
    }
    if (req.httpVersionMinor === 1 && req.httpVersionMajor === 1) {
      // RFC 9112 3.2 requires the 400 for any method; node's own (requireHostHeader) would send it without a body.
      if (req.headers.host === undefined) return handler.reject(view, sink, 400, MISSING_HOST_BODY);
    }
    // node keeps the first of repeated Host lines; RFC 9112 3.2 requires a 400 for more than one.
    if (countHeader(req.rawHeaders, 'host') > 1) return handler.reject(view, sink, 400, DUPLICATE_HOST_BODY);
    if (opts.rootRoutes?.claims(view.target)) return opts.rootRoutes.handle(req, res);
    handler.handle(view, sink);
  };

  const server = http.createServer(
    {
      // Requests are a line and a few headers; anything slow or large is a broken or hostile client.
      requestTimeout: limits.request_timeout_seconds * 1000,
      headersTimeout: limits.header_timeout_seconds * 1000,
      // node enforces both timeouts only when it checks, every 30 s by default, so a 10 s header
      // timeout used to cut after 31-36 s. Check often enough that the documented time holds
      // within a tenth of it (at most 1 s late).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, (Math.min(limits.header_timeout_seconds, limits.request_timeout_seconds) * 1000) / 10)),
      keepAliveTimeout: 5_000,
      maxHeaderSize: 16_384,
      requireHostHeader: false, // checked in onRequest, to answer with the JSON error body
    },
    onRequest,
  );
  guard = new ConnectionGuard(
    server,
    limits,
    // Behind a trusted proxy every connection is the proxy's: the share would cap the proxy.
    { perAddress: opts.config.trust_proxy === false, headTimeoutResponse: RAW_CLIENT_ERRORS[408] },
    opts.connectionGuard,
  );

  // Expect: 100-continue. Node's default writes "100 Continue" straight to the socket, which
  // lands inside a pipelined earlier response. No route reads a body, so answer with the final
  // status at once and close, so that a body the client may still send is never parsed as a request.
  server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.shouldKeepAlive = false;
    onRequest(req, res);
  });
  // Any other expectation cannot be met (RFC 9110 10.1.1): 417, as JSON like every error.
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.shouldKeepAlive = false;
    handler.reject(new NodeRequest(req), new NodeResponse(res), 417, EXPECTATION_FAILED_BODY);
  });

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // Node could not parse the request (bad bytes, oversized headers, timeout). Answer with the
    // same JSON error shape as everything else, then close: the stream position is unknown.
    const rawPacket = (err as NodeJS.ErrnoException & { rawPacket?: Buffer }).rawPacket;
    const status =
      err.code === 'HPE_HEADER_OVERFLOW' ? (overflowIsTarget(socket, rawPacket) ? 414 : 431) : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    metrics.observe('invalid', status, 0);
    const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || (inFlight && inFlight.headersSent)) {
      socket.destroy();
      return;
    }
    // A HEAD answer has no body, even an error; the method is still readable in the raw bytes.
    const head = rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    const raw = RAW_CLIENT_ERRORS[status];
    socket.end(head ? raw.subarray(0, raw.indexOf('\r\n\r\n') + 4) : raw);
  });

  // CONNECT would otherwise make node drop the connection without an answer.
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    metrics.observe('other', 405, 0);
    socket.on('error', () => socket.destroy());
    socket.end(RAW_CLIENT_ERRORS[405]);
  });

  const listen = (port: number, host = '127.0.0.1'): Promise<string> =>
    new Promise((resolve, reject) => {
      const onError = (e: Error): void => reject(e);
      server.once('error', onError);
      server.listen(port, host, () => {
        server.off('error', onError);
        const addr = server.address();
        if (addr === null || typeof addr === 'string') return resolve(`http://${host}`);
        const h = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
        resolve(`http://${h}:${addr.port}`);
      });
    });

  const close = (): Promise<void> =>
    new Promise((resolve, reject) => {
      handler.dispose();
      guard?.dispose();
      if (!server.listening) return resolve();
      server.close((e) => (e ? reject(e) : resolve()));
      server.closeAllConnections();
    });

  return { server, guard, metrics, rowAnswers: handler.rowAnswers, listen, close };
}

function countHeader(rawHeaders: readonly string[], lowerName: string): number {
  let n = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].length === lowerName.length && rawHeaders[i].toLowerCase() === lowerName) n++;
  return n;
}

/** Complete raw responses for errors answered outside node's request handling. */
const RAW_CLIENT_ERRORS: Record<number, Buffer> = Object.fromEntries(
  (
    [
      [400, 'Bad Request', badRequestBody('The request is not valid HTTP/1.1.')],
      [405, 'Method Not Allowed', METHOD_NOT_ALLOWED_BODY],
      [414, 'URI Too Long', URI_TOO_LONG_BODY],
      [408, 'Request Timeout', errorBody(408, 'bad_request', 'The request did not arrive in time.', 'Send the whole request at once.')],
      [
        431,
        'Request Header Fields Too Large',
        errorBody(431, 'bad_request', 'The request headers are too large.', 'Documents need no more than a few short headers.'),
      ],
    ] as const
  ).map(([status, reason, body]) => {
    const head =
      `HTTP/1.1 ${status} ${reason}\r\n` +
      `Content-Type: ${JSON_TYPE}\r\nContent-Length: ${body.length}\r\nCache-Control: ${NO_STORE}\r\n` +
      `${CORS_HEADERS[0]}: ${CORS_HEADERS[1]}\r\n${CORS_HEADERS[2]}: ${CORS_HEADERS[3]}\r\n` +
      (status === 405 ? `Allow: ${ALLOWED_METHODS}\r\n` : '') +
      'Connection: close\r\n\r\n';
    return [status, Buffer.concat([Buffer.from(head, 'latin1'), body])];
  }),
);
