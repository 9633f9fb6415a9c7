// Conditional GET (RFC 9110 section 13). If-None-Match uses the weak comparison: "W/" is ignored
// on either side, so a cache that weakened our tag still revalidates. A document has one strong
// ETag per encoding; any of them matches, because all three name the same content.

/** True when the If-None-Match header matches one of `tags` (quoted strong tags). */
export function ifNoneMatchMatches(header: string, tags: readonly string[]): boolean {
  // The common case: the client echoes exactly the tag it was given.
  for (const t of tags) if (header === t) return true;
  let i = 0;
  const n = header.length;
  while (i < n) {
    const c = header.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x2c) {
      i++;
      continue;
    }
    if (c === 0x2a /* * */) return true;
    if (c === 0x57 /* W */ && header.charCodeAt(i + 1) === 0x2f /* / */) i += 2;
    if (header.charCodeAt(i) !== 0x22 /* " */) return false; // malformed list: stop matching
    const end = header.indexOf('"', i + 1);
    if (end < 0) return false;
    const opaque = header.slice(i, end + 1);
    for (const t of tags) if (opaque === t) return true;
    i = end + 1;
  }
  return false;
}

/**
 * True when If-Modified-Since is a valid date at or after the last modification. HTTP dates
 * have whole seconds, so the build time is truncated before comparing. A date later than `nowMs`
 * is invalid (RFC 9110 13.1.3) and ignored: a client cannot pin a document by sending the future.
 */
export function notModifiedSince(header: string, lastModifiedMs: number, nowMs = Number.POSITIVE_INFINITY): boolean {
  const since = Date.parse(header);
  if (Number.isNaN(since) || since > nowMs) return false;
  return Math.floor(lastModifiedMs / 1000) * 1000 <= since;
}
