// The project directory import on real OSS Directory files (test/fixtures/oss-directory,
// Apache-2.0), the operator overlay, and the message of each kind of invalid file.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { githubPath, twitterHandle } from '../../../src/sources/projects/derive-links.js';
import { loadProjectDirectory, parseProjectFile } from '../../../src/sources/projects/project-directory.js';
import { formatProjectIssue } from '../../../src/sources/projects/project-issue.js';
import { ProjectSource } from '../../../src/sources/projects/project-source.js';
import { DuckDbStore } from '../../../src/store/duckdb/duckdb-store.js';

const FIXTURE = join(import.meta.dirname, '../../fixtures/oss-directory/projects');
let tmp: string | null = null;
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = null;
});
function copyOfFixtures(): string {
  tmp = mkdtempSync(join(tmpdir(), 'oss-dir-'));
  cpSync(FIXTURE, join(tmp, 'projects'), { recursive: true });
  return join(tmp, 'projects');
}

describe('OSS Directory project files', () => {
  it('loads the seven real files with links derived as CONTRACT.md section 5 says', () => {
    const { projects, issues } = loadProjectDirectory(FIXTURE, null);
    expect(issues).toEqual([]);
    expect(projects.map((p) => p.owner_project)).toEqual(['1-inch', 'aave', 'aerodrome-finance', 'base-org', 'layer-zero', 'uniswap', 'velodrome']);
    const by = new Map(projects.map((p) => [p.owner_project, p]));
    expect(by.get('aave')).toMatchObject({
      display_name: 'Aave',
      main_github: 'aave',
      twitter: 'aave',
      website: 'http://aave.com',
      logo_path: null,
      token_symbol: null,
      market_data_id: 'aave',
      features: [],
    });
    expect(by.get('aave')!.description).toMatch(/^Aave is a decentralized liquidity protocol/);
    // First github entry is an org; x.com handles; a trailing slash on the website is kept.
    expect(by.get('uniswap')).toMatchObject({ main_github: 'uniswapfoundation', twitter: 'Uniswap', website: 'https://uniswap.org', market_data_id: 'uniswap' });
    expect(by.get('layer-zero')).toMatchObject({ main_github: 'layerzero-labs', twitter: 'LayerZero_Labs' });
    expect(by.get('base-org')).toMatchObject({ website: 'https://www.base.org/', main_github: 'base-org', market_data_id: null });
  });

  it('main_github is org or org/repo; twitter is the handle; other hosts give nothing', () => {
    expect(githubPath('https://github.com/uniswap/interface')).toBe('uniswap/interface');
    expect(githubPath('https://github.com/aave/')).toBe('aave');
    expect(githubPath('https://github.com/org/repo.git')).toBe('org/repo');
    expect(githubPath('https://gitlab.com/org')).toBeNull();
    expect(twitterHandle('https://x.com/LayerZero_Labs')).toBe('LayerZero_Labs');
    expect(twitterHandle('https://twitter.com/@aave?lang=en')).toBe('aave');
    expect(twitterHandle('https://warpcast.com/aave')).toBeNull();
  });

  it('reports each kind of invalid file (file, line:column, key, what is wrong) and skips it; the rest load', () => {
    const dir = copyOfFixtures();
    writeFileSync(join(dir, 'no-version.yaml'), 'name: no-version\ndisplay_name: X\n');
    writeFileSync(join(dir, 'bad-types.yaml'), 'version: 7\nname: bad-types\ndisplay_name: [a]\nwebsites:\n  - url: not a uri\n');
    writeFileSync(join(dir, 'bad-social.yaml'), 'version: 7\nname: bad-social\ndisplay_name: B\nsocial:\n  myspace:\n    - url: https://myspace.com/b\n');
    writeFileSync(
      join(dir, 'bad-chain.yaml'),
      'version: 7\nname: bad-chain\ndisplay_name: C\nblockchain:\n  - address: "0x1"\n    networks: [solana]\n    tags: []\n',
    );
    writeFileSync(join(dir, 'renamed.yaml'), 'version: 7\nname: other-name\ndisplay_name: R\n');
    writeFileSync(join(dir, 'broken.yaml'), 'version: 7\nname: [broken\n');
    const { projects, issues } = loadProjectDirectory(dir, null);
    expect(projects).toHaveLength(7);
    const messages = issues.map(formatProjectIssue).map((m) => m.replace(`${dir}/`, ''));
    expect(messages).toEqual([
      'bad-chain.yaml:6:16 blockchain[0].networks[0]: expected one of any_evm, arbitrum_one, automata, base, bob, cyber, frax, ham, ink, kroma, linea, lisk, lyra, mainnet, mantle, matic, metal, mint, mode, optimism, orderly, pgn, polynomial, polygon_zkevm, race, redstone, scroll, shape, soneium, swan, swell, unichain, worldchain, xterio, zksync_era, zora; found "solana"',
      'bad-chain.yaml:7:11 blockchain[0].tags: expected a list of at least 1 item; found an empty list',
      'bad-social.yaml:5:3 social.myspace: unknown key (allowed here: farcaster, medium, mirror, telegram, twitter)',
      'bad-types.yaml:3:15 display_name: expected text; found a list of 1 item',
      'bad-types.yaml:5:10 websites[0].url: expected an absolute URI such as https://example.org; found "not a uri"',
      expect.stringMatching(/^broken\.yaml:\d+:\d+: not valid YAML: /),
      'no-version.yaml:1:1 version: expected a number; found nothing (the key is missing)',
      'renamed.yaml:2:7 name: expected the file\'s own name "renamed" (a project file is named <name>.yaml); found "other-name"',
    ]);
  });

  it('parses one file from text', () => {
    expect(parseProjectFile('version: 1\nname: x\ndisplay_name: X\n', '/d/x.yaml')).toEqual({ project: { version: 1, name: 'x', display_name: 'X' }, issues: [] });
  });
});

