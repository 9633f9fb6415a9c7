// Keeps the documents a page shows current without a reload: serve's /events/documents stream
// (CONTRACT.md 12.7) names each path a newly published set changed, with its new ETag; a held
// document it names is fetched again with If-None-Match, and the pages load again from what is
// held (use-load.ts). Opened once, when the dashboard starts, before the first page's documents
// are fetched ("subscribe first, then fetch").
import { documentsSettled, forget, heldDocuments, revalidate, setWatching } from './api.js';
import { subscribe, type DocumentEvent } from './live.js';

/**
 * True when `held` names the body `announced` does: an event gives the identity ETag ("h"), the
 * browser holds the one of the encoding it was sent ("h-br", "h-gzip"; docs/http.md).
 */
function sameBody(held: string | null, announced: string): boolean {
  return held !== null && [announced, announced.replace(/"$/, '-br"'), announced.replace(/"$/, '-gzip"')].includes(held);
}

/** The held documents an event says to fetch again: those it names with another body, or all of them. */
function toRevalidate(event: DocumentEvent): string[] {
  const held = heldDocuments();
  if (event.truncated || event.resync) return held.map((h) => h.path);
  const announced = new Map(event.changed.map((c) => [c.path, c.etag]));
  return held.filter((h) => announced.has(h.path) && !sameBody(h.etag, announced.get(h.path)!)).map((h) => h.path);
}

export function watchDocuments(): () => void {
  // One event at a time, in order: a later event's fetches start after an earlier one's ended.
  let queue = Promise.resolve();
  const after = (work: () => Promise<boolean>): void => {
    queue = queue.then(work).then(documentsSettled, () => documentsSettled(true));
  };
  return subscribe('/events/documents', {
    // Opened without naming a last event (the first time, or after the tab was hidden before any
    // event came): what was loaded while no stream was open is asked for again, 304 if unchanged.
    open: (resumed) => {
      const unwatched = resumed ? [] : heldDocuments().filter((h) => h.unwatched).map((h) => h.path);
      setWatching(true);
      if (unwatched.length > 0) after(() => revalidate(unwatched));
    },
    closed: () => setWatching(false),
    document: (event) =>
      after(async () => {
        const removed = forget(event.removed);
        return (await revalidate(toRevalidate(event))) || removed;
      }),
  });
}
