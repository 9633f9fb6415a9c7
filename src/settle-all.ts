// Waiting for every one of a group of promises before failing: Promise.all rejects at the first
// failure while the others go on (a retry, a write, a worker still running behind the caller's
// back). The callers here must not return while work they started is in flight.

/** Every value, in order, once all have settled; else the first rejection in order. */
export async function settleAll<T>(promises: Iterable<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
