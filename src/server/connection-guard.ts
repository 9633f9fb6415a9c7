// What one client may hold of a node:http server (docs/http.md, "Connection limits"):
//
// - open connections: beyond `max_open`, a new connection's first request is answered 503 with
//   Retry-After and the JSON body, and the connection is closed;
// - queued responses: node parses every request of a received chunk (64 KB, ~1,600 pipelined
//   GETs) and keeps a request and a response object for each until its response reaches the
//   kernel. A client that pipelines and never reads thus pins megabytes per connection. Once a
//   connection holds `max_queued_responses` answered responses the kernel has not taken, it is
//   not read any further: if its writes are already backed up it is destroyed at once (the
//   client is not reading), otherwise the queued responses are flushed and it is closed. Further
//   requests stay unanswered; RFC 9112 9.3.2 has clients retry them on a new connection;
// - write stalls: a connection with unflushed writes that make no progress for
//   `write_stall_seconds` is destroyed, so a client that stops reading cannot hold memory.
import type http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../registry/server-settings.js';
import { backgroundSleep, type Sleep } from '../timers.js';

/** How the guard waits between its write-stall sweeps and reads the time they compare. */
export interface ConnectionGuardTiming {
  /** Default: a timer that does not keep the process alive. */
  sleep?: Sleep;
  /** Monotonic ms. Default performance.now. */
  monotonic?: () => number;
}

interface ConnectionState {
  /** Answered responses the kernel has not yet taken ('finish' not yet emitted). */
  pending: number;
  /** Over the queue cap: no request is answered any more, the connection closes when flushed. */
  closing: boolean;
  /** Over the open-connection cap when it was accepted. */
  overCap: boolean;
  /** bytesWritten at the last sweep that saw progress, and when. */
  lastBytes: number;
  lastProgress: number;
}

/** What onRequest should do with a request. */
export type Admission = 'serve' | 'over_capacity' | 'drop';

export class ConnectionGuard {
  private readonly states = new Map<Socket, ConnectionState>();
  private readonly now: () => number;
  private readonly disposed = new AbortController();
  /** Connections destroyed by the write-stall timeout or the queue cap (for tests and logs). */
  destroyed = { stalled: 0, queue: 0 };

  constructor(
    server: http.Server,
    private readonly limits: ConnectionLimits,
    timing: ConnectionGuardTiming = {},
  ) {
    this.now = timing.monotonic ?? (() => performance.now());
    // Counted here rather than with server.maxConnections, which closes without an answer.
    server.on('connection', (socket: Socket) => {
      const st: ConnectionState = { pending: 0, closing: false, overCap: this.states.size >= limits.max_open, lastBytes: 0, lastProgress: this.now() };
      this.states.set(socket, st);
      socket.once('close', () => this.states.delete(socket));
    });
    const stallMs = limits.write_stall_seconds * 1000;
    // A quarter of the timeout between sweeps: a stalled connection goes within 1.25× the setting.
    void this.sweepEvery(Math.max(50, Math.min(1000, stallMs / 4)), stallMs, timing.sleep ?? backgroundSleep);
  }

  get open(): number {
    return this.states.size;
  }

  /** Decides about a request before it is handled; 'serve' also counts its response as queued. */
  admit(req: http.IncomingMessage, res: http.ServerResponse): Admission {
    const socket = req.socket;
    const st = this.states.get(socket);
    if (st === undefined) return 'serve';
    if (st.closing) return 'drop';
    if (st.overCap) {
      st.closing = true;
      res.shouldKeepAlive = false;
      return 'over_capacity';
    }
    if (st.pending >= this.limits.max_queued_responses) {
      st.closing = true;
      socket.pause();
      if (socket.writableNeedDrain || socket.writableLength > 0) {
        // The kernel's buffers are full: the client is not reading what it asked for.
        this.destroyed.queue++;
        socket.destroy();
      }
      return 'drop';
    }
    st.pending++;
    res.once('finish', () => this.finished(socket, st));
    res.once('close', () => {
      if (!res.writableFinished) this.finished(socket, st);
    });
    return 'serve';
  }

  private finished(socket: Socket, st: ConnectionState): void {
    st.pending--;
    if (st.closing && st.pending <= 0 && !socket.destroyed) {
      // Every answered response has reached the kernel; what the client pipelined after the cap
      // is dropped with the connection.
      this.destroyed.queue++;
      socket.destroySoon();
    }
  }

  /** Sweeps every `ms` until disposed. */
  private async sweepEvery(ms: number, stallMs: number, sleep: Sleep): Promise<void> {
    for (;;) {
      try {
        await sleep(ms, this.disposed.signal);
      } catch {
        return; // disposed
      }
      this.sweep(stallMs);
    }
  }

  private sweep(stallMs: number): void {
    const now = this.now();
    for (const [socket, st] of this.states) {
      const backedUp = st.pending > 0 || socket.writableLength > 0;
      if (!backedUp || socket.bytesWritten !== st.lastBytes) {
        st.lastBytes = socket.bytesWritten;
        st.lastProgress = now;
      } else if (now - st.lastProgress > stallMs) {
        this.destroyed.stalled++;
        socket.destroy();
      }
    }
  }

  dispose(): void {
    this.disposed.abort();
  }
}
