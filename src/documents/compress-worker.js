// One thread of the document compression pool (compress-pool.ts). Plain JavaScript so that it
// loads in a bare worker thread: the TypeScript loader of the main thread (tsx, vitest) is not
// carried over to workers.
//
// A job is a body (its memory moved here, not copied) with the brotli and gzip options chosen by
// document-set.ts. The answer moves the body back with its two variants and its SHA-256, so the
// main thread only serializes: compressing with zlib's async functions instead left per-call
// stream objects, output chunk handling and their garbage on the main thread.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The bytes of `b` in an ArrayBuffer of their own, so they can be moved without taking neighbours along. */
function own(b) {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b);
}

parentPort.on('message', ({ id, body, brotli, gzip }) => {
  try {
    const input = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    // The sync functions with the options the main thread passed: the same bytes as
    // brotliCompressSync / gzipSync there, or zlib's async functions.
    const br = own(brotliCompressSync(input, brotli));
    const gz = own(gzipSync(input, gzip));
    const sha256 = createHash('sha256').update(input).digest('base64url');
    parentPort.postMessage({ id, body, br, gzip: gz, sha256 }, [body.buffer, br.buffer, gz.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
