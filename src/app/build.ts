// `chainlytics build`: catch up (unless told not to), compute facts and write every document to
// a directory a static host or nginx serves (DIR/v1/... with .gz and .br, nginx's map of hourly
// documents, the dashboard, the docs page and /llms.txt).
import { resolve } from 'node:path';
import { loadDashboard } from '../dashboard/assets.js';
import { exportDocumentSet } from '../documents/export.js';
import type { AppConfig } from '../registry/app-config.js';
import { LLMS_TXT_PATH, LLMS_TXT_TYPE, llmsTxt } from '../documents/llms-txt.js';
import { publishedBaseUrl } from '../registry/server-settings.js';
import { EXPORTED_DOCS_PATH } from '../server/docs-page.js';
import { writeNginxHourlyMap } from '../server/nginx-config.js';
import { exportStaticFiles } from '../server/static-files.js';
import { openRuntime, type RunOptions } from './runtime.js';

export interface BuildOptions {
  /** The output directory; relative to the working directory. */
  out: string;
  /** Ingest first (one round); false builds from the blocks stored (prices and facts still brought up to date). */
  ingest: boolean;
}

export interface BuildResult {
  /** Absolute output directory. */
  out: string;
  documents: number;
  /** Documents built with a degraded input (build report). */
  degraded: number;
  /** The build directory `out/v1` now points to. */
  buildDir: string;
  files: number;
}

export async function buildToDirectory(base: AppConfig, build: BuildOptions, opts: RunOptions = {}): Promise<BuildResult> {
  // Read before the round: a checkout without a build fails here, not after ingesting.
  const dashboard = await loadDashboard();
  const rt = await openRuntime(base, opts);
  try {
    const round = build.ingest ? await rt.service.round() : await rt.service.roundWithoutChains();
    // The round's first publication is the set to export (a fresh process has none before it,
    // so the round always builds one); building it a second time only cost the time of a build.
    const published = rt.service.holder.current();
    const { set, report } = round.build && published ? { set: published, report: round.build } : await rt.service.build();
    const out = resolve(build.out);
    const exported = await exportDocumentSet(set, out);
    // nginx reads which documents are refreshed hourly (shorter max-age) from this map file.
    await writeNginxHourlyMap(set, out);
    // The dashboard next to v1/: index.html and assets/, which nginx serves at "/", and its page
    // again as docs/index.html, served at /docs, where it opens on the API explorer.
    const page = dashboard.find((f) => f.path === '/')!;
    // And /llms.txt, the agents' guide to the API, as the server answers it.
    const llms = { path: LLMS_TXT_PATH, body: Buffer.from(llmsTxt(publishedBaseUrl(base.server)), 'utf8'), contentType: LLMS_TXT_TYPE, immutable: false };
    const staticFiles = [...dashboard, { ...page, path: EXPORTED_DOCS_PATH }, llms];
    const dashboardFiles = await exportStaticFiles(staticFiles, out, set.builtAt);
    return { out, documents: set.entries.size, degraded: report.degraded.length, ...exported, files: exported.files + dashboardFiles };
  } finally {
    await rt.close();
  }
}
