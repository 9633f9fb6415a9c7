// A real HTTP JSON-RPC server on an ephemeral loopback port whose answers a test scripts:
// `answer` computes results per call, `http` may replace the whole HTTP exchange (429, hang,
// truncated body...). Every exchange is recorded with its arrival time and concurrency.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcRequest {
  id: unknown;
  method: string;
  params: unknown[];
}

export type Answer = { result: unknown } | { error: { code: number; message: string } };

export interface Exchange {
  at: number;
  requests: RpcRequest[];
  batch: boolean;
  /** Exchanges in progress when this one arrived, itself included. */
  concurrent: number;
}

export interface ScriptedNode {
  url: string;
  exchanges: Exchange[];
  /** Per call. Default: method not found. */
  answer: (req: RpcRequest, exchangeNo: number) => Answer | Promise<Answer>;
  /** Whole exchange; return true when it handled the response itself. */
  http: ((res: ServerResponse, exchangeNo: number, reqs: RpcRequest[]) => boolean | Promise<boolean>) | null;
  /** Delay before answering, ms. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startScriptedNode(): Promise<ScriptedNode> {
  let inFlight = 0;
  const node: ScriptedNode = {
    url: '',
    exchanges: [],
    answer: () => ({ error: { code: -32601, message: 'method not found' } }),
    http: null,
    delayMs: 0,
    close: async () => undefined,
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest | RpcRequest[];
      const batch = Array.isArray(body);
      const reqs = batch ? body : [body];
      const no = node.exchanges.length;
      node.exchanges.push({ at: performance.now(), requests: reqs, batch, concurrent: inFlight });
      if (node.delayMs > 0) await new Promise((r) => setTimeout(r, node.delayMs));
      if (node.http && (await node.http(res, no, reqs))) return;
      const out = [];
      for (const r of reqs) out.push({ jsonrpc: '2.0', id: r.id, ...(await node.answer(r, no)) });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(batch ? out : out[0]));
    } catch (err) {
      if (!res.headersSent) res.statusCode = 500;
      res.end(String(err));
    } finally {
      inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  node.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return node;
}
