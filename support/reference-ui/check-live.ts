// CONTRACT.md 12.9 check 1, run for real: the reference web frontend (growthepie/gtp-frontend),
// its API and SSE hosts rewritten to a local `chainlytics serve` on the devnet, in headless
// Chromium. Not part of `npm test`: it needs the frontend unpacked and installed from the npm
// registry (docs/live.md, "Checked against the reference frontend").
//
//   npm run build && npx tsx support/reference-ui/check-live.ts [--frontend /tmp/gtp] [--out DIR]
//
// 1. serve runs until every chain is fresh (a fresh data directory catches up first), then stops;
// 2. serve starts again on the same data: both histories are read 5 s after the spawn;
// 3. next dev serves the frontend; each page is loaded once to compile it, then loaded again
//    and read every 100 ms until its live cards show, with screenshots, every request to
//    chainlytics that failed, and the browser console's errors.
// Everything it started is stopped at the end, whatever happened. Exit 0 when every check held.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../chromium.js';
import { FrontendMissing, frontendCommit, pointFrontendAt, requireFrontend } from './frontend-copy.js';
import { allowPageReads, readChainPage, readEcosystemPage, type ChainPageRead, type EcosystemPageRead } from './page-reads.js';
import { getJson, pollUntil, portFree, startNext, startServe, type Started } from './processes.js';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** CONTRACT.md 12.9 check 1. */
const CARDS_WITHIN_MS = 3_000;
const HISTORIES_AFTER_MS = 5_000;

const { values: opt } = parseArgs({
  options: {
    frontend: { type: 'string', default: '/tmp/gtp' },
    out: { type: 'string', default: '/tmp/chainlytics-reference-ui' },
    chain: { type: 'string', default: 'base' },
    // Fixed ports: the frontend's files name chainlytics' origin, and a new origin on every run
    // would make next compile every page again (minutes each on a small machine).
    'serve-port': { type: 'string', default: '18480' },
    'next-port': { type: 'string', default: '18481' },
    // Enough user transactions that the live windows hold priced ones (the default devnet's
    // 600 a day leave them empty: costs 0, the cost cards hidden), few enough to catch up in minutes.
    'devnet-days': { type: 'string', default: '2' },
    'devnet-tx-per-day': { type: 'string', default: '20000' },
  },
});

interface Report {
  frontend: { dir: string; commit: string | null; files_rewritten: number };
  devnet: { days: number; tx_per_day: number };
  cold: { all_fresh_ms: number; histories_nonempty_ms: number } | null;
  restart: { first_answer_ms: number; histories_at_5s: { ecosystem: number; chain: number }; ok: boolean } | null;
  chain_page: PageResult<ChainPageRead> | null;
  ecosystem_page: PageResult<EcosystemPageRead> | null;
  failed_requests: string[];
  console_errors: string[];
  checks: Record<string, boolean>;
}

interface PageResult<R> {
  url: string;
  /** From the navigation's start, and from DOMContentLoaded, until the cards showed; null if they never did. */
  shown_after_ms: number | null;
  shown_after_dcl_ms: number | null;
  first_read: R;
  /** 5 s later (live updates arriving). */
  later_read: R;
  screenshots: string[];
}

async function historyLengths(origin: string, chain: string): Promise<{ ecosystem: number; chain: number } | undefined> {
  const [eco, one] = await Promise.all([getJson(`${origin}/api/history?limit=1000`), getJson(`${origin}/api/chain/${chain}/history?limit=1000`)]);
  if (eco === undefined || one === undefined) return undefined;
  return { ecosystem: eco.history.length, chain: one.history.length };
}

