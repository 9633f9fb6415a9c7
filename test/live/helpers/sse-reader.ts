// An EventSource-like reader for tests: a raw HTTP request whose body is parsed as the
// Server-Sent-Events format (fields id, event, data, retry; comment lines), event by event as the
// bytes arrive. `next()` waits for the next event; nothing here measures time.
import http from 'node:http';

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comments: string[];
}

export class SseReader {
  readonly events: SseEvent[] = [];
  /** Every byte of the body as received. */
  raw = '';
  private read = 0;
  private pending = '';
  private waiter: (() => void) | null = null;
  ended = false;
  readonly done: Promise<void>;

  private constructor(
    readonly res: http.IncomingMessage,
    readonly req: http.ClientRequest,
  ) {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      this.raw += chunk;
      this.pending += chunk;
      let cut: number;
      while ((cut = this.pending.indexOf('\n\n')) >= 0) {
        this.events.push(parseBlock(this.pending.slice(0, cut)));
        this.pending = this.pending.slice(cut + 2);
      }
      this.wake();
    });
    this.done = new Promise((resolve) => {
      const end = (): void => {
        this.ended = true;
        this.wake();
        resolve();
      };
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
    });
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => resolve(new SseReader(res, req)));
      req.on('error', reject);
    });
  }

  get status(): number {
    return this.res.statusCode ?? 0;
  }

  /** The next event not yet taken; null once the stream ended without one. */
  async next(): Promise<SseEvent | null> {
    for (;;) {
      if (this.read < this.events.length) return this.events[this.read++];
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  /** The next event that carries data (skipping retry-only blocks and comments). */
  async nextData(): Promise<SseEvent | null> {
    for (;;) {
      const e = await this.next();
      if (e === null || e.data !== undefined) return e;
    }
  }

  close(): void {
    this.req.destroy();
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }
}

function parseBlock(block: string): SseEvent {
  const e: SseEvent = { comments: [] };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      e.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') e.id = value;
    else if (field === 'event') e.event = value;
    else if (field === 'data') e.data = e.data === undefined ? value : `${e.data}\n${value}`;
    else if (field === 'retry') e.retry = Number(value);
  }
  return e;
}
