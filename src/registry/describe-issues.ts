// Turns zod's findings into operator-facing ConfigIssues: the key path, where it is in the
// file, what that key expects (config-hints.ts), what was actually written, and a fix. What was
// written is not quoted when it may be a secret (written-secrets.ts).
import type { z } from 'zod';
import type { ConfigIssue } from './config-error.js';
import { FIELD_RULES, hintText, keyPathText, ruleFor } from './config-hints.js';
import { allowedKeysAt } from './config-schema.js';
import { closestMatch } from './did-you-mean.js';
import { hasUserInfo } from './user-info.js';
import { hiddenValue } from './written-secrets.js';
import type { KeyPath, YamlSource } from './yaml-source.js';

const MISSING = Symbol('missing');

/** The value at `path` in parsed YAML, or MISSING when a key on the way is absent. */
export function valueAt(data: unknown, path: KeyPath): unknown {
  let cur: unknown = data;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, seg)) return MISSING;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}

/** How a written value reads in a message: strings quoted, containers named the YAML way. */
export function describeValue(v: unknown): string {
  if (v === MISSING || v === undefined) return 'nothing (the key is missing)';
  if (v === null) return 'an empty value (null)';
  if (typeof v === 'string') return v.length > 80 ? `${JSON.stringify(v.slice(0, 77))}…` : JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.length === 0 ? 'an empty list' : `a list of ${v.length} item${v.length === 1 ? '' : 's'}`;
  if (typeof v === 'object') {
    const keys = Object.keys(v as object);
    if (keys.length === 0) return 'an empty mapping';
    // A URL written as a key (a misplaced colon) may carry a password.
    if (keys.some(hasUserInfo)) return `a mapping with ${keys.length} key${keys.length === 1 ? '' : 's'}`;
    return `a mapping with keys ${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ', …' : ''}`;
  }
  return String(v);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
  null: 'null',
};

// Used only for keys without a rule in config-hints.ts; every known key has one.
function genericExpected(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? issue.expected;
    case 'invalid_value':
      return `one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return `at least ${String(issue.minimum)}`;
    case 'too_big':
      return `at most ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}

export function issuesFromZod(error: z.ZodError, src: YamlSource, file: string): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  const seen = new Set<string>();
  const push = (issue: ConfigIssue) => {
    const id = `${issue.key}|${issue.found}`;
    if (!seen.has(id)) {
      seen.add(id);
      out.push(issue);
    }
  };

  for (const issue of error.issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const allowed = allowedKeysAt(path);
      for (const key of issue.keys) {
        const keyPath = [...path, key];
        const { line, column } = src.position(keyPath, 'key');
        if (hasUserInfo(key)) {
          // Neither the key nor a suggestion derived from it is printed.
          push({ file, line, column, key: path.length === 0 ? '(top level)' : keyPathText(path), expected: 'known keys only', found: 'an unknown key holding a URL with a user name or password (not shown)', hint: 'remove that line; secrets belong in environment variables (docs/configuration.md)' });
          continue;
        }
        const suggestion = closestMatch(key, allowed);
        push({
          file,
          line,
          column,
          key: keyPathText(keyPath),
          expected: path.length === 0 ? `a known top-level key (${allowed.join(', ')})` : `a known key here (${allowed.join(', ')})`,
          found: `the unknown key "${key}"`,
          hint: suggestion ? `did you mean ${suggestion}? Rename ${key} to ${suggestion}` : `remove ${key} or move it to where it belongs (see docs/configuration.md)`,
        });
      }
      continue;
    }
    const found = valueAt(src.data, path);
    const rule = ruleFor(path) ?? (path.length === 0 ? FIELD_RULES[''] : undefined);
    const { line, column } = src.position(path);
    // A hint computed from the value (originKeyHint, urlHint…) would quote it: a hidden value gets the secret's fix instead.
    const hidden = hiddenValue(path, found);
    push({
      file,
      line,
      column,
      key: path.length === 0 ? '(top level)' : keyPathText(path),
      expected: rule?.expected ?? genericExpected(issue),
      found: hidden?.found ?? describeValue(found),
      hint: hidden?.hint ?? (rule ? hintText(rule, found === MISSING ? undefined : found) : issue.message),
    });
  }
  return out;
}