/** Loads `path` and reads it every 100 ms until `shown` holds (at most `timeoutMs`), then once more 5 s later. */
async function measurePage<R>(page: Page, url: string, name: string, outDir: string, read: (p: Page) => Promise<R>, shown: (r: R) => boolean, timeoutMs: number): Promise<PageResult<R>> {
  const start = Date.now();
  let dcl = 0;
  page.once('domcontentloaded', () => (dcl = Date.now()));
  await page.goto(url, { waitUntil: 'commit', timeout: 600_000 });
  let first: R = await read(page).catch(() => undefined as R);
  let shownAt: number | null = null;
  while (Date.now() - start < timeoutMs) {
    first = await read(page).catch(() => first);
    if (first !== undefined && shown(first)) {
      shownAt = Date.now();
      break;
    }
    await delay(100);
  }
  const shots = [join(outDir, `${name}-shown.png`), join(outDir, `${name}-later.png`)];
  await page.screenshot({ path: shots[0], fullPage: false });
  await delay(5_000);
  const later = await read(page);
  await page.screenshot({ path: shots[1], fullPage: false });
  return {
    url,
    shown_after_ms: shownAt === null ? null : shownAt - start,
    shown_after_dcl_ms: shownAt === null || dcl === 0 ? null : shownAt - dcl,
    first_read: first,
    later_read: later,
    screenshots: shots,
  };
}

const chainShown = (r: ChainPageRead): boolean => r.realtime && r.tps !== null && /^\d/.test(r.tps) && r.costCard !== null && r.costCard.some((l) => /^\$\d/.test(l));
const ecosystemShown = (r: EcosystemPageRead): boolean =>
  r.totalTps !== null && r.tpsList.length > 0 && r.chartBarPixels > 0 && r.feeEthereum !== null && r.feeLayer2s !== null;

/** Everything the run started, stopped at the end or on Ctrl-C. */
const started: Started[] = [];
const stopAll = async (): Promise<void> => {
  for (const s of started.splice(0).reverse()) await s.stop();
};
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void stopAll().then(() => process.exit(130)));

