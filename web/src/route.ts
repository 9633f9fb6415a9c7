// Hash routing: "#/chain/base?c=eth". Every page and every switch on it is in the URL, so a view
// can be shared or bookmarked, and the server and nginx need to answer only "/".
import { useEffect, useState } from 'preact/hooks';

export interface Route {
  /** Path segments after "#/", e.g. ["chain", "base"]; [] for the home page. */
  segments: string[];
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path, qs = ''] = raw.split('?', 2);
  const segments = path.split('/').filter((s) => s !== '').map(decodeSegment);
  return { segments, query: new URLSearchParams(qs) };
}

/** A hand-typed URL may hold a broken escape ("%zz"): kept as typed, it names no page (not found). */
function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function href(segments: string[], query: Record<string, string | undefined> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') qs.set(k, v);
  const q = qs.toString();
  return `#/${segments.map(encodeURIComponent).join('/')}${q ? `?${q}` : ''}`;
}

const listeners = new Set<() => void>();
function notify(): void {
  for (const l of listeners) l();
}
window.addEventListener('hashchange', notify);

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const update = (): void => setRoute(parseHash(location.hash));
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return route;
}

/**
 * Changes query parameters of the current page. `replace` (for typing in a search box) keeps one
 * history entry; switches add one, so Back undoes them.
 */
export function setQuery(patch: Record<string, string | undefined>, replace = false): void {
  const { segments, query } = parseHash(location.hash);
  const next: Record<string, string | undefined> = Object.fromEntries(query.entries());
  Object.assign(next, patch);
  const target = href(segments, next);
  if (replace) {
    history.replaceState(null, '', target);
    notify();
  } else {
    location.hash = target;
  }
}
