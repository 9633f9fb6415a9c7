// Routes answered beside the documents at the listener's root by another part of the service
// (the live stream, src/live: /events, /api/, /health; CONTRACT.md 12.1). A stream writes for as
// long as it lives, so such a handler takes node's request and response themselves; the server
// still applies its connection limits (connection-guard.ts) before handing a request over.
import type http from 'node:http';

export interface RootRoutes {
  /** True when this handler answers the raw request target. */
  claims(target: string): boolean;
  handle(req: http.IncomingMessage, res: http.ServerResponse): void;
  /**
   * The connection cap is full (connection-guard.ts): answer a request of these routes that cannot
   * take an error status (an EventSource gives up for good on one) and return true, or return
   * false to let the server answer 503.
   */
  overCapacity(req: http.IncomingMessage, res: http.ServerResponse): boolean;
}
