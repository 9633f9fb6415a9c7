// A component's documents: loading, loaded, or failed (with the server's error). When the
// document stream says a held document changed (document-watch.ts), the loader runs again and the
// page shows the new values without a reload; a page that failed (no document set yet) tries again
// after each document event.
import { useEffect, useRef, useState } from 'preact/hooks';
import { LoadError, onDocuments } from './api.js';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'error'; error: LoadError };

export function useLoad<T>(loader: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [revision, setRevision] = useState(0);
  const shown = useRef(result);
  shown.current = result;
  useEffect(() => onDocuments((changed) => (changed || shown.current.state === 'error') && setRevision((r) => r + 1)), []);
  const loadedRevision = useRef(revision);
  useEffect(() => {
    let live = true;
    // A new revision of the same view keeps what it shows until the new values are in.
    const refresh = loadedRevision.current !== revision && shown.current.state !== 'loading';
    loadedRevision.current = revision;
    if (!refresh) setResult({ state: 'loading' });
    loader().then(
      (value) => live && setResult({ state: 'ok', value }),
      (err: unknown) => {
        if (!live || (refresh && shown.current.state === 'ok')) return;
        const error = err instanceof LoadError ? err : new LoadError('', 0, 'client', err instanceof Error ? err.message : String(err), null);
        setResult({ state: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, revision]);
  return result;
}
