// The bytes of the Server-Sent-Events framing (CONTRACT.md 12.2): a message is an id line and one
// data line of JSON, ended by a blank line; document events are named (12.7) so that a client
// listening with onmessage only never sees them. JSON.stringify never writes a raw line break,
// so one data line always holds the whole message.

export function messageFrame(id: string, json: string): Buffer {
  return Buffer.from(`id: ${id}\ndata: ${json}\n\n`, 'utf8');
}

export function namedFrame(event: string, id: string, json: string): Buffer {
  return Buffer.from(`event: ${event}\nid: ${id}\ndata: ${json}\n\n`, 'utf8');
}

export function retryFrame(ms: number): Buffer {
  return Buffer.from(`retry: ${Math.round(ms)}\n\n`, 'latin1');
}

export const HEARTBEAT_FRAME = Buffer.from(': hb\n\n', 'latin1');
export const BUSY_FRAME = Buffer.from(': busy\n\n', 'latin1');

/** The first retry a stream announces, and what a stream closed for another reason announces. */
export const RETRY_MS = { open: 3000, busy: 30_000, lifetime: 1000, shutdown: 2000 } as const;

/** `ms` ± `fraction` of it, uniformly: reconnects spread out instead of arriving at once. */
export function jittered(ms: number, fraction: number, random: () => number): number {
  return Math.round(ms * (1 - fraction + 2 * fraction * random()));
}
