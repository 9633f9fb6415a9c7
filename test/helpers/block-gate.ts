// A JSON-RPC proxy in front of a devnet node that answers every request for blocks below a
// given number and holds, unanswered, any request that asks for that block or a later one: the
// ingester then stops part-way through its backfill, with what came before written, for as long
// as the test looks. Closing it drops the held requests.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BlockGate {
  url: string;
  /** Requests held so far (open or already dropped). */
  held(): number;
  close(): Promise<void>;
}

const BLOCK_METHODS = new Set(['eth_getBlockByNumber', 'eth_getBlockReceipts']);

/** The block numbers a JSON-RPC body asks for (hex numbers only: "latest" asks for none). */
function blocksAsked(body: string): number[] {
  const calls = [JSON.parse(body) as unknown].flat() as Array<{ method?: string; params?: unknown[] }>;
  return calls.flatMap((c) => {
    const p = c.params?.[0];
    return c.method !== undefined && BLOCK_METHODS.has(c.method) && typeof p === 'string' && /^0x[0-9a-f]+$/i.test(p) ? [Number.parseInt(p, 16)] : [];
  });
}

export async function startBlockGate(upstream: string, firstHeld: number): Promise<BlockGate> {
  const open = new Set<ServerResponse>();
  let held = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (blocksAsked(body).some((n) => n >= firstHeld)) {
        held++;
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      }
      fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (up) => {
          res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await up.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => held,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
