// One thread of the document compression pool (compress-pool.ts), started from the compiled
// compress-worker.js next to it, or from this file through tsx when running from the sources
// (src/entry-points.ts).
//
// A job is a body (its memory moved here, not copied) with the brotli and gzip options chosen by
// document-set.ts. The answer moves the body back with its two variants and its SHA-256, so the
// main thread only serializes: compressing with zlib's async functions instead left per-call
// stream objects, output chunk handling and their garbage on the main thread.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** What compress-pool.ts posts. */
export interface CompressRequest {
  id: number;
  body: Uint8Array;
  brotli: BrotliOptions;
  gzip: ZlibOptions;
}

/** What this thread answers: the body moved back with its variants and hash, or the error. */
export type CompressAnswer =
  | { id: number; error?: undefined; body: Uint8Array; br: Uint8Array; gzip: Uint8Array; sha256: string }
  | { id: number; error: string };

/** The bytes of `b` in an ArrayBuffer of their own, so they can be moved without taking neighbours along. */
function own(b: Uint8Array): Uint8Array {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b);
}

const port = parentPort;
if (port === null) throw new Error('compress-worker: not started as a worker thread (compress-pool.ts starts it)');

port.on('message', ({ id, body, brotli, gzip }: CompressRequest) => {
  try {
    const input = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    // The sync functions with the options the main thread passed: the same bytes as
    // brotliCompressSync / gzipSync there, or zlib's async functions.
    const br = own(brotliCompressSync(input, brotli));
    const gz = own(gzipSync(input, gzip));
    const sha256 = createHash('sha256').update(input).digest('base64url');
    const answer: CompressAnswer = { id, body, br, gzip: gz, sha256 };
    port.postMessage(answer, [body.buffer as ArrayBuffer, br.buffer as ArrayBuffer, gz.buffer as ArrayBuffer]);
  } catch (err) {
    const answer: CompressAnswer = { id, error: err instanceof Error ? err.message : String(err) };
    port.postMessage(answer);
  }
});