async function main(): Promise<number> {
  const frontendDir = resolve(opt.frontend!);
  requireFrontend(frontendDir);
  const outDir = resolve(opt.out!);
  const dataDir = join(outDir, 'data');
  mkdirSync(outDir, { recursive: true });
  const days = Number(opt['devnet-days']);
  const txPerDay = Number(opt['devnet-tx-per-day']);
  const chain = opt.chain!;
  const [servePort, nextPort] = [Number(opt['serve-port']), Number(opt['next-port'])];
  for (const port of [servePort, nextPort]) if (!(await portFree(port))) throw new Error(`port ${port} is taken: stop what holds it, or pass --serve-port / --next-port`);
  const origin = `http://127.0.0.1:${servePort}`;
  const report: Report = {
    frontend: { dir: frontendDir, commit: frontendCommit(frontendDir), files_rewritten: pointFrontendAt(frontendDir, origin) },
    devnet: { days, tx_per_day: txPerDay },
    cold: null,
    restart: null,
    chain_page: null,
    ecosystem_page: null,
    failed_requests: [],
    console_errors: [],
    checks: {},
  };
  let browser: Browser | undefined;
  const serveOpts = { repoDir: REPO, port: servePort, dataDir, devnetDays: days, devnetTxPerDay: txPerDay };
  try {
    // 1. Until every chain is fresh and the documents are served (a fresh data directory catches up here).
    let serve = startServe({ ...serveOpts, logFile: join(outDir, 'serve-catch-up.log') });
    started.push(serve);
    const nonEmpty = await pollUntil('both histories non-empty', 30 * 60_000, 500, async () => {
      const h = await historyLengths(origin, chain);
      return h !== undefined && h.ecosystem > 0 && h.chain > 0 ? Date.now() : undefined;
    });
    const allFresh = await pollUntil('every chain fresh and master.json served', 30 * 60_000, 500, async () => {
      const [h, master] = await Promise.all([getJson(`${origin}/health`), getJson(`${origin}/v1/master.json`)]);
      if (h === undefined || master === undefined) return undefined;
      // all_l2s is an aggregate (chain_type "-"), not a chain with a live stream.
      const chains = Object.values(master.chains as Record<string, { chain_type: string }>).filter((c) => c.chain_type !== '-').length;
      return h.fresh_chains === chains ? Date.now() : undefined;
    });
    report.cold = { all_fresh_ms: allFresh - serve.startedAt, histories_nonempty_ms: nonEmpty - serve.startedAt };
    // 2. A restart on the same data: the cold-start replay must give both histories at once.
    await serve.stop();
    serve = startServe({ ...serveOpts, logFile: join(outDir, 'serve-restart.log') });
    started.push(serve);
    const firstAnswer = await pollUntil('serve answering after the restart', 120_000, 50, () => getJson(`${origin}/health`, 1_000).then((h) => (h === undefined ? undefined : Date.now())));
    await delay(Math.max(0, serve.startedAt + HISTORIES_AFTER_MS - Date.now()));
    const at5 = (await historyLengths(origin, chain)) ?? { ecosystem: 0, chain: 0 };
    report.restart = { first_answer_ms: firstAnswer - serve.startedAt, histories_at_5s: at5, ok: at5.ecosystem > 0 && at5.chain > 0 };

    // 3. The frontend.
    const next = startNext(frontendDir, nextPort, join(outDir, 'next.log'));
    started.push(next);
    const site = `http://127.0.0.1:${nextPort}`;
    // Its log, not a request: a request to / would compile the landing page, minutes that measure nothing.
    await pollUntil('next dev ready', 5 * 60_000, 500, async () => (readFileSync(join(outDir, 'next.log'), 'utf8').includes('Ready in') ? true : undefined));
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await allowPageReads(context);
    const chainUrl = `${site}/chains/${chain}`;
    const ecoUrl = `${site}/ethereum-ecosystem/metrics`;
    // First loads compile the pages (minutes under next dev on a busy machine): not measured.
    // Their client code compiles when the browser asks for it: the warm-up waits for the cards too (or gives up after 5 min).
    const warm = await context.newPage();
    await warm.goto(chainUrl, { waitUntil: 'domcontentloaded', timeout: 1_800_000 });
    await pollUntil('chain page warm', 300_000, 1_000, async () => (chainShown(await readChainPage(warm)) ? true : undefined)).catch(() => {});
    await warm.goto(ecoUrl, { waitUntil: 'domcontentloaded', timeout: 1_800_000 });
    await pollUntil('ecosystem page warm', 300_000, 1_000, async () => (ecosystemShown(await readEcosystemPage(warm)) ? true : undefined)).catch(() => {});
    await warm.close();

    const page = await context.newPage();
    page.on('requestfailed', (r) => {
      if (r.url().startsWith(origin)) report.failed_requests.push(`${r.method()} ${r.url().slice(origin.length)}: ${r.failure()?.errorText ?? 'failed'}`);
    });
    page.on('response', (r) => {
      if (r.url().startsWith(origin) && r.status() >= 400) report.failed_requests.push(`${r.request().method()} ${r.url().slice(origin.length)}: ${r.status()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') report.console_errors.push(m.text().slice(0, 300));
    });
    page.on('pageerror', (e) => report.console_errors.push(`pageerror: ${e.message.slice(0, 300)}`));
    report.chain_page = await measurePage(page, chainUrl, 'chain', outDir, readChainPage, chainShown, 60_000);
    report.ecosystem_page = await measurePage(page, ecoUrl, 'ecosystem', outDir, readEcosystemPage, ecosystemShown, 60_000);
  } finally {
    await browser?.close().catch(() => {});
    await stopAll();
  }
  const within = (r: PageResult<unknown> | null): boolean => r !== null && r.shown_after_dcl_ms !== null && r.shown_after_dcl_ms <= CARDS_WITHIN_MS;
  report.checks = {
    histories_nonempty_5s_after_restart: report.restart?.ok === true,
    chain_page_cards_within_3s: within(report.chain_page),
    ecosystem_page_cards_within_3s: within(report.ecosystem_page),
    no_failed_requests_to_chainlytics: report.failed_requests.length === 0,
  };
  writeFileSync(join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\nreport and screenshots in ${outDir}\n`);
  return Object.values(report.checks).every(Boolean) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(err instanceof FrontendMissing ? `${err.message}\n` : `check-live failed: ${err.stack ?? err.message}\n`);
    process.exit(2);
  },
);
