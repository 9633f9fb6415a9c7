// The live stream of `chainlytics serve` (docs/live.md, CONTRACT.md section 12) as the dashboard
// reads it: one EventSource per stream, closed while the tab is hidden and opened again when it
// is visible (a hidden tab needs no figure a second), and otherwise left to EventSource's own
// retry. A static export has no stream: nginx answers a stream request with a retry and a close
// (deploy/nginx), so no message ever comes and the live parts of a page stay absent.
import { useEffect, useState } from 'preact/hooks';

/** A `document` event (CONTRACT.md 12.7): the paths of the newly published set that changed. */
export interface DocumentEvent {
  type: 'document';
  changed: { path: string; etag: string }[];
  removed: string[];
  truncated: boolean;
  resync: boolean;
}

export interface StreamHandlers {
  /** An unnamed message (`initial`, `update`), parsed. */
  message?: (data: unknown) => void;
  /** A `document` event. */
  document?: (event: DocumentEvent) => void;
  /** The stream is open; `resumed`: it named the last event it saw, so the server sends what was missed. */
  open?: (resumed: boolean) => void;
  /** The page closed the stream (the tab is hidden). */
  closed?: () => void;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Subscribes to the stream at `path`; returns the function that ends the subscription. */
export function subscribe(path: string, h: StreamHandlers): () => void {
  if (typeof EventSource !== 'function') return () => undefined;
  let source: EventSource | null = null;
  // The id of the last event seen, across the EventSources of this subscription: a stream opened
  // again names it (?last_event_id=, as EventSource's own retry sends Last-Event-ID).
  let lastId = '';
  // Refused for good (an error status or another media type: a host without the stream, such as
  // a static export behind a server other than the nginx site): never asked again from this page.
  let refused = false;
  const open = (): void => {
    if (source !== null || refused) return;
    const resumed = lastId !== '';
    const s = new EventSource(resumed ? `${path}${path.includes('?') ? '&' : '?'}last_event_id=${encodeURIComponent(lastId)}` : path);
    s.onopen = () => h.open?.(lastId !== '');
    s.onerror = () => {
      if (s.readyState === EventSource.CLOSED) refused = true;
    };
    s.onmessage = (e) => {
      if (e.lastEventId) lastId = e.lastEventId;
      const data = parse(e.data as string);
      if (data !== null) h.message?.(data);
    };
    s.addEventListener('document', (e) => {
      const m = e as MessageEvent<string>;
      if (m.lastEventId) lastId = m.lastEventId;
      const data = parse(m.data) as DocumentEvent | null;
      if (data !== null) h.document?.(data);
    });
    source = s;
  };
  const close = (): void => {
    if (source === null) return;
    source.close();
    source = null;
    h.closed?.();
  };
  const visibility = (): void => (document.visibilityState === 'hidden' ? close() : open());
  document.addEventListener('visibilitychange', visibility);
  if (document.visibilityState !== 'hidden') open();
  return () => {
    document.removeEventListener('visibilitychange', visibility);
    source?.close();
    source = null;
  };
}

/**
 * The server ticks every second while a chain is fresh and sends nothing once it is not
 * (CONTRACT.md 12.4): a stream quiet this long shows no figures.
 */
export const QUIET_MS = 10_000;

/**
 * The latest message of the stream at `path` (none: no stream), or null before the first one,
 * while the tab is hidden, and after QUIET_MS without one.
 */
export function useLiveMessage<T>(path: string | null): T | null {
  const [message, setMessage] = useState<T | null>(null);
  useEffect(() => {
    if (path === null) return;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const forget = (): void => {
      clearTimeout(quiet);
      setMessage(null);
    };
    const stop = subscribe(path, {
      message: (m) => {
        setMessage(m as T);
        clearTimeout(quiet);
        quiet = setTimeout(forget, QUIET_MS);
      },
      closed: forget,
    });
    return () => {
      stop();
      forget();
    };
  }, [path]);
  return message;
}
