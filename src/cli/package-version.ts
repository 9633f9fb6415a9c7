// The version `chainlytics --version` prints: package.json's, read where the code runs from (the
// file is two levels up from both src/cli/ and dist/cli/), so it cannot drift from a copy.
import { readFileSync } from 'node:fs';

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  if (typeof pkg.version !== 'string') throw new Error('package.json has no version');
  return pkg.version;
}
