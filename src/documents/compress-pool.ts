// The worker threads that compress and hash document bodies for buildDocumentSetAsync
// (compress-worker.ts does the work). Started on first use, one per core; a worker is
// unreferenced while it has nothing to do, so an idle pool never keeps the process alive.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BrotliOptions, ZlibOptions } from 'node:zlib';
import { workerEntry } from '../entry-points.js';
import type { CompressAnswer, CompressRequest } from './compress-worker.js';

export interface CompressJob {
  /** Moved to the worker: unusable here until the result hands it back. */
  body: Buffer;
  brotli: BrotliOptions;
  gzip: ZlibOptions;
}

export interface CompressResult {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** SHA-256 of the body, base64url. */
  sha256: string;
}

interface Waiting {
  resolve(r: CompressResult): void;
  reject(e: Error): void;
}

interface PoolWorker {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

/** Two workers keep both cores of the reference machine busy while the main thread serializes; more cores, more workers, up to 8. */
export const POOL_SIZE = Math.min(8, Math.max(1, availableParallelism()));

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

const pool: PoolWorker[] = [];
let nextId = 0;

function start(): PoolWorker {
  // compress-worker.js next to this file, or compress-worker.ts through tsx from the sources.
  const entry = workerEntry(import.meta.url, './compress-worker');
  const p: PoolWorker = { worker: new Worker(entry.filename, entry.options), waiting: new Map() };
  p.worker.unref();
  p.worker.on('message', (a: CompressAnswer) => {
    const w = p.waiting.get(a.id);
    if (!w) return;
    p.waiting.delete(a.id);
    if (p.waiting.size === 0) p.worker.unref();
    if (a.error !== undefined) w.reject(new Error(`document compression failed: ${a.error}`));
    else w.resolve({ body: asBuffer(a.body), br: asBuffer(a.br), gzip: asBuffer(a.gzip), sha256: a.sha256 });
  });
  // A worker that dies fails what it was given, and leaves the pool: the next job starts a new one.
  const fail = (why: string) => {
    const i = pool.indexOf(p);
    if (i >= 0) pool.splice(i, 1);
    for (const w of p.waiting.values()) w.reject(new Error(`document compression worker ${why}`));
    p.waiting.clear();
  };
  p.worker.on('error', (err) => fail(`failed: ${err.message}`));
  p.worker.on('exit', (code) => fail(`exited with code ${code}`));
  return p;
}

/** The least busy worker, starting one while the pool is not full. */
function pick(): PoolWorker {
  let best: PoolWorker | undefined;
  for (const p of pool) if (!best || p.waiting.size < best.waiting.size) best = p;
  if (best && (best.waiting.size === 0 || pool.length >= POOL_SIZE)) return best;
  const p = start();
  pool.push(p);
  return p;
}

/**
 * Compresses and hashes a body on a worker thread. The body's memory is moved there, not copied,
 * when the body owns its whole ArrayBuffer (a serialized document does; a small Buffer sliced
 * from Node's shared pool is copied instead), and comes back as the result's `body`.
 */
export function compressInPool(job: CompressJob): Promise<CompressResult> {
  const p = pick();
  const id = nextId++;
  const { body } = job;
  const moved = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : new Uint8Array(body);
  return new Promise((resolve, reject) => {
    p.waiting.set(id, { resolve, reject });
    p.worker.ref();
    try {
      const request: CompressRequest = { id, body: moved, brotli: job.brotli, gzip: job.gzip };
      p.worker.postMessage(request, [moved.buffer as ArrayBuffer]);
    } catch (err) {
      p.waiting.delete(id);
      if (p.waiting.size === 0) p.worker.unref();
      throw err;
    }
  });
}
