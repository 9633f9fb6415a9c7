// A devnet chain's JSON-RPC endpoint over node:http: single calls and batches, JSON-RPC 2.0
// error codes, and the faults a test asked for.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Sleep } from '../timers.js';
import type { ChainSim } from './chain-sim.js';
import { FaultInjector } from './faults.js';
import { BodyTooLarge, LoopbackServer, readBody, sendAscii, sendBody, sendFault } from './http-util.js';
import { hashString } from './prng.js';
import { METHODS, RpcFailure } from './rpc-methods.js';

const MAX_BODY = 16 * 1024 * 1024;
const MAX_BATCH = 5000;

/** A JSON string literal with non-ASCII escaped: every response body stays ASCII (see sendAscii). */
function asciiJson(s: string): string {
  return JSON.stringify(s).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function errorJson(id: string, code: number, message: string): string {
  return `{"jsonrpc":"2.0","id":${id},"error":{"code":${code},"message":${asciiJson(message)}}}`;
}

function idJson(id: unknown): string | null {
  if (id === null) return 'null';
  if (typeof id === 'number') return Number.isFinite(id) ? String(id) : null;
  if (typeof id === 'string') return asciiJson(id);
  return null;
}

export class RpcServer {
  readonly faults: FaultInjector;
  private readonly http: LoopbackServer;

  constructor(
    readonly sim: ChainSim,
    seed: number,
    /** How a 'timeout' fault holds its connection (LoopbackServer). */
    sleep?: Sleep,
  ) {
    this.faults = new FaultInjector(seed ^ hashString(`faults:${sim.spec.origin_key}`));
    this.http = new LoopbackServer((req, res) => void this.handle(req, res), sleep);
  }

  listen(host: string): Promise<string> {
    return this.http.listen(host);
  }

  get url(): string {
    return this.http.url;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      sendBody(res, 405, errorJson('null', -32600, 'JSON-RPC requests must be POSTed'), { allow: 'POST' });
      return;
    }
    let text: string;
    try {
      text = await readBody(req, MAX_BODY);
    } catch (err) {
      if (err instanceof BodyTooLarge && !res.headersSent) sendBody(res, 413, errorJson('null', -32600, err.message));
      return;
    }
    const fault = this.faults.draw();
    if (fault === null || fault === 'rpc_error') {
      const body = this.answer(text, fault === 'rpc_error');
      if (body === null) res.writeHead(200, { 'content-length': 0 }).end();
      else sendAscii(res, body);
      return;
    }
    sendFault(fault, res, this.faults, () => this.answer(text, false) ?? '', this.http);
  }

  /** The response body for a request body; null when every call was a notification. */
  answer(text: string, injectErrors: boolean): string | null {
    let req: unknown;
    try {
      req = JSON.parse(text);
    } catch {
      return errorJson('null', -32700, 'parse error: request body is not valid JSON');
    }
    if (!Array.isArray(req)) return this.call(req, injectErrors);
    if (req.length === 0) return errorJson('null', -32600, 'invalid request: empty batch');
    if (req.length > MAX_BATCH) return errorJson('null', -32600, `invalid request: batch of ${req.length} calls exceeds ${MAX_BATCH}`);
    // An injected error hits about half the calls of a batch, and at least one.
    const forced = injectErrors ? this.faults.rng.int(req.length) : -1;
    const parts: string[] = [];
    for (let i = 0; i < req.length; i++) {
      const r = this.call(req[i], i === forced || (injectErrors && this.faults.rng.chance(0.5)));
      if (r !== null) parts.push(r);
    }
    return parts.length === 0 ? null : `[${parts.join(',')}]`;
  }

  private call(item: unknown, injectError: boolean): string | null {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return errorJson('null', -32600, 'invalid request: expected a JSON-RPC object');
    const o = item as Record<string, unknown>;
    const notification = !('id' in o);
    const id = notification ? 'null' : idJson(o.id);
    if (id === null) return errorJson('null', -32600, 'invalid request: id must be a string, a number or null');
    if (o.jsonrpc !== '2.0') return errorJson(id, -32600, 'invalid request: jsonrpc must be "2.0"');
    if (typeof o.method !== 'string') return errorJson(id, -32600, 'invalid request: method must be a string');
    const params = o.params === undefined ? [] : o.params;
    let out: string;
    if (!Array.isArray(params)) out = errorJson(id, -32602, 'invalid params: expected a positional array');
    else if (injectError) {
      out = this.faults.rng.chance(0.5) ? errorJson(id, -32603, 'internal error') : errorJson(id, -32005, 'request rate exceeded');
    } else {
      const method = METHODS.get(o.method);
      if (!method) out = errorJson(id, -32601, `the method ${o.method} does not exist/is not available`);
      else {
        try {
          out = `{"jsonrpc":"2.0","id":${id},"result":${method(this.sim, params)}}`;
        } catch (err) {
          if (err instanceof RpcFailure) out = errorJson(id, err.code, err.message);
          else out = errorJson(id, -32603, `internal error: ${(err as Error).message}`);
        }
      }
    }
    return notification ? null : out;
  }
}
