// The dashboard in a real browser, the fixture of its two test files (pages.browser.test.ts and
// document-pages.browser.test.ts, split so that their halves run on both workers): headless
// Chromium (Debian's package, driven by playwright-core) against the real server serving the
// devnet's whole document set (real pipeline: devnet JSON-RPC → ingest → DuckDB → facts →
// builders, the run's shared set) and the dashboard's files as the build made them (dist/web),
// with serve's live routes on a hub the live cases feed and tick by hand. Every page must load
// without console errors or failed requests, and the numbers it shows must be the numbers of the
// documents. Screenshots of every page go to test-results/screenshots/ for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { DocumentSet } from '../../src/documents/document-set.js';
import { expect } from 'vitest';
import { loadDashboard } from '../../src/dashboard/assets.js';
import { launchChromium } from '../../support/chromium.js';
import type { Unit } from '../../web/src/format.js';
import { sharedDevnetDocuments, type SharedDevnetDocuments } from '../helpers/devnet-documents.js';
import { startServer, type TestServer } from '../server/helpers/server.js';
import { FixedClock } from '../../src/clock.js';
import { LiveHub } from '../../src/live/live-hub.js';
import { liveRoutes } from '../../src/live/live-routes.js';
import { resolveLiveSettings } from '../../src/registry/live-settings.js';
import type { RootRoutes } from '../../src/server/root-routes.js';

const LIVE_SINCE = Date.UTC(2025, 4, 7, 13);
const NOW = LIVE_SINCE + 17 * 60_000;
export const SCREENSHOTS = join(import.meta.dirname, '../../test-results/screenshots');
/** The first load of "/" (page, script, stylesheet and the chains page's documents), compressed. */
export const FIRST_LOAD_BUDGET = 250 * 1024;

export type Table = { types: string[]; data: (number | null)[][] };
export type Detail = { details: { timeseries: Record<string, Table>; changes: Record<string, Record<string, (number | string | null)[]>> } };
export type Master = {
  chains: Record<string, { name: string; supported_metrics: string[]; tab_status: Record<string, string> }>;
  metrics: Record<string, { units: Record<string, Unit>; supported_chains: string[] }>;
  app_metrics: Record<string, { units: Record<string, Unit> }>;
  fee_metrics: Record<string, { units: Record<string, Unit> }>;
};

export let built: SharedDevnetDocuments;
export let server: TestServer;
/** The same dashboard on a server that has no document set yet (the first minute after start). */
export let notReady: TestServer;
export let browser: Browser;

export function doc<T>(path: string, set: DocumentSet = built.set): T {
  const entry = set.entries.get(path);
  if (entry === undefined) throw new Error(`no document ${path}`);
  return JSON.parse(entry.body.toString('utf8')) as T;
}
export const master = (): Master => doc<Master>('/v1/master.json');
export const detail = (chain: string, metric: string): Detail => doc<Detail>(`/v1/metrics/chains/${chain}/${metric}.json`);
export const lastValue = (t: Table, column: string): number | null => t.data[t.data.length - 1][t.types.indexOf(column)];

export interface Opened {
  page: Page;
  /** Console errors, uncaught exceptions, failed requests and HTTP errors seen so far. */
  problems: string[];
  /** Compressed bytes received (headers and bodies). */
  bytes(): number;
}

export async function open(hash: string, viewport = { width: 1280, height: 900 }, base = server.base, prepare?: (page: Page) => Promise<void>): Promise<Opened> {
  const page = await browser.newPage({ viewport });
  await prepare?.(page);
  // The live streams (/events…) never end: they have no size to add up, and a page that closes
  // one (leaving a chain page) aborts it, which is no failure.
  const stream = (url: string): boolean => new URL(url).pathname.startsWith('/events');
  const problems: string[] = [];
  const responses: Promise<number>[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (!(stream(r.url()) && r.failure()?.errorText === 'net::ERR_ABORTED')) problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    if (stream(r.url())) return;
    responses.push(r.request().sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
  });
  let total = 0;
  await page.goto(`${base}/${hash}`);
  await settled(page);
  for (const r of responses) total += await r;
  return { page, problems, bytes: () => total };
}

