// The uWebSockets.js transport (server.transport: uws): the same request handler as the node:http
// transport, carried by uWS's C++ HTTP stack, which serves a cached document at a multiple of
// node:http's rate (docs/http.md, "Transports"). Opt-in: the binary comes from an unofficial npm
// mirror of a 2023 uWS release (@trufflesuite/uws-js-unofficial), not from Node itself.
//
// uWS rules this file follows:
// - the request object lives on uWS's stack: every header is read inside the callback;
// - every write happens inside res.cork(), so status, headers and body leave in one syscall;
// - a response answered later (/metrics) registers onAborted first and never touches `res` after;
// - uWS writes Content-Length itself from the body it is given (end), so the prepared header
//   list's Content-Length is written only for bodiless answers (HEAD);
// - requests uWS cannot parse never reach this file: uWS answers them itself (docs/http.md).
import http from 'node:http';
import { createRequire } from 'node:module';
import { DUPLICATE_HOST_BODY, MAX_URI_LENGTH, URI_TOO_LONG_BODY } from './conformance.js';
import { EXPECTATION_FAILED_BODY } from './errors.js';
import { loggedPath } from './logged-path.js';
import { createRequestHandler, type ChainlyticsHttpServer, type HttpServerOptions } from './request-handler.js';
import type { RequestView, ResponseSink } from './request-view.js';

/** The npm package (and version, pinned in package.json) that carries the uWS binaries. */
export const UWS_PACKAGE = '@trufflesuite/uws-js-unofficial';

// The subset of uWebSockets.js v20.30 used here. Declared locally because the package's
// index.d.ts lacks App.close() and the listen(host, port, options, cb) overload the binary has.
interface UwsResponse {
  writeStatus(status: string): UwsResponse;
  writeHeader(key: string, value: string): UwsResponse;
  end(body?: Uint8Array, closeConnection?: boolean): UwsResponse;
  tryEnd(body: Uint8Array, totalSize: number): [boolean, boolean];
  getWriteOffset(): number;
  onWritable(handler: (offset: number) => boolean): UwsResponse;
  endWithoutBody(reportedContentLength?: number, closeConnection?: boolean): UwsResponse;
  close(): UwsResponse;
  cork(cb: () => void): UwsResponse;
  onAborted(handler: () => void): UwsResponse;
  getRemoteAddressAsText(): ArrayBuffer;
}

interface UwsRequest {
  getHeader(lowerCaseKey: string): string;
  getUrl(): string;
  getQuery(): string | undefined;
  getCaseSensitiveMethod(): string;
  forEach(cb: (key: string, value: string) => void): void;
}

type ListenSocket = object;

interface UwsApp {
  any(pattern: string, handler: (res: UwsResponse, req: UwsRequest) => void): UwsApp;
  listen(host: string, port: number, options: number, cb: (socket: ListenSocket | false) => void): UwsApp;
  /** Closes the listen socket and every connection of the app. */
  close(): void;
}

interface UwsModule {
  App(): UwsApp;
  us_socket_local_port(socket: ListenSocket): number;
  /** Without it uWS binds with SO_REUSEPORT and would silently share a port with another uWS server. */
  LIBUS_LISTEN_EXCLUSIVE_PORT: number;
}

let uwsModule: UwsModule | undefined;

/**
 * Loads the prebuilt binary for this platform and Node ABI directly. The package's own entry
 * point would, when the binary does not fit, print a warning and fall back to a slow JavaScript
 * imitation of uWS; an operator who opted into uWS for speed gets a clear error instead.
 */
export function loadUws(): UwsModule {
  if (uwsModule !== undefined) return uwsModule;
  const require = createRequire(import.meta.url);
  const binary = `${UWS_PACKAGE}/binaries/uws_${process.platform}_${process.arch}_${process.versions.modules}.node`;
  try {
    uwsModule = require(binary) as UwsModule;
  } catch (e) {
    const reason = e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw new Error(
      `server.transport "uws" needs ${binary} (uWebSockets.js for ${process.platform}-${process.arch}, Node ABI ${process.versions.modules}), ` +
        `which could not be loaded: ${reason}. The package ships binaries for Node 16, 18 and 20 on linux and macOS (x64, arm64) and ` +
        `windows x64; run "npm install" on such a system, or set server.transport: node.`,
    );
  }
  return uwsModule;
}

const statusLines = new Map<number, string>();
/** "200 OK": what res.writeStatus expects. */
function statusLine(status: number): string {
  let line = statusLines.get(status);
  if (line === undefined) {
    line = `${status} ${http.STATUS_CODES[status] ?? 'Unknown'}`;
    statusLines.set(status, line);
  }
  return line;
}

/** uWS's request, read during its callback only. */
class UwsRequestView implements RequestView {
  readonly method: string;
  readonly target: string;

  constructor(
    readonly req: UwsRequest,
    readonly res: UwsResponse,
  ) {
    this.method = req.getCaseSensitiveMethod();
    // getUrl() stops at "?"; the handler wants the raw target (length rule, access log).
    const url = req.getUrl();
    const query = req.getQuery();
    this.target = query ? `${url}?${query}` : url;
  }

  header(name: string): string | undefined {
    // uWS reports an absent header as "": the two are the same to every rule of the handler
    // except one (an empty If-None-Match still disables If-Modified-Since on node:http).
    const v = this.req.getHeader(name);
    return v === '' ? undefined : v;
  }

