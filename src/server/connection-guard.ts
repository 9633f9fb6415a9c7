// What one client may hold of a node:http server (docs/http.md, "Connection limits"):
//
// - open connections: at most `max_open`, and at most `max_open_per_address` from one client
//   address (clientKey: an IPv6 client by its /64). A new connection over either takes the place
//   of an idle one, that address's own when it is over its share: silent ones (accepted, no
//   request yet) first, then keep-alive idle ones, oldest first. Only when none is idle is it
//   refused: its first request is answered 503 with Retry-After and the JSON body, and it closes.
//   Without eviction, 4,200 sockets that connect and never send a byte held every slot and
//   every new client got 503 (issue 23, item 1);
// - the first request head: node's header timeout runs from a request's first byte, so a
//   connection that sends nothing never times out. A connection without a complete request head
//   `first_head_timeout_seconds` after it was accepted is answered 408 and closed, on the
//   guard's own sweep (node's header timeout reaches silent sockets on Node 20 and 24, but only
//   as an internal of its parser, on its own timer);
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
import { clientKey } from './client-address.js';
import { IdleConnections } from './idle-connections.js';

/** How the guard waits between its sweeps (write stalls, first-head deadline) and reads the time they compare. */
export interface ConnectionGuardTiming {
  /** Default: a timer that does not keep the process alive. */
  sleep?: Sleep;
  /** Monotonic ms. Default performance.now. */
  monotonic?: () => number;
}

/** What the guard needs besides the limits. */
export interface ConnectionGuardOptions {
  /** Count connections per client address (false behind a trusted proxy: every peer is the proxy). */
  perAddress: boolean;
  /** Written to a connection that missed the first-head deadline before it is closed. */
  headTimeoutResponse: Buffer;
}

interface ConnectionState {
  client: ClientConnections;
  /** Monotonic ms when accepted. */
  acceptedAt: number;
  /** No request has arrived yet. */
  silent: boolean;
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

/**
 * Whether the next request on a keep-alive connection has begun. node's parser reads the socket
 * itself, so no byte count shows it; the server's own list of connections does: it is what
 * `server.closeIdleConnections()` reads, and it files a parser under `active()` from the first
 * byte of a message to its end, on Node 20, 22 and 24 alike (the parser's own `duration()`,
 * used before, is gone in Node 24). Without that list (a node laid out otherwise) the
 * connection counts as idle.
 */
export function requestBegun(socket: Socket): boolean {
  const { parser, server } = socket as Socket & { parser?: object | null; server?: object | null };
  if (!parser || !server) return false;
  const key = Object.getOwnPropertySymbols(server).find((s) => s.description === 'http.server.connections');
  const list = key === undefined ? undefined : (server as Record<symbol, { active?: () => unknown[] } | undefined>)[key];
  return typeof list?.active === 'function' && list.active().includes(parser);
}

/** One client address's connections. */
interface ClientConnections {
  key: string;
  count: number;
  idle: IdleConnections;
}

/** What onRequest should do with a request. */
export type Admission = 'serve' | 'over_capacity' | 'drop';

export class ConnectionGuard {
  private readonly states = new Map<Socket, ConnectionState>();
  /** Every connection that may be evicted, and per client address the same for its own. */
  private readonly idle = new IdleConnections();
  private readonly clients = new Map<string, ClientConnections>();
  private readonly now: () => number;
  private readonly disposed = new AbortController();
  /** Connections accepted, and of them refused (503: the cap full of connections at work). */
  accepted = 0;
  refused = 0;
  /** Idle connections closed to make room for a new one. */
  evicted = { silent: 0, idle: 0 };
  /** Connections destroyed by the write-stall timeout, the queue cap or the first-head deadline (for tests and logs). */
  destroyed = { stalled: 0, queue: 0, deadline: 0 };

  constructor(
    server: http.Server,
    private readonly limits: ConnectionLimits,
    private readonly options: ConnectionGuardOptions,
    timing: ConnectionGuardTiming = {},
  ) {
    this.now = timing.monotonic ?? (() => performance.now());
    // Counted here rather than with server.maxConnections, which closes without an answer.
    server.on('connection', (socket: Socket) => this.accept(socket));
    const stallMs = limits.write_stall_seconds * 1000;
    const headMs = limits.first_head_timeout_seconds * 1000;
    // A quarter of the stall timeout between sweeps, so a stalled connection goes within 1.25×
    // the setting, and a tenth of the first-head deadline (like node's own header-timeout check).
    void this.sweepEvery(Math.max(50, Math.min(1000, stallMs / 4, headMs / 10)), stallMs, headMs, timing.sleep ?? backgroundSleep);
  }

