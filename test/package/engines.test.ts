// A fresh `npm install` on Node 20 must be clean: every package the lock file pins must accept
// the Node versions this project says it runs on (package.json `engines`), or npm warns
// EBADENGINE and the package may rely on APIs Node 20 lacks. A dependency that moves to a newer
// Node fails here, before it reaches an operator's install.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('Node engines', () => {
  const ours = pkg.engines.node;
  // The oldest release of each supported line (`^20.19.0 || ^22.13.0 || ^24.0.0`: 20.19.0, 22.13.0, 24.0.0).
  const oldestPerLine = ours.split('||').map((r) => semver.minVersion(r.trim())!.version);

  it('the running Node satisfies package.json engines', () => {
    expect(semver.satisfies(process.version, ours), `${process.version} vs ${ours}`).toBe(true);
  });

  it('engines names the LTS lines 22 and 24, and 20 while machines ship it', () => {
    expect(oldestPerLine.map((v) => semver.major(v))).toEqual([20, 22, 24]);
    for (const v of oldestPerLine) expect(semver.satisfies(v, ours)).toBe(true);
  });

  it('every locked package accepts the oldest release of each supported line and the running one', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = !entry.engines || Array.isArray(entry.engines) ? undefined : entry.engines.node;
      if (!range || path === '') continue;
      for (const v of [...oldestPerLine, process.version]) {
        if (!semver.satisfies(v, range)) refused.push(`${path} requires node ${range}, not ${v}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