  headerList(name: string): string | undefined {
    // getHeader() returns the first line only; a list header must include every line, in order.
    let out: string | undefined;
    this.req.forEach((k, v) => {
      if (k === name) out = out === undefined ? v : `${out}, ${v}`;
    });
    return out;
  }

  remoteAddress(): string {
    return Buffer.from(this.res.getRemoteAddressAsText()).toString('latin1');
  }
}

class UwsSink implements ResponseSink {
  aborted = false;
  /** Close the connection after this answer (only for answers with a body: see send). */
  closeAfter = false;
  responded = false;

  constructor(readonly res: UwsResponse) {}

  deferred = false;

  defer(): void {
    this.deferred = true;
    this.res.onAborted(() => {
      this.aborted = true;
    });
  }

  send(status: number, headers: readonly string[], body: Buffer | undefined, omitBody: boolean): void {
    if (this.aborted || this.responded) return;
    this.responded = true;
    const res = this.res;
    res.cork(() => {
      res.writeStatus(statusLine(status));
      for (let i = 0; i < headers.length; i += 2) {
        const name = headers[i];
        // end(body) writes Content-Length itself; a bodiless answer (HEAD) keeps the listed one.
        if (name !== 'Content-Length' || omitBody) res.writeHeader(name, headers[i + 1]);
      }
      if (body !== undefined && !omitBody && !this.closeAfter) {
        this.endBackpressured(body);
      } else if (body === undefined || omitBody) {
        // 204/304 (no Content-Length in the list) and HEAD (the length GET would send). Not
        // endWithoutBody(length): in v20.30 that call leaves the response open, and uWS then
        // aborts the process. Such answers keep the connection (closeAfter is for error bodies).
        res.endWithoutBody();
      } else {
        res.end(body, this.closeAfter);
      }
    });
  }

  /**
   * res.end(body) copies whatever the socket cannot take into uWS's own buffer, without limit:
   * 50 connections pipelining 2,000 GETs of a 64 KB document without reading took the process
   * to 2.6 GB. tryEnd writes what the kernel takes and leaves the rest to us; the body is a
   * shared prepared Buffer, so holding it costs nothing, and uWS parses no further request of
   * this connection until the response is complete. uWS closes a connection that makes no
   * progress for its idle timeout (10 s).
   */
  private endBackpressured(body: Buffer): void {
    const res = this.res;
    const start = res.getWriteOffset();
    const [, done] = res.tryEnd(body, body.length);
    if (done) return;
    if (!this.deferred) {
      this.deferred = true;
      res.onAborted(() => {
        this.aborted = true;
      });
    }
    res.onWritable((offset) => {
      if (this.aborted) return true;
      const [ok] = res.tryEnd(body.subarray(offset - start), body.length);
      return ok;
    });
  }
}

export function createUwsServer(opts: HttpServerOptions): ChainlyticsHttpServer {
  const uws = loadUws();
  const handler = createRequestHandler(opts);
  const app = uws.App();
  let listening = false;

  app.any('/*', (res, req) => {
    const view = new UwsRequestView(req, res);
    const sink = new UwsSink(res);
    try {
      // uWS has already written "100 Continue" for Expect: 100-continue, in order within a
      // pipeline, and reads a declared body by its framing, so such a request is served normally.
      // Any other expectation cannot be met (RFC 9110 10.1.1): 417, and close, because the client
      // may or may not send the body it announced.
      // Two Host lines (RFC 9112 3.2): uWS passes them on, and getHeader reads the first only.
      let hosts = 0;
      req.forEach((k) => {
        if (k === 'host') hosts++;
      });
      if (hosts > 1) {
        sink.closeAfter = true;
        handler.reject(view, sink, 400, DUPLICATE_HOST_BODY);
        return;
      }
      // uWS accepts request lines far longer than node's 16 KiB head; answer alike (414).
      if (view.target.length > MAX_URI_LENGTH) {
        sink.closeAfter = true;
        handler.reject(view, sink, 414, URI_TOO_LONG_BODY);
        return;
      }
      const expect = req.getHeader('expect');
      if (expect !== '' && expect.toLowerCase() !== '100-continue') {
        sink.closeAfter = true;
        handler.reject(view, sink, 417, EXPECTATION_FAILED_BODY);
        return;
      }
      handler.handle(view, sink);
      if (!sink.responded && !sink.deferred) throw new Error('the request handler returned without an answer');
    } catch (e) {
      // A bug must not take the process down: uWS terminates it when a handler returns without
      // answering. Drop this connection and keep serving the others.
      opts.logger?.error({ err: e, method: view.method, path: loggedPath(view.target) }, 'request handler failed');
      if (!sink.responded) {
        sink.aborted = true;
        res.close();
      }
    }
  });

  const listen = (port: number, host = '127.0.0.1'): Promise<string> =>
    new Promise((resolve, reject) => {
      app.listen(host, port, uws.LIBUS_LISTEN_EXCLUSIVE_PORT, (socket) => {
        if (socket === false) {
          reject(new Error(`uws transport could not listen on ${host}:${port} (address in use, not available on this machine, or not permitted)`));
          return;
        }
        listening = true;
        const h = host.includes(':') ? `[${host}]` : host;
        resolve(`http://${h}:${uws.us_socket_local_port(socket)}`);
      });
    });

  const close = async (): Promise<void> => {
    handler.dispose();
    if (!listening) return;
    listening = false;
    app.close();
  };

  return { transport: 'uws', metrics: handler.metrics, listen, close };
}
