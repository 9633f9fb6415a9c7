#!/usr/bin/env node
// Runs the compiled code in dist/ (`npm run build`: tsc and the dashboard bundle; `npm start` and
// `npm test` build it first when it is missing or out of date). No compiler runs here.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const main = new URL('dist/cli/main.js', root);

if (!existsSync(main)) {
  process.stderr.write('chainlytics: the compiled code is missing (dist/cli/main.js). Run `npm run build` first (or `npm start`, which builds).\n');
  process.exit(2);
}

// In a checkout, say so when src/ or web/ changed since the last build (dist/.build-stamp,
// written by scripts/build.ts): the command would run the older code. A few milliseconds.
function changedSince(path, since) {
  const s = statSync(path, { throwIfNoEntry: false });
  if (!s) return null;
  if (s.mtimeMs > since) return path;
  if (s.isDirectory()) {
    for (const name of readdirSync(path)) {
      const found = changedSince(`${path}/${name}`, since);
      if (found) return found;
    }
  }
  return null;
}
const stamp = new URL('dist/.build-stamp', root);
if (existsSync(stamp)) {
  const since = statSync(stamp).mtimeMs;
  const changed = changedSince(fileURLToPath(new URL('src', root)), since) ?? changedSince(fileURLToPath(new URL('web', root)), since);
  if (changed) process.stderr.write(`chainlytics: warning: ${changed} changed since the last build, so this runs older code. Run \`npm run build\`.\n`);
}

await import(main.href);
