// API keys (interface.md 5.1, CONTRACT.md section 7): the configuration holds only sha256 hashes;
// a presented key is hashed and compared against every configured hash in constant time, without
// stopping at the first match, so timing reveals neither the key nor which entry matched.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApiKeyConfig as ApiKeyEntry } from '../registry/server-settings.js';

/** The sha256 hex an operator puts into the configuration for `key`. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key a request presents: Authorization: Bearer <key> first, then X-API-Key; null when none. */
export function presentedApiKey(headers: { authorization?: string; 'x-api-key'?: string | string[] }): string | null {
  const auth = headers.authorization;
  if (auth !== undefined) {
    const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(auth);
    if (m !== null) return m[1];
  }
  const x = headers['x-api-key'];
  if (typeof x === 'string' && x.trim() !== '') return x.trim();
  return null;
}

export class ApiKeyTable {
  readonly #entries: { entry: ApiKeyEntry; digest: Buffer }[];

  constructor(keys: readonly ApiKeyEntry[]) {
    this.#entries = keys.map((entry) => ({ entry, digest: Buffer.from(entry.sha256, 'hex') }));
  }

  get size(): number {
    return this.#entries.length;
  }

  /** The configured entry whose hash matches `key`, or null. */
  lookup(key: string): ApiKeyEntry | null {
    const digest = createHash('sha256').update(key, 'utf8').digest();
    let found: ApiKeyEntry | null = null;
    for (const e of this.#entries) {
      // Both sides are 32 bytes by construction (config validation), as timingSafeEqual requires.
      if (timingSafeEqual(digest, e.digest) && found === null) found = e.entry;
    }
    return found;
  }
}