describe('the operator overlay', () => {
  it('adds logo_path, token symbol (upper case), market-data id where the directory has none, features; its id wins', () => {
    const dir = copyOfFixtures();
    const overlay = join(tmp!, 'overlay.yaml');
    writeFileSync(
      overlay,
      [
        'projects:',
        '  base-org:',
        '    logo_path: base.svg',
        '    features: [ bridge, l2 ]',
        '  uniswap:',
        '    token_symbol: uni',
        '    market_data_id: uniswap-v2',
        '  velodrome:',
        '    token_symbol: VELO',
        '    market_data_id: velodrome-finance',
      ].join('\n'),
    );
    const { projects, issues } = loadProjectDirectory(dir, overlay);
    expect(issues).toEqual([]);
    const by = new Map(projects.map((p) => [p.owner_project, p]));
    expect(by.get('base-org')).toMatchObject({ logo_path: 'base.svg', features: ['bridge', 'l2'], token_symbol: null, market_data_id: null });
    expect(by.get('uniswap')).toMatchObject({ token_symbol: 'UNI', market_data_id: 'uniswap-v2' });
    expect(by.get('velodrome')).toMatchObject({ token_symbol: 'VELO', market_data_id: 'velodrome-finance' });
    expect(by.get('aave')).toMatchObject({ token_symbol: null, market_data_id: 'aave', features: [] });
  });

  it('reports bad entries and entries for unknown projects with line:column; good entries still apply', () => {
    const dir = copyOfFixtures();
    const overlay = join(tmp!, 'overlay.yaml');
    writeFileSync(
      overlay,
      [
        'projects:',
        '  aave:',
        '    logo_path: img/aave.svg',
        '  uniswap:',
        '    token_symbol: UNI',
        '    colour: pink',
        '  velodrome:',
        '    market_data_id: Velodrome Finance',
        '  base-org:',
        '    features: [ bridge ]',
        '  sushi:',
        '    token_symbol: SUSHI',
      ].join('\n'),
    );
    const { projects, issues } = loadProjectDirectory(dir, overlay);
    expect(issues.map(formatProjectIssue).map((m) => m.replace(`${tmp}/`, ''))).toEqual([
      'overlay.yaml:3:16 projects.aave.logo_path: expected a file name without directories, e.g. uniswap.svg; found "img/aave.svg"',
      'overlay.yaml:6:5 projects.uniswap.colour: unknown key (allowed here: logo_path, token_symbol, market_data_id, features)',
      'overlay.yaml:8:21 projects.velodrome.market_data_id: expected a CoinGecko coin id (lower-case letters, digits, -), e.g. uniswap; found "Velodrome Finance"',
      `overlay.yaml:11:3 projects.sushi: no project file sushi.yaml in ${dir}; this entry is ignored`,
    ]);
    const by = new Map(projects.map((p) => [p.owner_project, p]));
    expect(by.get('base-org')!.features).toEqual(['bridge']);
    expect(by.get('aave')!.logo_path).toBeNull();
    expect(by.get('uniswap')!.token_symbol).toBeNull();
  });
});

describe('ProjectSource', () => {
  it('imports into the store, re-reads only when a file changes', async () => {
    const dir = copyOfFixtures();
    const store = await DuckDbStore.open({ path: ':memory:' });
    try {
      const source = new ProjectSource({ dir, overlay: null });
      expect(await source.refresh(store)).toHaveLength(7);
      expect(await source.refresh(store)).toBeNull();
      writeFileSync(join(dir, 'new-one.yaml'), 'version: 7\nname: new-one\ndisplay_name: New\n');
      expect(await source.refresh(store)).toHaveLength(8);
      expect((await store.readProjects()).map((p) => p.owner_project)).toContain('new-one');
    } finally {
      await store.close();
    }
  });
});
