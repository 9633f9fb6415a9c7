// Document notifications (CONTRACT.md 12.7): after each swap of the served set that changed at
// least one path, one `document` event names the paths that are new or whose ETag differs, and
// the paths now gone. The events of the resume window are kept, so a client reconnecting with
// Last-Event-ID gets exactly the ones it missed, or one `resync` when that is no longer possible.
import type { DocumentSet } from '../documents/document-set.js';
import { formatUtc } from '../metrics/calendar.js';
import type { EventIds, EventPosition } from './event-ids.js';

/** Above this many entries an event carries none and says `truncated`: revalidate everything. */
export const MAX_ENTRIES = 1000;

export interface ChangedDocument {
  path: string;
  etag: string;
  last_updated_utc: string;
}

export interface DocumentEvent {
  type: 'document';
  last_updated_utc: string;
  changed: ChangedDocument[];
  removed: string[];
  truncated: boolean;
  resync: boolean;
}

export interface KeptEvent {
  id: string;
  seq: number;
  at_ms: number;
  event: DocumentEvent;
}

/** What a swap changed, or null when no path did. */
export function documentChanges(next: DocumentSet, previous: DocumentSet | null): DocumentEvent | null {
  const changed: ChangedDocument[] = [];
  for (const [path, e] of next.entries) {
    if (previous?.entries.get(path)?.etag === e.etag) continue;
    changed.push({ path, etag: e.etag, last_updated_utc: formatUtc(e.builtAt) });
  }
  const removed: string[] = [];
  if (previous !== null) for (const path of previous.entries.keys()) if (!next.entries.has(path)) removed.push(path);
  if (changed.length === 0 && removed.length === 0) return null;
  const truncated = changed.length + removed.length > MAX_ENTRIES;
  changed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  removed.sort();
  return { type: 'document', last_updated_utc: formatUtc(next.builtAt), changed: truncated ? [] : changed, removed: truncated ? [] : removed, truncated, resync: false };
}

/** The event that tells a client to revalidate everything it holds. */
export function resyncEvent(nowMs: number): DocumentEvent {
  return { type: 'document', last_updated_utc: formatUtc(nowMs), changed: [], removed: [], truncated: false, resync: true };
}

/** The event as a stream filtered by `prefixes` sees it; null when nothing of it is left. */
export function filtered(event: DocumentEvent, prefixes: readonly string[]): DocumentEvent | null {
  if (prefixes.length === 0 || event.truncated || event.resync) return event;
  const keep = (p: string): boolean => prefixes.some((x) => p.startsWith(x));
  const changed = event.changed.filter((c) => keep(c.path));
  const removed = event.removed.filter(keep);
  return changed.length === 0 && removed.length === 0 ? null : { ...event, changed, removed };
}

/** The document events of the resume window: at most `maxEvents`, none older than `maxAgeMs`. */
export class ResumeWindow {
  private readonly events: KeptEvent[] = [];
  /** The highest sequence number of an event that left the window. */
  private lostAfter = 0;

  constructor(
    private readonly ids: EventIds,
    private readonly maxEvents: number,
    private readonly maxAgeMs: number,
  ) {}

  add(event: DocumentEvent, nowMs: number): KeptEvent {
    const { id, seq } = this.ids.next();
    const kept = { id, seq, at_ms: nowMs, event };
    this.events.push(kept);
    this.expire(nowMs);
    return kept;
  }

  /**
   * The events after `from`, in order; null when they cannot all be given (another boot, an id
   * not handed out yet, or an event after it has left the window): the client must resync.
   */
  after(from: EventPosition, nowMs: number): KeptEvent[] | null {
    this.expire(nowMs);
    if (from.boot !== this.ids.boot || from.seq > this.ids.current || from.seq < this.lostAfter) return null;
    return this.events.filter((e) => e.seq > from.seq);
  }

  private expire(nowMs: number): void {
    while (this.events.length > 0 && (this.events.length > this.maxEvents || this.events[0].at_ms < nowMs - this.maxAgeMs)) {
      this.lostAfter = this.events.shift()!.seq;
    }
  }
}
