// settleAll waits for every promise before it fails, and fails with the first rejection in order.
import { describe, expect, it } from 'vitest';
import { settleAll } from '../src/settle-all.js';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('settleAll', () => {
  it('gives every value in order', async () => {
    expect(await settleAll([Promise.resolve(1), Promise.resolve(2)])).toEqual([1, 2]);
  });

  it('does not fail while another promise is still pending, then fails with the first rejection in order', async () => {
    const [a, b, c] = [deferred<number>(), deferred<number>(), deferred<number>()];
    let outcome: unknown = 'pending';
    const all = settleAll([a.promise, b.promise, c.promise]).then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    void all.then((o) => (outcome = o));
    c.reject(new Error('third'));
    b.reject(new Error('second'));
    await Promise.resolve();
    await Promise.resolve();
    expect(outcome).toBe('pending');
    a.resolve(1);
    expect(await all).toBe('second');
  });
});