/** Waits until the page has rendered its content (no loading state left). */
export async function settled(page: Page): Promise<void> {
  await page.waitForSelector('main [data-page]');
  await page.waitForFunction(() => document.querySelector('.loading') === null);
}

export async function shot(o: Opened, name: string): Promise<void> {
  await o.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export async function finish(o: Opened, name: string): Promise<void> {
  await shot(o, name);
  await o.page.close();
  expect(o.problems).toEqual([]);
}

/**
 * Clicks a switch and waits until the page shows it pressed: the tables, figures and (drawn in a
 * layout effect) the chart change in the same render, so what is read next is the new state.
 */
export async function choose(page: Page, option: string, url: RegExp): Promise<void> {
  await page.click(`button[data-option="${option}"]`);
  await page.waitForURL(url);
  await page.locator(`button[data-option="${option}"][aria-pressed="true"]`).first().waitFor();
}

export const cellValue = async (page: Page, selector: string): Promise<string | null> => page.locator(selector).first().getAttribute('data-value');
export const canvasImage = (page: Page): Promise<string> => page.locator('.chart-canvas canvas').first().evaluate((c) => (c as HTMLCanvasElement).toDataURL());

/** Builds (or takes the run's copy of) the document set, starts both servers and Chromium: a file's beforeAll. */
export async function startDashboardBrowser(): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A fresh live clock per file: the live cases move it, and a file run after them in the same
  // worker (isolate: false shares this module) starts from LIVE_T0 again.
  liveClock = new FixedClock(LIVE_T0);
  const [docs, files] = await Promise.all([
    sharedDevnetDocuments({ seed: 11, historyDays: 40, txPerDay: 40, historyBlockInterval: 3600, liveSinceMs: LIVE_SINCE, nowMs: NOW, publicBaseUrl: 'https://api.example.org' }),
    loadDashboard(),
  ]);
  built = docs;
  // The pages read a few app details each; the limit of 10 per minute is tested elsewhere.
  // serve's live routes beside the documents, on a hub the live cases feed and tick by hand.
  const live = liveStream(Object.keys(master().chains).filter((k) => k !== 'all_l2s'));
  hub = live.hub;
  server = await startServer(built.set, { rate_limits: { apps_details_per_minute: 1000 } }, undefined, files, undefined, live.routes);
  server.holder.onSwap(hub.swapped);
  notReady = await startServer(null, {}, undefined, files, undefined, liveStream([]).routes);
  browser = await launchChromium();
}

/** Closes what startDashboardBrowser started: a file's afterAll. */
export async function stopDashboardBrowser(): Promise<void> {
  // The hub first (its streams end), as the single file's hooks did.
  await hub?.shutdown();
  await browser?.close();
  await server?.close();
  await notReady?.close();
  await built?.close();
}

// Issue 26: serve's live stream (CONTRACT.md 12, docs/live.md). The server mounts the live routes
// on a hub whose clock is fixed (document-pages.browser.test.ts feeds it and ticks it by hand).
export const LIVE_T0 = Date.UTC(2026, 7, 4, 9, 0, 0);
export let liveClock = new FixedClock(LIVE_T0);
export let hub: LiveHub;

export function liveStream(chains: string[]): { hub: LiveHub; routes: RootRoutes } {
  // Every page of a file comes from one address: no per-address cap between the cases.
  const settings = resolveLiveSettings({ max_streams_per_address: 1000 });
  const stallMs = 20_000;
  const h = new LiveHub({ chains: chains.map((k) => ({ origin_key: k, name: k, gas_token: 'ethereum' })), settings, stallMs, clock: liveClock, random: () => 0.5 });
  return { hub: h, routes: liveRoutes({ hub: h, settings, clock: liveClock, trustProxy: false, stallMs }) };
}
