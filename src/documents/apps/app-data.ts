// Everything the application documents share within one build, computed on first use and kept
// for the rest of that build: the app details, both project lists and master.json's
// `app_metrics` read the same facts, so the store is asked once; with the context's
// AppFactsCache, only what changed since the previous build is read.
import type { BuildContext } from '../document-kind.js';
import { readAppFacts } from './app-facts.js';
import type { AppFacts } from './app-fact-shapes.js';
import type { AppInputs } from '../../metrics/app-inputs.js';
import { projectSummaries, type ProjectSummary } from './app-projects.js';

export interface AppData {
  inputs: AppInputs;
  facts: AppFacts;
  summaries: ProjectSummary[];
}

const perBuild = new WeakMap<BuildContext, Promise<AppData | null>>();

/** Null when the build has no application inputs (no chain with facts, or a context without them). */
export function appData(ctx: BuildContext): Promise<AppData | null> {
  let p = perBuild.get(ctx);
  if (!p) {
    p = (async () => {
      const inputs = ctx.apps ?? null;
      if (!inputs) return null;
      const facts = ctx.appCache ? await ctx.appCache.read(ctx.store, inputs) : await readAppFacts(ctx.store, inputs);
      return { inputs, facts, summaries: projectSummaries(inputs, facts) };
    })();
    perBuild.set(ctx, p);
  }
  return p;
}
