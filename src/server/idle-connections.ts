// The connections the guard may evict to make room for a new one, oldest first: silent ones
// (accepted, no request yet) in the order they were accepted, and keep-alive idle ones (every
// response sent, no request since) in the order they went idle. Sets keep insertion order, so
// the head of each is the oldest and eviction and the accept-deadline sweep look at the head only.
import type { Socket } from 'node:net';

export class IdleConnections {
  readonly silent = new Set<Socket>();
  readonly idle = new Set<Socket>();

  addSilent(socket: Socket): void {
    this.silent.add(socket);
  }

  /** Moves `socket` to the tail of the keep-alive idle ones (it went idle now). */
  addIdle(socket: Socket): void {
    this.idle.delete(socket);
    this.idle.add(socket);
  }

  remove(socket: Socket): void {
    this.silent.delete(socket);
    this.idle.delete(socket);
  }

  /**
   * The oldest connection that may be evicted: a silent one, else a keep-alive idle one whose
   * next request has not begun. A silent connection may hold part of a head: node's parser reads
   * the socket itself (socket.bytesRead stays 0) and cannot tell a first head begun from none, so
   * a connection that has not completed one since it was accepted goes first, partial heads
   * (slowloris) included. Between requests it can: `requestBegun` asks it.
   */
  oldestEvictable(requestBegun: (socket: Socket) => boolean): { socket: Socket; kind: 'silent' | 'idle' } | undefined {
    for (const socket of this.silent) return { socket, kind: 'silent' };
    for (const socket of this.idle) if (!requestBegun(socket)) return { socket, kind: 'idle' };
    return undefined;
  }
}
