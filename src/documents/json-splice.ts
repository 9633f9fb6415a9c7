// A JSON document's bytes made from parts serialized earlier. A builder that keeps the text of
// the parts of a document that did not change (apps/app-details-body.ts keeps each project's
// daily part) puts a slot where each such part goes, and this serializes the rest once and
// copies the kept bytes into the slots. The result is the bytes JSON.stringify gives for the
// document with each slot replaced by the value its bytes were made from: JSON.stringify without
// indentation writes a nested value's text unchanged wherever it stands, and the slots are found
// in the serialized text itself, so the key order of the objects around them is JSON.stringify's
// own (integer-like keys first included).
import { randomBytes } from 'node:crypto';
import { checkedJsonText } from './document-set.js';

/**
 * A slot's text: a string JSON.stringify escapes ("\u0000" is written as six characters), with a
 * nonce drawn once per process, so a string of the data itself is not mistaken for one. Should
 * one be anyway, the slots found differ from the slots made and spliceJson says so (null).
 */
const NONCE = randomBytes(8).toString('hex');
const SLOT_PREFIX = `\u0000slot:${NONCE}:`;
const SLOT_RE = new RegExp(`"\\\\u0000slot:${NONCE}:(\\d+)\\\\u0000"`, 'g');

/** Collects the kept parts of one document; `slot(bytes)` is what the document holds in their place. */
export class JsonSlots {
  readonly parts: Buffer[] = [];
  slot(bytes: Buffer): string {
    this.parts.push(bytes);
    return `${SLOT_PREFIX}${this.parts.length - 1}\u0000`;
  }
}

/**
 * The bytes of `skeleton` (checked as every document is: no non-finite number) with each slot
 * replaced by its part; null when the slots found are not exactly the slots made, once each.
 */
export function spliceJson(skeleton: unknown, slots: JsonSlots, path: string): Buffer | null {
  const text = checkedJsonText(skeleton, path);
  // Found first, then written into one buffer of the final size: the text between slots goes in
  // with buf.write (no Buffer per piece) and each part is copied once (no Buffer.concat of a list).
  // For the application details' hourly rebuild this was a third of the document set's time.
  const found: Array<{ text: string; part: Buffer }> = [];
  const used = new Array<boolean>(slots.parts.length).fill(false);
  let size = 0;
  let at = 0;
  for (const m of text.matchAll(SLOT_RE)) {
    const i = Number(m[1]);
    if (!(i < used.length) || used[i]) return null;
    used[i] = true;
    const piece = text.slice(at, m.index);
    found.push({ text: piece, part: slots.parts[i]! });
    size += Buffer.byteLength(piece, 'utf8') + slots.parts[i]!.length;
    at = m.index + m[0].length;
  }
  if (used.includes(false)) return null;
  const tail = text.slice(at);
  size += Buffer.byteLength(tail, 'utf8');
  const out = Buffer.allocUnsafe(size);
  let o = 0;
  for (const f of found) {
    o += out.write(f.text, o, 'utf8');
    o += f.part.copy(out, o);
  }
  o += out.write(tail, o, 'utf8');
  if (o !== size) throw new Error(`spliceJson: wrote ${o} of ${size} bytes of ${path}`);
  return out;
}

/** A part's bytes, checked as a document is (the same error for a non-finite number). */
export function partBytes(value: unknown, path: string): Buffer {
  return Buffer.from(checkedJsonText(value, path), 'utf8');
}
