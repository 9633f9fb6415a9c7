// The open streams, counted in total, per kind and per client address (CONTRACT.md 12.8), with
// the counters /metrics reads. A stream leaves the registry the moment it closes, whoever closed it.
import type { CloseReason, LiveStream, StreamKind } from './live-stream.js';

export type Refusal = 'busy' | 'address';

export class StreamRegistry {
  readonly streams = new Set<LiveStream>();
  private readonly perAddress = new Map<string, number>();
  readonly byKind: Record<StreamKind, number> = { events: 0, chain: 0, documents: 0 };
  readonly closed: Record<CloseReason, number> = { client: 0, slow: 0, stalled: 0, lifetime: 0, shutdown: 0 };
  /** Streams refused at a cap (busy: the total, address: one client's share). */
  readonly refused: Record<Refusal, number> = { busy: 0, address: 0 };
  updatesSkipped = 0;

  constructor(
    private readonly maxStreams: number,
    private readonly maxPerAddress: number,
  ) {}

  /** Null when a stream of `address` may open, else which cap it hits. */
  refusal(address: string): Refusal | null {
    if (this.streams.size >= this.maxStreams) return 'busy';
    if ((this.perAddress.get(address) ?? 0) >= this.maxPerAddress) return 'address';
    return null;
  }

  add(s: LiveStream): void {
    this.streams.add(s);
    this.byKind[s.kind]++;
    this.perAddress.set(s.address, (this.perAddress.get(s.address) ?? 0) + 1);
  }

  /** The stream's onClose. */
  readonly remove = (s: LiveStream, reason: CloseReason): void => {
    if (!this.streams.delete(s)) return;
    this.byKind[s.kind]--;
    this.closed[reason]++;
    const n = (this.perAddress.get(s.address) ?? 1) - 1;
    if (n <= 0) this.perAddress.delete(s.address);
    else this.perAddress.set(s.address, n);
  };
}
