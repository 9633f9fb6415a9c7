// What the documentation tests read from the repository's Markdown: its links and the anchors
// its headings make. Only the subset of Markdown the docs use is understood (inline links,
// ATX headings, fenced code blocks), which is all a reader's click follows.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');

/** README.md and every docs/*.md, as paths relative to the repository root. */
export function documentationFiles(): string[] {
  const docs = readdirSync(join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

export function readRepoFile(path: string): string {
  return readFileSync(join(REPO_ROOT, path), 'utf8');
}

/** The text with fenced code blocks blanked out (line numbers kept): links and headings in code are examples. */
export function withoutFences(text: string): string {
  let inFence = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
}

export interface Link {
  line: number;
  target: string;
}

/** Inline links `[text](target)` outside code spans and fences. */
export function linksOf(text: string): Link[] {
  const links: Link[] = [];
  withoutFences(text)
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length));
      for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push({ line: i + 1, target: m[1]! });
    });
  return links;
}

/**
 * The anchor GitHub gives a heading: lower case, every character that is not a letter, digit,
 * space, hyphen or underscore dropped (code ticks, dots, slashes, parentheses), spaces turned into
 * hyphens; a repeated anchor gets -1, -2, … in order.
 */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutFences(text).split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}
