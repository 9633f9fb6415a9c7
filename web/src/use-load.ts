// A component's documents: loading, loaded, or failed (with the server's error).
import { useEffect, useState } from 'preact/hooks';
import { LoadError } from './api.js';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'error'; error: LoadError };

export function useLoad<T>(loader: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setResult({ state: 'loading' });
    loader().then(
      (value) => live && setResult({ state: 'ok', value }),
      (err: unknown) => {
        if (!live) return;
        const error = err instanceof LoadError ? err : new LoadError('', 0, 'client', err instanceof Error ? err.message : String(err), null);
        setResult({ state: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, deps);
  return result;
}
