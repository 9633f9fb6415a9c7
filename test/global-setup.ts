// vitest's globalSetup (vitest.config.ts): before any test file runs, builds dist/ when it is
// missing or older than the sources (scripts/build.ts), so that `npx vitest run` on a fresh
// checkout works and the tests that need the build see the current code: the dashboard's files
// (dist/web/, read by the server as at run time) and bin/chainlytics.js (which runs dist/).
import { BuildTypeErrors, ensureBuilt } from '../scripts/build.js';

export default async function setup(): Promise<void> {
  try {
    await ensureBuilt((line) => console.log(line));
  } catch (err) {
    // tsc wrote every file despite them; the tests still run (as they would under tsx), and
    // `npm run typecheck` / `npm run build` report the errors until they are fixed.
    if (err instanceof BuildTypeErrors) console.warn(`${err.message}; running the tests anyway`);
    else throw err;
  }
}
