// The two narrow interfaces between the HTTP logic (request-handler.ts) and node:http
// (http-server.ts). The logic never sees a node object: it reads a request through RequestView
// and answers through ResponseSink, so its rules read without node's API around them and a
// deferred answer (/metrics) can keep a plain snapshot of its request.

export interface RequestView {
  /** The method exactly as sent (case-sensitive: "get" is not GET). */
  readonly method: string;
  /** The raw request target, query string included, as sent on the request line. */
  readonly target: string;
  /** The value of a request header (`name` in lower case), or undefined when absent. */
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
   * Announces that the answer will be sent later (after an await): the response must stay
   * usable until then, and `aborted` tells whether the client went away meanwhile.
   */
  defer(): void;
  /** True once the client is gone; `send` is then a no-op. */
  readonly aborted: boolean;
}
