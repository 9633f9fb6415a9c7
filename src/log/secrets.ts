// Values that must never be written anywhere: what the config loader substituted for ${NAME}
// references and the price API key. The primary protection is that no RPC URL is ever printed
// (endpoints are named by a label); this registry is the second line: every log line (the pino
// hook in src/log.ts) and every RPC error message passes through `scrubSecrets`, so a message
// written later that forgets the rule still cannot leak a registered value.
//
// It lives under src/log/ because the logger is its consumer and src/log is a leaf every stage
// may import (the registry registers, rpc and ingest scrub).
import { domainToASCII } from 'node:url';

/** Shorter values are not scrubbed: removing every "a" or "80" would wreck every log line. */
export const MIN_SCRUBBED_LENGTH = 6;
export const REDACTED = '[redacted]';

const values = new Set<string>();
/** Every registered value, short ones included, lower-cased: for `overlapsSecret`. */
const lowered = new Set<string>();
let plain: RegExp | null = null;
let inJson: RegExp | null = null;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The spellings a value takes on its way out: as is, percent-encoded, decoded, JSON-escaped. */
function spellings(value: string): string[] {
  const out = new Set([value, encodeURIComponent(value), encodeURI(value), safeDecode(value)]);
  return [...out].filter((s) => s.length >= MIN_SCRUBBED_LENGTH);
}

function compile(forms: string[]): RegExp | null {
  if (forms.length === 0) return null;
  // Longest first, so a value that contains another is replaced whole.
  const sorted = [...new Set(forms)].sort((a, b) => b.length - a.length);
  // Percent-escapes may be written in either case (%2f or %2F): match their hex digits loosely.
  return new RegExp(sorted.map((f) => escapeRe(f).replace(/%([0-9A-Fa-f]{2})/g, (_m, h: string) => `%(?:${h.toUpperCase()}|${h.toLowerCase()})`)).join('|'), 'g');
}

/** Remember `value` as a secret (idempotent). Values under MIN_SCRUBBED_LENGTH are not scrubbed. */
export function registerSecret(value: string | null | undefined): void {
  if (!value) return;
  // In a host a value is lower-cased, percent-decoded and, when not ASCII, punycoded.
  for (const form of [value, safeDecode(value)]) {
    lowered.add(form.toLowerCase());
    // An echoed request target carries the value percent-encoded.
    lowered.add(encodeURIComponent(form).toLowerCase());
    lowered.add(encodeURI(form).toLowerCase());
    // Only a real punycode form: domainToASCII reads "a/b" as the host "a".
    const ascii = domainToASCII(form);
    if (ascii.includes('xn--')) lowered.add(ascii);
  }
  if (value.length < MIN_SCRUBBED_LENGTH || values.has(value)) return;
  values.add(value);
  const forms = [...values].flatMap(spellings);
  plain = compile(forms);
  // Inside a JSON string a value's " and \ are escaped; / stays as is.
  inJson = compile(forms.map((f) => JSON.stringify(f).slice(1, -1)));
}

/**
 * True when `text` contains a registered value or is part of one, ignoring case (hosts are
 * lower-cased by URL parsing). Short values count here: the caller then prints something else.
 */
export function overlapsSecret(text: string): boolean {
  const t = text.toLowerCase();
  for (const v of lowered) if (t.includes(v) || v.includes(t)) return true;
  return false;
}

/** True when `text` contains a registered value of any length, ignoring case. */
export function containsSecret(text: string): boolean {
  const t = text.toLowerCase();
  for (const v of lowered) if (t.includes(v)) return true;
  return false;
}

/** How many values are registered (for tests and the check-config summary). */
export function secretCount(): number {
  return values.size;
}

/** `text` with every registered value (in any of its spellings) replaced by [redacted]. */
export function scrubSecrets(text: string): string {
  return plain === null ? text : text.replace(plain, REDACTED);
}

/**
 * A serialized JSON log line with registered values removed from its string literals only, so
 * the line stays valid JSON whatever the value (digits, "true", a lone quote, a backslash).
 */
export function scrubJsonLine(line: string): string {
  const re = inJson;
  // The common case (nothing to remove) costs one regex scan and no allocation.
  if (re === null || !lineHasMatch(re, line)) return line;
  // Decode each string literal, scrub the text, encode it again: a match can then never split
  // an escape sequence such as \n.
  return line.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => {
    const text = JSON.parse(literal) as string;
    const clean = scrubSecrets(text);
    return clean === text ? literal : JSON.stringify(clean);
  });
}

function lineHasMatch(re: RegExp, line: string): boolean {
  re.lastIndex = 0;
  const found = re.test(line);
  re.lastIndex = 0;
  return found;
}
