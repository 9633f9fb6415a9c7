// Reads a label export over HTTP(S) with undici. A label source is a file-sized document, so
// one request with a deadline and no retries: the next import round tries again, and the last
// good import stays in the store meanwhile.
import { request } from 'undici';

export interface LabelUrlOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Larger answers are refused (default 64 MiB). */
  maxBytes?: number;
}

export async function fetchLabelUrl(url: string, opts: LabelUrlOptions = {}): Promise<string> {
  const timeout = opts.timeoutMs ?? 30_000;
  const deadline = AbortSignal.timeout(timeout);
  const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
  const max = opts.maxBytes ?? 64 * 1024 * 1024;
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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      res.body.destroy();
      throw new Error(`answer larger than ${max} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
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
