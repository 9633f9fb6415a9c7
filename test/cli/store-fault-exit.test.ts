// The command on a store whose disk refuses writes: a read-only mount under the data directory.
// It must end as a mistake the operator can fix (exit 2, no stack trace) with the cause and its
// remedy, never with the advice for a damaged file, which would throw the data away.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmallDisk } from '../helpers/small-disk.js';
import { cliRunner } from './helpers/run-cli.js';

const { run, killAll } = cliRunner();
let disk: SmallDisk;
let config: string;

beforeAll(() => {
  disk = SmallDisk.mount(4);
  config = join(disk.dir, 'chainlytics.yaml');
  // No node is asked anything: the store is opened before the first request.
  writeFileSync(config, `data_dir: ${join(disk.dir, 'data')}\nchains:\n  - origin_key: base\n    rpc_urls: [ "http://127.0.0.1:9" ]\n`);
  disk.remount('ro');
});

afterAll(() => {
  killAll();
  disk?.unmount();
});

describe('build with the store on a read-only disk', () => {
  it('exits 2 naming the read-only file system and how to remount it, not a damaged store', async () => {
    const r = run(['build', '--config', config, '--out', join(disk.dir, 'site')]);
    expect(await r.exit, r.out()).toBe(2);
    expect(r.out()).toContain(join(disk.dir, 'data'));
    expect(r.out()).toMatch(/the file system holding the store is read-only/);
    expect(r.out()).toMatch(/mount -o remount,rw/);
    expect(r.out()).not.toMatch(/It is damaged|move it aside \(mv /);
    expect(r.out()).not.toMatch(/\n\s+at /);
  });
});
