// Values that must never be written anywhere: what the config loader substituted for ${NAME}
// references, the price API key, the ClickHouse password and the credentials in URLs. The primary
// protection is that no RPC URL is ever printed (endpoints are named by a label); this registry
// is the second line: every log line (the pino hook in src/log.ts), every RPC, price-source and
// ClickHouse error message and the CLI's fatal line pass through `scrubSecrets`, so a message
// written later that forgets the rule still cannot leak a registered value.
//
// An upstream may echo a value in another spelling than it was sent: a 401 page that prints the
// request headers shows `Authorization: Basic <base64 of user:password>`, a debug page shows
// bytes in hex. So each value is searched in every spelling it can take on the way out (as is,
// percent- and form-encoded, JSON-escaped, hex in either case, base64 and base64url).
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
/** Spellings replaced exactly where they stand. */
let exact: RegExp | null = null;
/** The same, as they read inside a JSON string literal (for the log-line fast path). */
let exactInJson: RegExp | null = null;
/** Base64 pieces that only the value's bytes determine: the whole base64 run around one is replaced. */
let inBase64: RegExp | null = null;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The spellings a value takes on its way out: as is, percent- or form-encoded, decoded, in hex. */
function spellings(value: string): string[] {
  const hex = Buffer.from(value, 'utf8').toString('hex');
  const form = new URLSearchParams({ v: value }).toString().slice(2);
  const out = new Set([value, encodeURIComponent(value), encodeURI(value), form, safeDecode(value), hex, hex.toUpperCase()]);
  return [...out].filter((s) => s.length >= MIN_SCRUBBED_LENGTH);
}

/**
 * Where a value sits inside base64 text depends on its byte offset modulo 3, and the characters
 * at its edges mix in bits of its neighbours. For each of the three offsets this is the run of
 * characters that only the value's own bytes determine, in base64 and in base64url: one of them
 * appears in any base64 encoding that contains the value (the value alone, `user:value` in an
 * Authorization header, a whole request dumped as base64).
 */
function base64Cores(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const out = new Set<string>();
  for (let shift = 0; shift < 3; shift++) {
    const text = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    const core = text.slice(Math.ceil((shift * 8) / 6), Math.floor(((shift + bytes.length) * 8) / 6));
    out.add(core);
    out.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
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
  exact = compile(forms);
  // Inside a JSON string a value's " and \ are escaped; / stays as is.
  exactInJson = compile(forms.map((f) => JSON.stringify(f).slice(1, -1)));
  inBase64 = compile([...values].flatMap(base64Cores));
}

/**
 * A password and the user it goes with: the password, and `user:password` as HTTP Basic
 * authentication encodes it (a short password is still hidden inside the pair's base64).
 */
export function registerCredentials(user: string, password: string | null | undefined): void {
  if (!password) return;
  registerSecret(password);
  registerSecret(`${user}:${password}`);
}

/** The user info of `url` (`https://user:password@host`): sent as Basic authentication, so a secret. */
export function registerUrlCredentials(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return;
  }
  const user = safeDecode(u.username);
  const password = safeDecode(u.password);
  if (password) registerCredentials(user, password);
  // A user without a password is the credential itself (https://<token>@host).
  else if (user) {
    registerSecret(user);
    registerSecret(`${user}:`);
  }
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

/** True when `text` contains a registered value of any length (ignoring case), or one in any of its spellings. */
export function containsSecret(text: string): boolean {
  const t = text.toLowerCase();
  for (const v of lowered) if (t.includes(v)) return true;
  return hasMatch(exact, text) || hasMatch(inBase64, text);
}

/** How many values are registered (for tests and the check-config summary). */
export function secretCount(): number {
  return values.size;
}

const BASE64_CHAR = /[A-Za-z0-9+/_-]/;

/** `text` with every registered value (in any of its spellings) replaced by [redacted]. */
export function scrubSecrets(text: string): string {
  if (exact === null) return text;
  const cuts: Array<[number, number]> = [];
  for (const m of text.matchAll(exact)) cuts.push([m.index, m.index + m[0].length]);
  if (inBase64 !== null) {
    for (const m of text.matchAll(inBase64)) {
      // The whole base64 token goes: its edge characters carry bits of the value too.
      let from = m.index;
      let to = from + m[0].length;
      while (from > 0 && BASE64_CHAR.test(text[from - 1]!)) from--;
      while (to < text.length && (BASE64_CHAR.test(text[to]!) || text[to] === '=')) to++;
      cuts.push([from, to]);
    }
  }
  if (cuts.length === 0) return text;
  cuts.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [from, to] of cuts) {
    if (to <= at) continue; // inside a cut already made
    if (from >= at) out += text.slice(at, from) + REDACTED;
    at = to; // an overlapping cut only widens the previous one
  }
  return out + text.slice(at);
}

/**
 * A serialized JSON log line with registered values removed from its string literals only, so
 * the line stays valid JSON whatever the value (digits, "true", a lone quote, a backslash).
 */
export function scrubJsonLine(line: string): string {
  // The common case (nothing to remove) costs one regex scan per pattern and no allocation.
  if (!hasMatch(exactInJson, line) && !hasMatch(inBase64, line)) return line;
  // Decode each string literal, scrub the text, encode it again: a match can then never split
  // an escape sequence such as \n.
  return line.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => {
    const text = JSON.parse(literal) as string;
    const clean = scrubSecrets(text);
    return clean === text ? literal : JSON.stringify(clean);
  });
}

function hasMatch(re: RegExp | null, text: string): boolean {
  if (re === null) return false;
  re.lastIndex = 0;
  const found = re.test(text);
  re.lastIndex = 0;
  return found;
}
