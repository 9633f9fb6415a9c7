// The two narrow interfaces between the HTTP logic (request-handler.ts) and a transport
// (http-server.ts for node:http, uws-server.ts for uWebSockets.js). The logic never sees a
// transport object: it reads a request through RequestView and answers through ResponseSink, so
// both transports run exactly the same rules.

export interface RequestView {
  /** The method exactly as sent (case-sensitive: "get" is not GET). */
  readonly method: string;
  /** The raw request target, query string included, as sent on the request line. */
  readonly target: string;
  /**
   * The value of a request header (`name` in lower case), or undefined when absent. Must be
   * called synchronously inside the transport's request callback (uWS requests live on its stack).
   */
  header(name: string): string | undefined;
  /** Every line of a repeated header joined with ", " (X-Forwarded-For, where order matters). */
  headerList(name: string): string | undefined;
  /** The TCP peer's address as text. */
  remoteAddress(): string;
}

export interface ResponseSink {
  /**
   * Writes the whole response, once. `headers` is a flat [name, value, ...] list that includes
   * Content-Length whenever there is a body. `body` is undefined for bodiless statuses (204, 304);
   * `omitBody` is true for HEAD: the headers describe `body` but its bytes are not sent.
   */
  send(status: number, headers: readonly string[], body: Buffer | undefined, omitBody: boolean): void;
  /**
   * Announces that the answer will be sent later (after an await). The transport must keep the
   * response usable until then and set `aborted` if the client goes away meanwhile.
   */
  defer(): void;
  /** True once the client is gone; `send` is then a no-op. */
  readonly aborted: boolean;
}
