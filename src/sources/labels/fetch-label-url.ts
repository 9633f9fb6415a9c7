// Reads a label export over HTTP(S) with undici. A label source is a file-sized document, so
// one request with a deadline and no retries: the next import round tries again, and the last
// good import stays in the store meanwhile. The answer is read up to `maxBytes`
// (rpc/capped-body.ts): a larger one, announced or streamed, is refused and the connection closed.
import { request } from 'undici';
import { announcedLength, AnswerTooLargeError, MIB, readCappedBody } from '../../rpc/capped-body.js';

export interface LabelUrlOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Larger answers are refused (default 64 MiB: max_answer_mb.labels). */
  maxBytes?: number;
}

export async function fetchLabelUrl(url: string, opts: LabelUrlOptions = {}): Promise<string> {
  const timeout = opts.timeoutMs ?? 30_000;
  const deadline = AbortSignal.timeout(timeout);
  // Aborted when the body passes its cap: undici then closes the connection.
  const cut = new AbortController();
  const signal = AbortSignal.any([deadline, cut.signal, ...(opts.signal ? [opts.signal] : [])]);
  const max = opts.maxBytes ?? 64 * MIB;
  let res;
  try {
    res = await request(url, { method: 'GET', headers: { accept: 'application/json, text/csv;q=0.9, */*;q=0.1' }, signal });
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    throw new Error(deadline.aborted ? `no answer within ${timeout} ms` : String((err as Error).message ?? err));
  }
  if (res.statusCode !== 200) {
    await res.body.dump().catch(() => undefined);
    throw new Error(`HTTP ${res.statusCode}`);
  }
  try {
    return (await readCappedBody(res.body, { cap: max, announced: announcedLength(res.headers['content-length']), abort: () => cut.abort() })).toString('utf8');
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (err instanceof AnswerTooLargeError) throw new Error(err.explain(publicUrl(url), 'max_answer_mb.labels'));
    throw new Error(deadline.aborted ? `no answer within ${timeout} ms` : String((err as Error).message ?? err));
  }
}

/** A URL as messages show it: without user info, query or fragment (they may hold a key). */
export function publicUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'label URL';
  }
}
