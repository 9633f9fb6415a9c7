// YAML text → plain data, plus a way back from a key path to the line and column it was
// written at, so every configuration error can point into the file.
import { LineCounter, isAlias, isMap, isPair, isScalar, isSeq, parseDocument, visit, type Alias, type Document, type Node } from 'yaml';
import type { ConfigIssue } from './config-error.js';
import { keyPathText } from './config-hints.js';
import { hasUserInfo } from './user-info.js';

export type KeyPath = readonly (string | number)[];

export interface Position {
  line: number;
  column: number;
}

/**
 * How many times anchored content may be repeated through aliases (the yaml library's
 * `maxAliasCount`, docs/configuration.md "YAML anchors and aliases"): an anchor's aliases so far,
 * its own definition included, times the largest such count among the aliases inside it. A
 * billion-laughs file (anchors of aliases of anchors) passes it within a few levels and is
 * refused before it is expanded; a flat anchor may be used 999 times.
 */
export const MAX_ALIAS_COUNT = 1000;

export interface YamlSource {
  data: unknown;
  /** Syntax errors and refused aliases; when non-empty, `data` is not to be trusted. */
  syntaxIssues: ConfigIssue[];
  /**
   * Where the value at `path` was written (`at: 'key'`: where its key was written). A path that
   * does not exist resolves to its deepest existing ancestor, e.g. the mapping a key is missing from.
   */
  position(path: KeyPath, at?: 'value' | 'key'): Position;
}

// YAML 1.2 reads `0xA0b8...` as a hexadecimal integer, which would silently destroy an
// unquoted address (and its leading zeros and checksum case). No setting is written in hex,
// so hex scalars stay strings and addresses may be written without quotes.
function withoutHexIntegers(tags: unknown[]): unknown[] {
  return tags.filter((t) => !(t && typeof t === 'object' && (t as { format?: string }).format === 'HEX'));
}

const SYNTAX_HINTS: Record<string, string> = {
  DUPLICATE_KEY: 'each key may appear once per mapping; remove or merge the repeated key',
  BAD_INDENT: 'indent nested keys consistently with spaces (tabs are not allowed) and close every [ and {',
  TAB_AS_INDENT: 'indent with spaces; YAML does not allow tabs for indentation',
  MULTIPLE_DOCS: 'keep the whole configuration in one YAML document (remove extra --- lines)',
  BLOCK_AS_IMPLICIT_KEY: 'put a space after every colon and start nested mappings on a new, indented line',
  MISSING_CHAR: 'close every quote, [ and { that was opened',
  UNEXPECTED_TOKEN: 'check the punctuation near this position (a missing space after a colon is common)',
};

export function readYaml(text: string, file: string): YamlSource {
  const lines = new LineCounter();
  const doc: Document = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    merge: true,
    uniqueKeys: true,
    customTags: (tags) => withoutHexIntegers(tags as unknown[]) as typeof tags,
  });

  const toPosition = (offset: number): Position => {
    const p = lines.linePos(offset);
    return { line: p.line, column: p.col };
  };

  const syntaxIssues: ConfigIssue[] = doc.errors.map((e) => {
    const { line, column } = toPosition(e.pos[0]);
    const near = text.split('\n')[line - 1]?.trim() ?? '';
    const message = cleanMessage(e.message);
    // The line as written may hold a password (check-config must not echo it): then only where it is.
    const quote = hasUserInfo(near) || hasUserInfo(message) ? ' (the line is not shown: it holds a URL with a user name or password)' : near ? ` near ${JSON.stringify(near.slice(0, 60))}` : '';
    return {
      file,
      line,
      column,
      expected: 'valid YAML',
      found: `a syntax error (${hasUserInfo(message) ? e.code : message})${quote}`,
      hint: SYNTAX_HINTS[e.code] ?? 'correct the YAML syntax at this position',
    };
  });

  let data: unknown;
  if (syntaxIssues.length === 0) {
    const failed = noteFailingAlias(doc);
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (err) {
      // The library throws a bare ReferenceError (no position) for an alias bomb and for an
      // alias to an anchor that is not defined before it.
      const alias = failed.alias;
      if (!(err instanceof ReferenceError) || alias === undefined) throw err;
      const { line, column } = toPosition(alias.node.range?.[0] ?? 0);
      syntaxIssues.push({ file, line, column, ...(alias.path.length > 0 ? { key: keyPathText(alias.path) } : {}), ...aliasProblem(alias.node, err) });
    }
  }

  const position = (path: KeyPath, at: 'value' | 'key' = 'value'): Position => {
    let node: unknown = doc.contents;
    let offset = rangeStart(node) ?? 0;
    for (let i = 0; i < path.length; i++) {
      if (isAlias(node)) node = node.resolve(doc);
      const seg = path[i];
      const last = i === path.length - 1;
      if (isMap(node)) {
        const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === seg);
        if (!pair) break;
        const keyStart = rangeStart(pair.key);
        const valueStart = rangeStart(pair.value);
        if (last && at === 'key' && keyStart !== undefined) return toPosition(keyStart);
        // `key:` with nothing after it has no value node worth pointing at: point at the key.
        offset = valueStart ?? keyStart ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof seg === 'number' && seg < node.items.length) {
        node = node.items[seg];
        offset = rangeStart(node) ?? offset;
      } else {
        break;
      }
    }
    return toPosition(offset);
  };

  return { data, syntaxIssues, position };
}

