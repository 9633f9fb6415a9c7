// The registry sections of the application sources: labels, projects, market_data. Resolved
// paths, defaults, and file:line:col/key/fix messages for each kind of mistake.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, formatIssue, parseConfig } from '../../src/registry/config.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'app-sources-config-'));
  writeFileSync(join(dir, 'labels.csv'), 'address,chain_id\n');
  mkdirSync(join(dir, 'projects'));
  writeFileSync(join(dir, 'overlay.yaml'), 'projects: {}\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const parse = (text: string) => parseConfig(text, 'c.yaml', { env: {}, baseDir: dir });
function messages(text: string): string[] {
  try {
    parse(text);
  } catch (err) {
    if (err instanceof ConfigError) return err.issues.map(formatIssue);
    throw err;
  }
  return [];
}

describe('labels, projects, market_data in chainlytics.yaml', () => {
  it('defaults: no label sources, no project directory, no extra ids, 365 days', () => {
    const c = parse('');
    expect(c.labels).toEqual({ files: [], urls: [] });
    expect(c.projects).toBeNull();
    expect(c.market_data).toEqual({ ids: [], history_days: 365 });
  });

  it('resolves paths against the config file\'s directory', () => {
    const c = parse(
      ['labels:', '  files: [ labels.csv ]', '  urls: [ "https://labels.example.org/oli.json" ]', 'projects:', '  dir: projects', '  overlay: overlay.yaml', 'market_data:', '  ids: [ uniswap, uniswap, aave ]', '  history_days: 90'].join('\n'),
    );
    expect(c.labels).toEqual({ files: [join(dir, 'labels.csv')], urls: ['https://labels.example.org/oli.json'] });
    expect(c.projects).toEqual({ dir: join(dir, 'projects'), overlay: join(dir, 'overlay.yaml') });
    expect(c.market_data).toEqual({ ids: ['uniswap', 'aave'], history_days: 90 });
    expect(parse('projects: { dir: projects }').projects).toEqual({ dir: join(dir, 'projects'), overlay: null });
  });

  it('names every mistake with file:line:col, key and fix', () => {
    const out = messages(
      [
        'labels:',
        '  files: [ missing.csv, projects ]',
        '  urls: [ "ftp://labels.example.org/x" ]',
        '  file: [ labels.csv ]',
        'projects:',
        '  dir: labels.csv',
        '  overlay: nope.yaml',
        'market_data:',
        '  ids: [ UNI ]',
        '  history_days: 0',
      ].join('\n'),
    );
    expect(out).toEqual([
      `c.yaml:2:12 labels.files[0]: expected a path to an existing OLI label file (CSV or JSON); found "missing.csv": no such file at ${join(dir, 'missing.csv')}. Fix: relative paths start at the config file's directory; correct the path or remove the entry.`,
      `c.yaml:2:25 labels.files[1]: expected a path to an existing OLI label file (CSV or JSON); found "projects": a directory, not a file at ${join(dir, 'projects')}. Fix: relative paths start at the config file's directory; correct the path or remove the entry.`,
      'c.yaml:3:11 labels.urls[0]: expected an http:// or https:// URL of an OLI label export (CSV or JSON); found "ftp://labels.example.org/x". Fix: write the full URL, e.g. "https://labels.example.org/oli.json".',
      expect.stringMatching(/^c\.yaml:4:3 labels\.file: .*did you mean files/),
      `c.yaml:6:8 projects.dir: expected a path to an existing folder of OSS Directory project files (<name>.yaml); found "labels.csv": a file, not a directory at ${join(dir, 'labels.csv')}. Fix: relative paths start at the config file's directory; create the folder or correct the path.`,
      `c.yaml:7:12 projects.overlay: expected a path to an existing overlay YAML file, or null; found "nope.yaml": no such file at ${join(dir, 'nope.yaml')}. Fix: relative paths start at the config file's directory; correct the path, or write overlay: null.`,
      'c.yaml:9:10 market_data.ids[0]: expected a CoinGecko coin id (lower-case letters, digits, -); found "UNI". Fix: write the lower-case coin id from the coin page URL, e.g. uniswap, not the ticker UNI.',
      'c.yaml:10:17 market_data.history_days: expected a whole number of days (1 or more); found 0. Fix: e.g. history_days: 365: days of market data fetched for a token the first time.',
    ]);
  });

  it('projects without dir is an error at projects', () => {
    expect(messages('projects:\n  overlay: overlay.yaml\n')).toEqual([expect.stringMatching(/^c\.yaml:2:3 projects\.dir: expected a path to a folder of OSS Directory project files/)]);
  });
});
