// Its own file so that fatal-error.ts recognises it without loading the server's file code: each
// command's start-up loads fatal-error.ts.
import { join } from 'node:path';

/** The dashboard was never built (a checkout without `npm run build`), or its files were removed. */
export class DashboardNotBuiltError extends Error {
  constructor(dir: string, cause: unknown) {
    super(`chainlytics: the dashboard is not built (${join(dir, 'index.html')} is missing). Run \`npm run build\` (or \`npm start\`, which builds).`, { cause });
    this.name = 'DashboardNotBuiltError';
  }
}
