// A server that accepts TCP connections on loopback and never answers: the worst upstream,
// since nothing fails fast (no refusal, no reset), every request waits for its own timeout.
import { createServer, type Socket } from 'node:net';

export interface BlackHole {
  url: string;
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Connections open now (accepted and not yet closed by the client). */
  open(): number;
  close(): Promise<void>;
}

export async function startBlackHole(port = 0): Promise<BlackHole> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    // Read and drop whatever arrives; never write.
    socket.resume();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    connections: () => accepted,
    open: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
