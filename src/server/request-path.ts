// Turns a raw request target into the path the document map is keyed by, or a 400 reason.
// The rules are strict on purpose: documents are only ever named with [a-z0-9_.-] segments, so
// anything else is a client bug or a probe, and answering it early keeps the lookup trivial.
//
//   - origin-form "/a/b" is required; absolute-form "http://host/a/b" is reduced to its path.
//   - the query string is ignored (documents take no parameters); a fragment ("#") is rejected.
//   - percent-escapes are decoded once; an escape that is not "%" + two hex digits is rejected;
//     an encoded "/" or "\" (%2F, %5C) is rejected rather than decoded, so a key can never
//     contain a path separator.
//   - after decoding, every segment must match [a-z0-9_.-]{1,128} and must not contain "..";
//     a "." segment is rejected too. Empty segments ("//") are rejected; only the final segment
//     may be empty (a trailing slash names a folder, which is never a document: 404).
//   - the whole target may be at most MAX_TARGET_LENGTH characters.

import { MAX_SEGMENT_LENGTH } from '../documents/path-rules.js';

export { MAX_SEGMENT_LENGTH };
export const MAX_TARGET_LENGTH = 2048;

export type PathResult = { ok: true; path: string } | { ok: false; message: string };

const SEGMENT_CHAR = /^[a-z0-9_.-]*$/;
const HEX = /^[0-9a-fA-F]{2}$/;

export function parseRequestPath(target: string): PathResult {
  if (target.length > MAX_TARGET_LENGTH) {
    return { ok: false, message: `The request target is longer than ${MAX_TARGET_LENGTH} characters.` };
  }
  let path = target;
  if (!path.startsWith('/')) {
    const m = /^https?:\/\/[^/?#]*/i.exec(path);
    if (m === null) return { ok: false, message: 'The request target must be a path starting with "/".' };
    path = path.slice(m[0].length) || '/';
  }
  const q = path.indexOf('?');
  if (q >= 0) path = path.slice(0, q);
  if (path.includes('#')) return { ok: false, message: 'The request target must not contain a fragment ("#").' };

  const raw = path.split('/');
  const out: string[] = [''];
  for (let i = 1; i < raw.length; i++) {
    const seg = raw[i];
    if (seg === '') {
      if (i === raw.length - 1) {
        out.push('');
        continue;
      }
      return { ok: false, message: 'The path contains an empty segment ("//").' };
    }
    const decoded = seg.includes('%') ? decodeSegment(seg) : { ok: true as const, path: seg };
    if (!decoded.ok) return decoded;
    const s = decoded.path;
    if (s.length > MAX_SEGMENT_LENGTH) {
      return { ok: false, message: `A path segment is longer than ${MAX_SEGMENT_LENGTH} characters.` };
    }
    if (!SEGMENT_CHAR.test(s)) {
      const bad = [...s].find((c) => !SEGMENT_CHAR.test(c)) ?? '';
      return { ok: false, message: `The path contains the character ${describeChar(bad)}, which no document name uses.` };
    }
    if (s.includes('..') || s === '.') {
      return { ok: false, message: 'The path contains a "." or ".." segment.' };
    }
    out.push(s);
  }
  return { ok: true, path: out.join('/') };
}

function decodeSegment(seg: string): PathResult {
  let out = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    const hex = seg.slice(i + 1, i + 3);
    if (!HEX.test(hex)) return { ok: false, message: 'The path contains a malformed percent-escape.' };
    const code = parseInt(hex, 16);
    if (code === 0x2f || code === 0x5c) {
      return { ok: false, message: 'The path contains an encoded slash (%2F or %5C).' };
    }
    // Only single-byte characters can be valid after decoding; multi-byte UTF-8 escapes decode to
    // bytes >= 0x80 and are rejected by the character rule with a readable name.
    out += String.fromCharCode(code);
    i += 2;
  }
  return { ok: true, path: out };
}

/** A safe, readable name for a rejected character (it may be a control byte). */
function describeChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  if (code >= 0x21 && code <= 0x7e) return `"${c}"`;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