interface FailedAlias {
  node: Alias;
  /** Where the alias stands, as a key path (for the message). */
  path: KeyPath;
}

/**
 * The library's ReferenceError names no node. Each alias notes itself when its own resolution
 * throws (the innermost one first: an alias resolved while resolving another), so the error can
 * point at the alias that went over the limit or names an unknown anchor.
 */
function noteFailingAlias(doc: Document): { alias: FailedAlias | undefined } {
  const noted: { alias: FailedAlias | undefined } = { alias: undefined };
  visit(doc, {
    Alias(_key, node, ancestors) {
      const path = keyPathOf([...ancestors, node]);
      const guard =
        <A extends unknown[], R>(fn: (...args: A) => R) =>
        (...args: A): R => {
          try {
            return fn(...args);
          } catch (err) {
            noted.alias ??= { node, path };
            throw err;
          }
        };
      // resolve() counts the aliases (merge keys call it directly); toJSON() refuses an unknown anchor.
      node.resolve = guard(node.resolve.bind(node));
      node.toJSON = guard(node.toJSON.bind(node));
    },
  });
  return noted;
}

/** The key path of the last node in `chain` (document, collections and pairs down to it). */
function keyPathOf(chain: readonly unknown[]): KeyPath {
  const out: (string | number)[] = [];
  chain.forEach((n, i) => {
    const next = chain[i + 1];
    if (next === undefined) return;
    if (isSeq(n)) out.push(n.items.indexOf(next as never));
    // A merge key's value is a symbol whose description is `<<`.
    else if (isPair(n) && next === n.value) out.push(isScalar(n.key) ? (typeof n.key.value === 'symbol' ? (n.key.value.description ?? '') : String(n.key.value)) : String(n.key));
  });
  return out;
}

function aliasProblem(alias: Alias, err: ReferenceError): Pick<ConfigIssue, 'expected' | 'found' | 'hint'> {
  if (/excessive alias count/i.test(err.message)) {
    return {
      expected: `anchors repeated through aliases at most ${MAX_ALIAS_COUNT} times (docs/configuration.md, "YAML anchors and aliases")`,
      found: `the alias *${alias.source}, which goes over that limit (anchors of aliases nested into an "alias bomb")`,
      hint: 'write the repeated values out, or nest fewer anchors that themselves contain aliases',
    };
  }
  return {
    expected: `an anchor &${alias.source} defined before this alias`,
    found: `the alias *${alias.source} with no anchor &${alias.source} above it`,
    hint: `define &${alias.source} on a value earlier in the file, or write the value here`,
  };
}

// The library's messages sometimes address programmers ("please use parseAllDocuments()").
function cleanMessage(message: string): string {
  return message
    .replace(/;?\s*please use [\w.]+\(\)/i, '')
    .replace(/\s+/g, ' ')
    .replace(/[.:]\s*$/, '')
    .trim();
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return range ? range[0] : undefined;
}