  private accept(socket: Socket): void {
    this.accepted++;
    const key = this.options.perAddress ? clientKey(socket.remoteAddress ?? 'unknown') : '';
    let client = this.clients.get(key);
    if (client === undefined) {
      client = { key, count: 0, idle: new IdleConnections() };
      this.clients.set(key, client);
    }
    // Room within the address's share (evicting its own idle connection), then within the cap
    // (evicting anyone's). Only connections at work are never evicted.
    const perAddressRoom = !this.options.perAddress || client.count < this.limits.max_open_per_address || this.evictFrom(client.idle);
    const room = perAddressRoom && (this.states.size < this.limits.max_open || this.evictFrom(this.idle));
    if (!room) this.refused++;
    const now = this.now();
    const st: ConnectionState = { client, acceptedAt: now, silent: true, pending: 0, closing: false, overCap: !room, lastBytes: 0, lastProgress: now };
    this.states.set(socket, st);
    client.count++;
    // A refused connection is evictable too: it holds a slot until its request is answered.
    this.idle.addSilent(socket);
    client.idle.addSilent(socket);
    socket.once('close', () => this.forget(socket));
  }

  /** Stops counting `socket` (closed, or closing on the guard's decision). */
  private forget(socket: Socket): void {
    const st = this.states.get(socket);
    if (st === undefined) return;
    this.states.delete(socket);
    this.idle.remove(socket);
    st.client.idle.remove(socket);
    if (--st.client.count === 0) this.clients.delete(st.client.key);
  }

  /** Closes the oldest evictable connection of `idle`; false when there is none. */
  private evictFrom(idle: IdleConnections): boolean {
    const found = idle.oldestEvictable(requestBegun);
    if (found === undefined) return false;
    this.evicted[found.kind]++;
    // Forgotten now, not at its 'close' event, so that its slot is free for the new connection.
    this.forget(found.socket);
    found.socket.destroy();
    return true;
  }

  get open(): number {
    return this.states.size;
  }

  /** Decides about a request before it is handled; 'serve' also counts its response as queued. */
  admit(req: http.IncomingMessage, res: http.ServerResponse): Admission {
    const socket = req.socket;
    const st = this.states.get(socket);
    if (st === undefined) return 'serve';
    if (st.silent || st.pending === 0) {
      // A request arrived: the connection is at work, not evictable, until its responses are sent.
      st.silent = false;
      this.idle.remove(socket);
      st.client.idle.remove(socket);
    }
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
    } else if (st.pending === 0 && !st.closing && this.states.has(socket)) {
      // Keep-alive idle: every response sent. node's keepAliveTimeout closes it in time; until
      // then it is the first to go (after the silent ones) when a new client needs the slot.
      this.idle.addIdle(socket);
      st.client.idle.addIdle(socket);
    }
  }

  /** Sweeps every `ms` until disposed. */
  private async sweepEvery(ms: number, stallMs: number, headMs: number, sleep: Sleep): Promise<void> {
    for (;;) {
      try {
        await sleep(ms, this.disposed.signal);
      } catch {
        return; // disposed
      }
      this.sweepSilent(headMs);
      this.sweep(stallMs);
    }
  }

  /** Closes the connections accepted `headMs` ago or more that have not sent a whole request head. */
  private sweepSilent(headMs: number): void {
    const now = this.now();
    // Silent connections are kept in the order they were accepted: stop at the first one in time.
    for (const socket of this.idle.silent) {
      const st = this.states.get(socket);
      if (st !== undefined && now - st.acceptedAt < headMs) break;
      this.destroyed.deadline++;
      if (st === undefined || !socket.writable) {
        this.forget(socket);
        socket.destroy();
        continue;
      }
      // Answered like node's own header timeout (part of a head may have arrived; see
      // idle-connections.ts), then closed once written. Counted until closed, and closing: a head
      // completed meanwhile is not answered.
      st.silent = false;
      st.closing = true;
      this.idle.remove(socket);
      st.client.idle.remove(socket);
      socket.write(this.options.headTimeoutResponse);
      socket.destroySoon();
    }
  }

  private sweep(stallMs: number): void {
    const now = this.now();
    for (const [socket, st] of this.states) {
      // Bytes waiting for the kernel, not a response still open: an event stream between two
      // events (or a handler still at work) has nothing unflushed and is no stall. Counting open
      // responses cut the dashboard's quiet document stream after the stall time mid-body.
      const backedUp = socket.writableLength > 0;
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
