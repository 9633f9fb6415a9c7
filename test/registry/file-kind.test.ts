// check-config names the kind of a file that is not the service configuration: the real files
// of each kind this repository carries or writes are recognised, and no service configuration
// (the examples, the devnet's) is ever taken for another kind.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeDevnetAppFiles } from '../../src/devnet/app-files.js';
import { guessFileKind } from '../../src/registry/file-kind.js';

const REPO = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'chainlytics-kinds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('guessFileKind', () => {
  it('recognises each kind of file chainlytics reads besides its configuration', () => {
    const devnet = writeDevnetAppFiles(dir);
    const project = join(devnet.projectsDir, readdirSync(devnet.projectsDir)[0]);
    const cases: [string, string, string][] = [
      [read('examples/projects-overlay.example.yaml'), 'a projects overlay', 'projects.overlay'],
      [readFileSync(devnet.overlay, 'utf8'), 'a projects overlay', 'projects.overlay'],
      [read('test/fixtures/oss-directory/projects/uniswap.yaml'), 'an OSS Directory project', 'projects.dir (its folder)'],
      [readFileSync(project, 'utf8'), 'an OSS Directory project', 'projects.dir (its folder)'],
      [readFileSync(devnet.labelsCsv, 'utf8'), 'an OLI labels', 'labels.files'],
      ['date,asset,usd\n2024-01-01,ethereum,2300\n', 'a price CSV', 'prices.csv'],
      ['date,origin_key,usd\n2024-01-01,base,100\n', 'a tvl or app revenue CSV', 'external.tvl_csv or external.app_revenue_csv'],
    ];
    for (const [text, kind, configKey] of cases) expect(guessFileKind(text), kind).toEqual({ kind, configKey });
    expect(guessFileKind(read('deploy/nginx/chainlytics.conf'))).toMatchObject({ kind: 'an nginx configuration' });
    expect(guessFileKind(read('deploy/systemd/chainlytics.service'))).toMatchObject({ kind: 'a systemd unit' });
  });

  it('never names a service configuration as another kind, even one with mistakes', () => {
    for (const file of ['examples/chainlytics.example.yaml', 'examples/real-chains.yaml']) expect(guessFileKind(read(file)), file).toBeNull();
    for (const text of [
      '',
      'projects:\n  dir: ./projects\n  overlay: ./overlay.yaml\n',
      'projects:\n  dir: ./projects\n  overlai: ./overlay.yaml\n', // a typo in the config's own projects section
      'chains:\n  - origin_key: base\n    rpc_url: [ "https://node.example" ]\n',
      'name: my service\nchains: []\n',
    ]) {
      expect(guessFileKind(text), text).toBeNull();
    }
  });
});
