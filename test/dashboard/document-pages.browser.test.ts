// The dashboard's pages of the other documents in headless Chromium against the real server on the
// devnet's whole document set (dashboard-browser.ts): category comparison, economics, data
// availability, the backfill's waiting page, the API explorer, landing, ecosystem, blockspace, the
// fee line chart, the sources of every page, and the pages on serve's live stream (issue 26).
// The main pages are pages.browser.test.ts, run beside this file.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/clock.js';
import { loadDashboard } from '../../src/dashboard/assets.js';
import { makeEntry } from '../../src/documents/document-set.js';
import type { HealthInfo, SyncProgress as HealthProgress } from '../../src/server/health.js';
import type { NormalizedBatch, NormalizedTx } from '../../src/store/rows.js';
import { formatValue, type Unit } from '../../web/src/format.js';
import { QUIET_MS } from '../../web/src/live.js';
import { startServer } from '../server/helpers/server.js';
import {
  built,
  browser,
  canvasImage,
  cellValue,
  choose,
  detail,
  doc,
  finish,
  hub,
  lastValue,
  LIVE_T0,
  liveClock,
  liveStream,
  master,
  open,
  server,
  settled,
  shot,
  startDashboardBrowser,
  stopDashboardBrowser,
  type Detail,
  type Opened,
  type Table,
} from './dashboard-browser.js';

beforeAll(startDashboardBrowser);
afterAll(stopDashboardBrowser);

describe('the category comparison page (CONTRACT.md 11.3)', () => {
  type Rows = Record<string, (number | null)[][] | string[]>;
  type ComparisonNode = { daily: Rows; daily_7d_rolling: Rows; aggregated: Record<string, { data: Record<string, (number | null)[] | string[]> }> };
  const node = (main: string) => doc<{ data: Record<string, ComparisonNode> }>(`/v1/blockspace/category_comparison/${main}.json`).data[main]!;
  const COLUMNS = ['gas_fees_share', 'txcount_absolute', 'txcount_share'];

  /** Every chain row of the table against the window's data of the document (fees in `fees`' column). */
  async function expectTable(page: Page, n: ComparisonNode, w: string, fees: string): Promise<void> {
    const data = n.aggregated[w]!.data;
    const types = data.types as string[];
    const chains = Object.keys(data).filter((k) => k !== 'types');
    expect(chains.length, w).toBeGreaterThan(0);
    const shown = await page.locator('table.comparison tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.chain));
    expect([...shown].sort()).toEqual([...chains].sort());
    for (const chain of chains) {
      const row = data[chain] as (number | null)[];
      expect(Number(await cellValue(page, `tr[data-chain="${chain}"] td[data-column="fees"]`)), `${chain} ${fees}`).toBe(row[types.indexOf(fees)]);
      for (const c of COLUMNS) expect(Number(await cellValue(page, `tr[data-chain="${chain}"] td[data-column="${c}"]`)), `${chain} ${c}`).toBe(row[types.indexOf(c)]);
    }
  }

  /** The chart's last point per chain: the last row of `daily` (7d, 30d) or `daily_7d_rolling` (180d, max). */
  async function expectChart(page: Page, n: ComparisonNode, w: string, column: string): Promise<void> {
    const block = ['180d', 'max'].includes(w) ? n.daily_7d_rolling : n.daily;
    const types = block.types as string[];
    for (const chain of Object.keys(block).filter((k) => k !== 'types')) {
      const rows = block[chain] as (number | null)[][];
      const want = rows.length > 0 ? String(rows[rows.length - 1]![types.indexOf(column)]) : '';
      expect(await cellValue(page, `.last-points tr[data-series="${chain}"] td[data-value]`), `${chain} ${w} ${column}`).toBe(want);
    }
  }

  it('from the navigation: finance over 30 days by default, then another category, window and measure, each figure the document\'s', async () => {
    const o = await open('#/');
    await o.page.click('nav a[href="#/categories"]');
    await o.page.waitForURL(/#\/categories$/);
    await o.page.locator('table.comparison[data-category="finance"][data-window="30d"]').waitFor();
    const index = doc<{ data: Record<string, unknown> }>('/v1/blockspace/category_comparison/index.json');
    expect(await o.page.locator('select option').evaluateAll((os) => os.map((x) => (x as HTMLOptionElement).value))).toEqual(Object.keys(index.data));
    await expectTable(o.page, node('finance'), '30d', 'gas_fees_absolute_usd');
    await expectChart(o.page, node('finance'), '30d', 'gas_fees_absolute_usd');
    // ethereum is compared like any chain.
    expect(await o.page.locator('table.comparison tr[data-chain="ethereum"]').count()).toBe(1);

    await o.page.selectOption('select', 'token_transfers');
    await o.page.waitForURL(/cat=token_transfers/);
    await o.page.locator('table.comparison[data-category="token_transfers"]').waitFor();
    await choose(o.page, 'max', /w=max/);
    await o.page.locator('table.comparison[data-window="max"]').waitFor();
    await choose(o.page, 'eth', /c=eth/);
    await expectTable(o.page, node('token_transfers'), 'max', 'gas_fees_absolute_eth');
    await expectChart(o.page, node('token_transfers'), 'max', 'gas_fees_absolute_eth');
    const before = await canvasImage(o.page);
    await choose(o.page, 'txcount', /m=txcount/);
    await expectChart(o.page, node('token_transfers'), 'max', 'txcount_absolute');
    expect(await canvasImage(o.page)).not.toBe(before);
    await finish(o, 'category-comparison');
  });

  it('a category the index does not list shows the not-found page without asking the server', async () => {
    const o = await open('#/categories?cat=nosuch');
    expect(await o.page.locator('[data-page="not-found"] h1').textContent()).toBe('Not found');
    await finish(o, 'category-comparison-not-found');
  });
});

describe('dashboard economics page in Chromium', () => {
  type Pair = number[];
  type W = { revenue: { total: Pair }; costs: { total: Pair; costs_l1?: Pair; costs_blobs?: Pair }; profit: { total: Pair }; profit_margin: { total: number[] }; size: { total: number[] } };
  type Econ = { data: { chain_breakdown: Record<string, Record<string, W> & { daily?: Record<string, Table> }> } };

  it('economics: linked from the navigation; per chain and in total the window figures of economics.json, by window and currency; the chart ends on its daily rows', async () => {
    const m = master();
    const econ = doc<Econ>('/v1/economics.json').data.chain_breakdown;
    const chains = Object.keys(econ).filter((k) => k !== 'totals');
    expect(chains.length).toBeGreaterThan(0);
    const o = await open('');
    await o.page.click('header nav a[href="#/economics"]');
    await o.page.waitForURL(/#\/economics$/);
    await settled(o.page);
    expect(await o.page.locator('header nav a[aria-current="page"]').textContent()).toBe('Economics');
    const rows = await o.page.locator('table.economics tr[data-chain]').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.chain));
    expect(rows).toEqual([...chains, 'totals']);
    const check = async (window: string, currency: 'usd' | 'eth') => {
      const i = currency === 'usd' ? 0 : 1;
      const unit = m.metrics.fees.units[currency];
      for (const k of [...chains, 'totals']) {
        const w = econ[k]![window]!;
        const money: Array<[string, number | undefined]> = [
          ['revenue', w.revenue.total[i]],
          ['costs_l1', w.costs.costs_l1?.[i]],
          ['costs_blobs', w.costs.costs_blobs?.[i]],
          ['costs', w.costs.total[i]],
          ['profit', w.profit.total[i]],
        ];
        for (const [figure, want] of money) {
          const cell = o.page.locator(`table.economics tr[data-chain="${k}"] td[data-figure="${figure}"]`);
          const at = `${k} ${window} ${currency} ${figure}`;
          expect(await cell.getAttribute('data-value'), at).toBe(want === undefined ? '' : String(want));
          expect(await cell.textContent(), at).toBe(formatValue(want ?? null, unit));
        }
        expect(await cellValue(o.page, `table.economics tr[data-chain="${k}"] td[data-figure="profit_margin"]`)).toBe(String(w.profit_margin.total[0]));
        expect(await cellValue(o.page, `table.economics tr[data-chain="${k}"] td[data-figure="size"]`)).toBe(String(w.size.total[0]));
      }
    };
    await check('30d', 'usd');
    const daily = econ[chains[0]!]!.daily!;
    const lastOf = (s: string, column: string) => lastValue(daily[s]!, column);
    for (const s of ['revenue', 'costs', 'profit']) expect(Number(await cellValue(o.page, `.last-points tr[data-series="${s}"] td[data-value]`)), s).toBe(lastOf(s, 'usd'));
    await choose(o.page, '7d', /w=7d/);
    await o.page.locator('table.economics[data-window="7d"]').waitFor();
    await check('7d', 'usd');
    await choose(o.page, 'eth', /c=eth/);
    await check('7d', 'eth');
    for (const s of ['revenue', 'costs', 'profit']) expect(Number(await cellValue(o.page, `.last-points tr[data-series="${s}"] td[data-value]`)), s).toBe(lastOf(s, 'eth'));
    await choose(o.page, 'max', /w=max/);
    await check('max', 'eth');
    await finish(o, 'economics');
  });

  it('economics on a phone: nothing wider than the screen (the table scrolls inside its box)', async () => {
    const o = await open('#/economics', { width: 390, height: 844 });
    expect(await o.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await finish(o, 'phone-economics');
  });
});

describe('dashboard: data availability (CONTRACT.md 11.2)', () => {
  type Total = { types: string[]; total: (number | null)[] };
  type DaOverview = {
    data: {
      all_da: { metrics: Record<string, Record<string, { daily: Table }>> };
      da_breakdown: Record<string, Record<string, { fees: Total; size: Total; fees_per_mb: Total; da_consumer_chart: { data: [string, string, string | null, string | null, number][] } }>>;
    };
  };
  type DaMaster = { da_metrics: Record<string, { units: Record<string, Unit> }> };
  const GIB = 1024 ** 3;

  it("the layer's fees, data posted and fees per MB of the chosen window, its consumers and the daily chart are the overview document's", async () => {
    const overview = doc<DaOverview>('/v1/da_overview.json');
    const units = doc<DaMaster>('/v1/master.json').da_metrics;
    const layer = overview.data.da_breakdown.da_ethereum_blobs;
    const o = await open('#/data-availability');
    expect(await o.page.locator('nav a[href="#/data-availability"]').getAttribute('aria-current')).toBe('page');
    const figure = (name: string) => o.page.locator(`[data-figure="${name}"] dd`);
    const expectFigures = async (w: string, c: 'usd' | 'eth') => {
      await o.page.locator(`dl[data-window="${w}"]`).waitFor();
      const f = layer[w]!;
      const fees = f.fees.total[f.fees.types.indexOf(c)]!;
      expect(await figure('fees').getAttribute('data-value'), `${w} fees`).toBe(String(fees));
      expect(await figure('fees').textContent()).toBe(formatValue(fees, units.fees_paid!.units[c]!, { tooltip: true }));
      expect(await figure('size').getAttribute('data-value'), `${w} size`).toBe(String(f.size.total[0]! / GIB));
      expect(await figure('size').textContent()).toBe(formatValue(f.size.total[0]! / GIB, units.data_posted!.units.value!, { tooltip: true }));
      expect(await figure('fees_per_mb').getAttribute('data-value'), `${w} per MB`).toBe(String(f.fees_per_mb.total[f.fees_per_mb.types.indexOf(c)]));
      const rows = await o.page.locator('table.consumers tbody tr').evaluateAll((trs) => trs.map((tr) => [(tr as HTMLElement).dataset.consumer, tr.querySelector('td')!.dataset.value]));
      expect(rows, `${w} consumers`).toEqual(f.da_consumer_chart.data.map((r) => [r[0], String(r[4])]));
    };
    // The default window is 30 days, in USD.
    await expectFigures('30d', 'usd');
    await choose(o.page, '7d', /w=7d/);
    await expectFigures('7d', 'usd');
    await choose(o.page, 'eth', /c=eth/);
    await expectFigures('7d', 'eth');
    await choose(o.page, 'max', /w=max/);
    await expectFigures('max', 'eth');
    // The daily chart: its last point is the document's last day, fees then data posted.
    const lastPoint = () => o.page.locator('.last-points tr[data-series="da_ethereum_blobs"] td.num').getAttribute('data-value');
    const fees = overview.data.all_da.metrics.fees_paid!.da_ethereum_blobs!.daily;
    expect(await lastPoint()).toBe(String(lastValue(fees, 'eth')));
    await choose(o.page, 'data_posted', /m=data_posted/);
    expect(await lastPoint()).toBe(String(lastValue(overview.data.all_da.metrics.data_posted!.da_ethereum_blobs!.daily, 'value')));
    await finish(o, 'data-availability');
  });
});

describe('the waiting page during a backfill', () => {
  it('shows each chain\'s progress from /healthz: blocks done of total, percent and time left', async () => {
    const chain = (origin_key: string, progress: HealthProgress) => ({
      origin_key,
      head_block: progress.blocks_total - 1,
      last_ingested_block: progress.blocks_done - 1,
      last_ingested_block_time: null,
      lag_seconds: null,
      status: 'degraded' as const,
      progress,
    });
    const health = (): HealthInfo => ({
      chains: [
        chain('base', { state: 'syncing', blocks_done: 1234, blocks_total: 5000, percent: 24.6, blocks_per_second: 5.2, eta_seconds: 725 }),
        chain('ethereum', { state: 'following', blocks_done: 800, blocks_total: 800, percent: 100, blocks_per_second: 0.1, eta_seconds: 0 }),
      ],
    });
    const waiting = await startServer(null, {}, health, await loadDashboard(), undefined, liveStream([]).routes);
    try {
      const o = await open('#/fees', undefined, waiting.base);
      expect(await o.page.locator('[role="alert"] h1').textContent()).toBe('Data is being prepared');
      const row = (c: string) => o.page.locator(`table.sync-progress tr[data-chain="${c}"]`);
      await row('base').waitFor();
      expect(await row('base').locator('[data-field="percent"]').textContent()).toBe('24.6 %');
      expect(await row('base').locator('[data-field="blocks"]').textContent()).toBe('1,234 of 5,000');
      expect(await row('base').locator('[data-field="eta"]').textContent()).toBe('12 min 5 s');
      expect(await row('base').locator('progress').evaluate((p) => [(p as HTMLProgressElement).value, (p as HTMLProgressElement).max])).toEqual([1234, 5000]);
      expect(await row('ethereum').locator('[data-field="percent"]').textContent()).toBe('100.0 %');
      expect(await row('ethereum').locator('[data-field="eta"]').textContent()).toBe('0 s');
      await shot(o, 'not-ready-progress');
      await o.page.close();
      // /healthz answers 503 before the first set too; the only failures are the 503s.
      expect(o.problems.filter((p) => !/503/.test(p))).toEqual([]);
    } finally {
      await waiting.close();
    }
  });
});

describe('the API explorer at /docs', () => {
  type Spec = { paths: Record<string, { get?: { summary?: string } }>; components: { schemas: Record<string, { properties?: Record<string, { description?: string }> }> } };

  it('lists every endpoint, fills the parameters from master.json, tries a document, shows its schema and a curl line; fits a phone', async () => {
    const o = await open('docs');
    // /docs opens on the explorer: the dashboard's page, routed there.
    expect(o.page.url()).toBe(`${server.base}/docs#/api`);
    const spec = doc<Spec>('/v1/openapi.json');
    const listed = await o.page.locator('nav.endpoints a code').allTextContents();
    expect(listed).toEqual(Object.keys(spec.paths).filter((p) => spec.paths[p]!.get).map((p) => (p === '/healthz' ? p : `/v1${p}`)));

    // The metric detail: chains and metrics are the keys master.json publishes.
    await o.page.click('nav.endpoints a:has-text("/v1/metrics/chains/{origin_key}/{metric_id}.json")');
    await o.page.waitForURL(/p=%2Fmetrics%2Fchains/);
    await o.page.locator('label:has(code:text-is("origin_key")) select').waitFor();
    const options = (name: string) => o.page.locator(`label:has(code:text-is("${name}")) select option`).evaluateAll((os) => os.map((x) => (x as HTMLOptionElement).value));
    expect(await options('origin_key')).toEqual(Object.keys(master().chains));
    expect(await options('metric_id')).toEqual(Object.keys(master().metrics));
    await o.page.selectOption('label:has(code:text-is("origin_key")) select', 'base');
    await o.page.selectOption('label:has(code:text-is("metric_id")) select', 'daa');
    const url = `${server.base}/v1/metrics/chains/base/daa.json`;
    expect(await o.page.locator('[data-curl]').textContent()).toBe(`curl -sS --compressed '${url}'`);

    // Try it: the answer shown is the document served, pretty-printed.
    await o.page.click('button:text-is("Try it")');
    await o.page.locator('.answer[data-status="200"]').waitFor();
    expect(JSON.parse((await o.page.locator('.answer pre').textContent())!)).toEqual(detail('base', 'daa'));

    // The schema: the document's top-level fields with the descriptions the OpenAPI description gives.
    const top = spec.components.schemas.MetricDetail!.properties!;
    const fields = await o.page.locator('ul.schema > li > details > summary > code.field, ul.schema > li > code.field').allTextContents();
    expect(fields).toEqual(Object.keys(top));
    for (const [name, field] of Object.entries(top)) {
      if (field.description) expect(await o.page.locator(`ul.schema > li:has(> details > summary > code.field:text-is("${name}")), ul.schema > li:has(> code.field:text-is("${name}"))`).first().textContent()).toContain(field.description);
    }
    await finish(o, 'api-explorer');

    // A project path takes its values from projects_filtered.json; on a phone nothing scrolls sideways.
    const phone = await open('docs#/api?p=%2Fapps%2Fdetails%2F%7Bowner_project%7D.json', { width: 390, height: 844 });
    const projects = doc<{ data: { types: string[]; data: unknown[][] } }>('/v1/labels/projects_filtered.json').data;
    const owner = projects.types.indexOf('owner_project');
    await phone.page.locator('label:has(code:text-is("owner_project")) select').waitFor();
    expect(await phone.page.locator('label:has(code:text-is("owner_project")) select option').evaluateAll((os) => os.map((x) => (x as HTMLOptionElement).value))).toEqual(projects.data.map((r) => r[owner]));
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await finish(phone, 'api-explorer-phone');
  });
});

describe('dashboard fixes of issue 25', () => {
  it('a metric chart gives every chain a colour of its own in both themes; all_l2s lists no empty facts', async () => {
    const o = await open('#/metric/txcount');
    const rgbOf = (s: string): number[] => (/rgb\((\d+), (\d+), (\d+)\)/.exec(s) ?? []).slice(1).map(Number);
    for (let round = 0; round < 2; round++) {
      const swatches = await o.page.locator('.last-points tr[data-series] .swatch').evaluateAll((ss) => ss.map((s) => (s as HTMLElement).style.background));
      expect(swatches.length).toBe(master().metrics.txcount.supported_chains.length);
      const colours = swatches.map(rgbOf);
      for (let i = 0; i < colours.length; i++) {
        for (let j = i + 1; j < colours.length; j++) {
          const d = Math.hypot(...colours[i]!.map((c, k) => c - colours[j]![k]!));
          expect(d, `${swatches[i]} and ${swatches[j]} (${await o.page.evaluate(() => document.documentElement.dataset.theme)})`).toBeGreaterThanOrEqual(70);
        }
      }
      await o.page.click('button.theme');
    }
    await finish(o, 'metric-txcount-colours');
    const agg = await open('#/chain/all_l2s');
    const facts = await agg.page.locator('dl.facts dd').allTextContents();
    expect(facts.filter((f) => f.trim() === '-' || f.trim() === '')).toEqual([]);
    await finish(agg, 'chain-all_l2s');
  });

  it('a metric chart: a chain picker and a date range in the URL, and each latest value links to its document', async () => {
    const o = await open('#/metric/txcount');
    const all = master().metrics.txcount.supported_chains;
    const series = () => o.page.locator('.last-points tr[data-series]').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.series));
    expect(await series()).toEqual(all);
    // Keep base and optimism only: every other chain unticked.
    for (const chain of all.filter((c) => c !== 'base' && c !== 'optimism')) {
      await o.page.click(`fieldset.chain-picker input[value="${chain}"]`);
      await o.page.waitForFunction((c) => !document.querySelector(`.last-points tr[data-series="${c}"]`), chain);
    }
    expect(await series()).toEqual(all.filter((c) => c === 'base' || c === 'optimism'));
    expect(new URL(o.page.url()).hash).toContain('chains=optimism%2Cbase'.replace('optimism%2Cbase', all.filter((c) => c === 'base' || c === 'optimism').join('%2C')));
    // A date range ending five days before the last complete day: each series' last point is that day.
    const daily = detail('base', 'txcount').details.timeseries.daily;
    const end = daily.data[daily.data.length - 6]![0]!;
    const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
    await o.page.fill('input[name="from"]', day(end - 10 * 86_400_000));
    await o.page.waitForURL(/from=/);
    await o.page.fill('input[name="to"]', day(end));
    await o.page.waitForURL(/to=/);
    await o.page.locator(`.last-points tr[data-series="base"] td[data-value="${daily.data[daily.data.length - 6]![daily.types.indexOf('value')]}"]`).waitFor();
    for (const chain of ['base', 'optimism']) {
      const t = detail(chain, 'txcount').details.timeseries.daily;
      const row = t.data.find((r) => r[0] === end)!;
      expect(await cellValue(o.page, `.last-points tr[data-series="${chain}"] td[data-value]`), chain).toBe(String(row[t.types.indexOf('value')]));
    }
    // The changes table's latest value is a link to the document it is read from.
    expect(await o.page.locator('table.changes tr[data-chain="base"] td.num a').first().getAttribute('href')).toBe('/v1/metrics/chains/base/txcount.json');
    await finish(o, 'metric-txcount-range');
  });
});

describe('dashboard pages for every document (issue 25)', () => {
  /** A document as this server answers it, parsed in the test: the figures are checked against it. */
  async function served<T>(path: string): Promise<T> {
    const res = await fetch(`${server.base}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  }
  const attr = (page: Page, selector: string, name: string): Promise<string | null> => page.locator(selector).first().getAttribute(name);
  /** A number as the data-value attribute holds it: '' for null. */
  const asAttr = (v: number | null | undefined): string => (v === null || v === undefined ? '' : String(v));
  const percent1 = (fraction: number): string => `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(fraction * 100)}%`;
  const lastPoint = (page: Page, scope: string, series: string): Promise<string | null> => attr(page, `${scope} .last-points tr[data-series="${series}"] td[data-value]`, 'data-value');

  /**
   * Every section of a page that shows figures (elements with data-value) names its source: a
   * `.source` line between its heading and the next. Returns the source links of the page.
   */
  async function sourcesChecked(o: Opened, hash: string): Promise<string[]> {
    const sections = await o.page.evaluate(() => {
      const out: { heading: string; figures: number; sources: string[] }[] = [{ heading: '(top)', figures: 0, sources: [] }];
      const walk = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_ELEMENT);
      for (let n = walk.nextNode() as Element | null; n; n = walk.nextNode() as Element | null) {
        if (n.tagName === 'H2') out.push({ heading: n.textContent ?? '', figures: 0, sources: [] });
        else if (n.hasAttribute('data-value')) out.at(-1)!.figures++;
        else if (n.matches('.source a[data-source]')) out.at(-1)!.sources.push(n.getAttribute('href')!);
      }
      return out;
    });
    for (const s of sections) if (s.figures > 0) expect(s.sources.length, `${hash}: section "${s.heading}" shows figures without a source`).toBeGreaterThan(0);
    const links = [...new Set(sections.flatMap((s) => s.sources))];
    expect(links.length, hash).toBeGreaterThan(0);
    // Fetched from the test, not the page: resolved against the page's URL as the browser would.
    for (const h of links) expect((await fetch(new URL(h, o.page.url()))).status, `${hash}: ${h}`).toBe(200);
    return links;
  }

  /**
   * Switches the theme of an open page: the page takes it, and each chart is drawn again in its
   * colours (axes and grid are read from the theme's CSS variables). Screenshots both.
   */
  async function bothThemes(o: Opened, name: string): Promise<void> {
    const before = await o.page.evaluate(() => document.documentElement.dataset.theme);
    await shot(o, `${name}-${before}`);
    const charted = (await o.page.locator('.chart-canvas canvas').count()) > 0;
    const canvas = charted ? await canvasImage(o.page) : '';
    await o.page.click('button.theme');
    const after = await o.page.evaluate(() => document.documentElement.dataset.theme);
    expect(after, name).not.toBe(before);
    if (charted) await o.page.waitForFunction((prev) => (document.querySelector('.chart-canvas canvas') as HTMLCanvasElement).toDataURL() !== prev, canvas);
    expect(await o.page.evaluate(() => getComputedStyle(document.body).backgroundColor), name).toBe(after === 'dark' ? 'rgb(15, 18, 22)' : 'rgb(255, 255, 255)');
  }

  type Rank = { rank: number | null; out_of: number | null; value?: number | null; value_usd?: number | null; value_eth?: number | null };
  type Landing = {
    data: {
      metrics: { table_visual: Record<string, { users: number; user_share: number; cross_chain_activity: number; ranking: Record<string, Rank>; ranking_w_eth: Record<string, Rank>; top_apps: string[] }> };
      all_l2s: { metrics: Record<string, { daily: Table }> };
      ethereum: { metrics: Record<string, { daily: Table }> };
      top_applications: Record<'gainers' | 'losers', { types: string[]; data: (string | number)[][] }>;
    };
  };

  it('landing page: users, shares and cross-chain activity, the ranking without and with Ethereum, all L2s against Ethereum, the top movers', async () => {
    const landing = await served<Landing>('/v1/landing_page.json');
    const table = landing.data.metrics.table_visual;
    const o = await open('');
    await o.page.click('header nav a[href="#/landing"]');
    await o.page.waitForURL(/#\/landing$/);
    await settled(o.page);
    expect(await o.page.locator('header nav a[aria-current="page"]').textContent()).toBe('Landing');
    expect(await o.page.locator('table.landing-users tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.chain))).toEqual(Object.keys(table));
    for (const [chain, c] of Object.entries(table)) {
      const row = `table.landing-users tr[data-chain="${chain}"]`;
      expect(await attr(o.page, `${row} [data-figure="users"]`, 'data-value'), chain).toBe(String(c.users));
      expect(await o.page.locator(`${row} [data-figure="users"]`).textContent()).toBe(c.users.toLocaleString('en-US'));
      expect(await attr(o.page, `${row} [data-figure="user_share"]`, 'data-value'), chain).toBe(String(c.user_share));
      expect(await o.page.locator(`${row} [data-figure="user_share"]`).textContent()).toBe(percent1(c.user_share));
      expect(await o.page.locator(`${row} [data-figure="cross_chain_activity"]`).textContent(), chain).toBe(percent1(c.cross_chain_activity));
      expect(await o.page.locator(`${row} td a[href^="#/app/"]`).evaluateAll((as) => as.map((a) => a.textContent))).toEqual(c.top_apps);
    }
    // The ranking: L2s only first, then with Ethereum; money metrics show their USD value.
    const m = master();
    const expectRanking = async (which: 'ranking' | 'ranking_w_eth'): Promise<void> => {
      for (const [chain, c] of Object.entries(table)) {
        for (const [metric, r] of Object.entries(c[which])) {
          const cell = `table.landing-ranking tr[data-chain="${chain}"] td[data-metric="${metric}"]`;
          const value = 'usd' in m.metrics[metric]!.units ? r.value_usd : r.value;
          expect(await attr(o.page, cell, 'data-rank'), `${which} ${chain} ${metric}`).toBe(asAttr(r.rank));
          expect(await attr(o.page, cell, 'data-value'), `${which} ${chain} ${metric}`).toBe(asAttr(value));
          expect(await o.page.locator(`${cell} div`).first().textContent()).toBe(r.rank === null ? '–' : `${r.rank} of ${r.out_of}`);
        }
      }
    };
    await expectRanking('ranking');
    await choose(o.page, '1', /eth=1/);
    await o.page.locator('table.landing-ranking[data-with-eth="1"]').waitFor();
    await expectRanking('ranking_w_eth');
    // ethereum has a rank only in ranking_w_eth, so the switch shows a different table.
    expect([table.ethereum!.ranking.txcount!.rank, table.ethereum!.ranking_w_eth.txcount!.rank === null]).toEqual([null, false]);
    // All L2s against Ethereum: each series ends on the document's last daily row (7-day mean).
    await o.page.selectOption('select', 'fees');
    await o.page.waitForURL(/m=fees/);
    await o.page.locator('[data-part="compare"][data-metric="fees"]').waitFor();
    for (const side of ['all_l2s', 'ethereum'] as const) {
      expect(await lastPoint(o.page, '[data-part="compare"]', side), side).toBe(asAttr(lastValue(landing.data[side].metrics.fees!.daily, 'usd')));
    }
    await o.page.selectOption('select', 'txcount');
    await o.page.locator('[data-part="compare"][data-metric="txcount"]').waitFor();
    for (const side of ['all_l2s', 'ethereum'] as const) {
      expect(await lastPoint(o.page, '[data-part="compare"]', side), side).toBe(asAttr(lastValue(landing.data[side].metrics.txcount!.daily, 'value')));
    }
    for (const kind of ['gainers', 'losers'] as const) {
      const t = landing.data.top_applications[kind];
      const rows = await o.page.locator(`table.movers[data-kind="${kind}"] tbody tr`).evaluateAll((trs) =>
        trs.map((tr) => [(tr as HTMLElement).dataset.project, ...[...tr.querySelectorAll('td')].map((td) => Number((td as HTMLElement).dataset.value))]),
      );
      expect(rows, kind).toEqual(t.data.map((r) => [r[t.types.indexOf('owner_project')], r[t.types.indexOf('txcount')], r[t.types.indexOf('prev_txcount')], r[t.types.indexOf('change')]]));
    }
    expect(await sourcesChecked(o, '#/landing')).toEqual(expect.arrayContaining(['/v1/landing_page.json']));
    await bothThemes(o, 'landing');
    await finish(o, 'landing');
  });

  type EcoSeries = { daily: { types: string[]; values: (number | null)[][] } };
  type Ecosystem = {
    data: {
      count_layer2s: { daily: { types: string[]; values: [number, { origin_key: string }[] | null, unknown, number][] } };
      tps: Record<string, EcoSeries>;
      stables: Record<string, EcoSeries>;
      app_fees: Record<string, EcoSeries>;
      meet_l2s: Record<string, { total_aa: number; yesterday_aa: number; stables_mcap_usd: number | null; stables_mcap_eth: number | null; tps: number | null; top_apps: string[] }>;
    };
  };

  it('ecosystem overview: each L2 met, the L2s against Ethereum over time (unix is the last column), the number of L2s per month', async () => {
    const eco = (await served<Ecosystem>('/v1/ecosystem/overview.json')).data;
    const o = await open('');
    await o.page.click('header nav a[href="#/ecosystem"]');
    await o.page.waitForURL(/#\/ecosystem$/);
    await settled(o.page);
    const meet = async (currency: 'usd' | 'eth'): Promise<void> => {
      await o.page.locator(`table.meet-l2s[data-currency="${currency}"]`).waitFor();
      expect(await o.page.locator('table.meet-l2s tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.chain))).toEqual(Object.keys(eco.meet_l2s));
      for (const [chain, c] of Object.entries(eco.meet_l2s)) {
        const row = `table.meet-l2s tr[data-chain="${chain}"]`;
        const figures: Array<[string, number | null]> = [
          ['total_aa', c.total_aa],
          ['yesterday_aa', c.yesterday_aa],
          ['stables_mcap', currency === 'usd' ? c.stables_mcap_usd : c.stables_mcap_eth],
          ['tps', c.tps],
        ];
        for (const [figure, want] of figures) expect(await attr(o.page, `${row} [data-figure="${figure}"]`, 'data-value'), `${chain} ${figure}`).toBe(asAttr(want));
      }
    };
    await meet('usd');
    // Rows are [..., unix] with unix last: each chart's series ends on the last row's value.
    const lastOf = (s: EcoSeries, column: string): string => {
      const row = s.daily.values[s.daily.values.length - 1]!;
      expect(s.daily.types[s.daily.types.length - 1]).toBe('unix');
      return asAttr(row[s.daily.types.indexOf(column)]);
    };
    const charts = async (currency: 'usd' | 'eth'): Promise<void> => {
      for (const side of ['layer_2s', 'ethereum_mainnet']) {
        expect(await lastPoint(o.page, '[data-part="tps"]', side), `tps ${side}`).toBe(lastOf(eco.tps[side]!, 'value'));
        expect(await lastPoint(o.page, '[data-part="stables"]', side), `stables ${side}`).toBe(lastOf(eco.stables[side]!, currency));
        expect(await lastPoint(o.page, '[data-part="app_fees"]', side), `app_fees ${side}`).toBe(lastOf(eco.app_fees[side]!, currency));
      }
    };
    await charts('usd');
    const tpsRow = eco.tps.layer_2s!.daily.values.at(-1)!;
    expect(await o.page.locator('[data-part="tps"] .last-points tr[data-series="layer_2s"] td').nth(1).textContent()).toBe(new Date(tpsRow[tpsRow.length - 1]!).toISOString().slice(0, 10));
    await choose(o.page, 'eth', /c=eth/);
    await meet('eth');
    await charts('eth');
    const months = await o.page.locator('table.count-l2s tbody tr').evaluateAll((trs) => trs.map((tr) => [Number((tr as HTMLElement).dataset.month), Number(tr.querySelector('td')!.dataset.value), [...tr.querySelectorAll('td:nth-child(3) a')].map((a) => a.getAttribute('href'))]));
    const c = eco.count_layer2s.daily;
    expect(months).toEqual(c.values.map((r) => [r[c.types.indexOf('unix')], r[c.types.indexOf('value')], ((r[c.types.indexOf('l2s_launched')] as { origin_key: string }[] | null) ?? []).map((l) => `#/chain/${l.origin_key}`)]));
    expect(await sourcesChecked(o, '#/ecosystem')).toEqual(expect.arrayContaining(['/v1/ecosystem/overview.json']));
    await bothThemes(o, 'ecosystem');
    await finish(o, 'ecosystem');
  });

  type BsChain = {
    chain_name: string;
    daily: { types: string[] } & Record<string, { data: (number | null)[][] } | string[]>;
    overview: { types: string[] } & Record<string, Record<string, { data?: number[]; contracts?: { types: string[]; data: unknown[][] } }> | string[]>;
    totals: { types: string[] } & Record<string, { data: number[] } | string[]>;
  };
  const windowOf = (c: BsChain, w: string) => c.overview[w] as Record<string, { data?: number[]; contracts?: { types: string[]; data: unknown[][] } }>;

  /** Every category row and the totals of a window against the chain object, in the currency. */
  async function expectCategories(page: Page, scope: string, c: BsChain, w: string, currency: 'usd' | 'eth'): Promise<void> {
    await page.locator(`${scope} table.blockspace-categories[data-window="${w}"][data-currency="${currency}"]`).waitFor();
    const types = c.overview.types;
    const categories = Object.keys(windowOf(c, w));
    expect(await page.locator(`${scope} table.blockspace-categories tbody tr`).evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.category))).toEqual(categories);
    let nonEmpty = 0;
    for (const category of categories) {
      const data = windowOf(c, w)[category]!.data;
      if (data) nonEmpty++;
      const row = `${scope} table.blockspace-categories tr[data-category="${category}"]`;
      const want = (column: string): string => (data ? String(data[types.indexOf(column)]) : '');
      expect(await attr(page, `${row} [data-figure="fees"]`, 'data-value'), `${w} ${category} fees`).toBe(want(`gas_fees_${currency}_absolute`));
      expect(await attr(page, `${row} [data-figure="fee_share"]`, 'data-value'), `${w} ${category} fee share`).toBe(want(`gas_fees_share_${currency}`));
      expect(await attr(page, `${row} [data-figure="txcount"]`, 'data-value'), `${w} ${category} txcount`).toBe(want('txcount_absolute'));
      expect(await attr(page, `${row} [data-figure="txcount_share"]`, 'data-value'), `${w} ${category} tx share`).toBe(want('txcount_share'));
      if (data) expect(await page.locator(`${row} [data-figure="fee_share"]`).textContent()).toBe(percent1(data[types.indexOf(`gas_fees_share_${currency}`)]!));
    }
    expect(nonEmpty, w).toBeGreaterThan(0);
    const totals = (c.totals[w] as { data: number[] }).data;
    expect(await attr(page, `${scope} table.blockspace-categories tr[data-category="total"] [data-figure="fees"]`, 'data-value')).toBe(String(totals[c.totals.types.indexOf(`gas_fees_${currency}_absolute`)]));
    expect(await attr(page, `${scope} table.blockspace-categories tr[data-category="total"] [data-figure="txcount"]`, 'data-value')).toBe(String(totals[c.totals.types.indexOf('txcount_absolute')]));
  }

  it("a chain's blockspace: linked from its chain page; categories and totals per window and currency, the daily chart per category, the top contracts", async () => {
    const chain = 'base';
    const bs = await served<BsChain>(`/v1/chains/blockspace/${chain}.json`);
    const o = await open(`#/chain/${chain}`);
    await o.page.click('a[data-link="blockspace"]');
    await o.page.waitForURL(new RegExp(`#/blockspace/${chain}$`));
    await settled(o.page);
    expect(await o.page.locator('h1').textContent()).toBe(`Blockspace of ${bs.chain_name}`);
    // The windows the document has, 7 days first shown.
    expect(await o.page.locator('[aria-label="Window"] button').evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.option))).toEqual(Object.keys(bs.overview).filter((k) => k !== 'types'));
    await expectCategories(o.page, '', bs, '7d', 'usd');
    const daily = async (column: string): Promise<void> => {
      for (const category of Object.keys(bs.daily).filter((k) => k !== 'types')) {
        const rows = (bs.daily[category] as { data: (number | null)[][] }).data;
        expect(await lastPoint(o.page, '[data-part="daily"]', category), `${category} ${column}`).toBe(rows.length ? asAttr(rows[rows.length - 1]![bs.daily.types.indexOf(column)]) : '');
      }
    };
    await daily('gas_fees_usd_absolute');
    // Top contracts: the first category (in the document's order) with contracts in the window.
    const contractsOf = (w: string, category: string) => windowOf(bs, w)[category]!.contracts!;
    const withContracts = (w: string) => Object.keys(windowOf(bs, w)).filter((k) => (windowOf(bs, w)[k]!.contracts?.data.length ?? 0) > 0);
    const addresses = () => o.page.locator('table.blockspace-contracts tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.address));
    const expectContracts = async (w: string, category: string): Promise<void> => {
      await o.page.locator(`[data-part="contracts"][data-category="${category}"]`).waitFor();
      const t = contractsOf(w, category);
      expect(await addresses(), `${w} ${category}`).toEqual(t.data.map((r) => r[t.types.indexOf('address')]));
    };
    await expectContracts('7d', withContracts('7d')[0]!);
    await choose(o.page, '30d', /w=30d/);
    await choose(o.page, 'eth', /c=eth/);
    await expectCategories(o.page, '', bs, '30d', 'eth');
    await daily('gas_fees_eth_absolute');
    const other = withContracts('30d')[1]!;
    await o.page.selectOption('[data-part="contracts"] select', other);
    await o.page.waitForURL(new RegExp(`cat=${other}`));
    await expectContracts('30d', other);
    const first = contractsOf('30d', other).data[0]!;
    expect(await attr(o.page, 'table.blockspace-contracts tbody tr:first-child [data-figure="fees"]', 'data-value')).toBe(String(first[contractsOf('30d', other).types.indexOf('gas_fees_absolute_eth')]));
    await choose(o.page, 'txcount', /m=txcount/);
    await o.page.locator('[data-part="daily"][data-measure="txcount"]').waitFor();
    await daily('txcount_absolute');
    expect(await sourcesChecked(o, `#/blockspace/${chain}`)).toEqual(expect.arrayContaining([`/v1/chains/blockspace/${chain}.json`]));
    await bothThemes(o, `blockspace-${chain}`);
    await finish(o, `blockspace-${chain}`);
  });

  it('the blockspace overview: every chain over the window, one chain by category (all L2s by default, with the top contracts)', async () => {
    const ov = (await served<{ data: { chains: Record<string, BsChain> } }>('/v1/blockspace/overview.json')).data.chains;
    const o = await open('');
    await o.page.click('header nav a[href="#/blockspace"]');
    await o.page.waitForURL(/#\/blockspace$/);
    await settled(o.page);
    const chains = async (w: string, currency: 'usd' | 'eth'): Promise<void> => {
      await o.page.locator(`table.blockspace-chains[data-window="${w}"][data-currency="${currency}"]`).waitFor();
      expect(await o.page.locator('table.blockspace-chains tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.chain))).toEqual(Object.keys(ov));
      for (const [k, c] of Object.entries(ov)) {
        const totals = (c.totals[w] as { data: number[] }).data;
        expect(await attr(o.page, `table.blockspace-chains tr[data-chain="${k}"] [data-figure="fees"]`, 'data-value'), `${k} ${w}`).toBe(String(totals[c.totals.types.indexOf(`gas_fees_${currency}_absolute`)]));
        expect(await attr(o.page, `table.blockspace-chains tr[data-chain="${k}"] [data-figure="txcount"]`, 'data-value'), `${k} ${w}`).toBe(String(totals[c.totals.types.indexOf('txcount_absolute')]));
      }
    };
    // 30 days by default, all L2s split by category, with their top contracts.
    await chains('30d', 'usd');
    await expectCategories(o.page, '[data-chain="all_l2s"]', ov.all_l2s!, '30d', 'usd');
    const agg = windowOf(ov.all_l2s!, '30d');
    const firstWith = Object.keys(agg).find((k) => (agg[k]!.contracts?.data.length ?? 0) > 0)!;
    await o.page.locator(`[data-part="contracts"][data-category="${firstWith}"]`).waitFor();
    const t = agg[firstWith]!.contracts!;
    expect(await o.page.locator('table.blockspace-contracts tbody tr').evaluateAll((trs) => trs.map((tr) => [(tr as HTMLElement).dataset.chain, (tr as HTMLElement).dataset.address]))).toEqual(
      t.data.map((r) => [r[t.types.indexOf('chain')], r[t.types.indexOf('address')]]),
    );
    await choose(o.page, 'max', /w=max/);
    await choose(o.page, 'eth', /c=eth/);
    await chains('max', 'eth');
    // Another chain: its categories from the same document; its contracts are on its own page.
    await o.page.selectOption('select', 'base');
    await o.page.waitForURL(/chain=base/);
    await expectCategories(o.page, '[data-chain="base"]', ov.base!, 'max', 'eth');
    expect(await o.page.locator('table.blockspace-contracts').count()).toBe(0);
    expect(await o.page.locator('main a[href="#/blockspace/base"]').count()).toBeGreaterThan(0);
    expect(await sourcesChecked(o, '#/blockspace')).toEqual(expect.arrayContaining(['/v1/blockspace/overview.json']));
    await bothThemes(o, 'blockspace-overview');
    await finish(o, 'blockspace-overview');
  });

  type LineChart = { chain_data: Record<string, Record<string, Record<string, Table & { granularity: string }>>> };

  it('the fee line chart: from the fees page; each chain ends on its last (newest) bucket per metric, timeframe and currency', async () => {
    const lc = (await served<LineChart>('/v1/fees/linechart.json')).chain_data;
    const chains = Object.keys(lc);
    expect(chains).not.toContain('ethereum');
    const o = await open('#/fees');
    await o.page.click('nav.subnav a[href="#/fees/chart"]');
    await o.page.waitForURL(/#\/fees\/chart$/);
    await settled(o.page);
    expect(await o.page.locator('header nav a[aria-current="page"]').textContent()).toBe('Fees');
    const expectLast = async (metric: string, timeframe: string, column: string): Promise<void> => {
      await o.page.locator(`[data-metric="${metric}"][data-timeframe="${timeframe}"]`).waitFor();
      for (const chain of chains) {
        const t = lc[chain]![metric]![timeframe]!;
        expect(await lastPoint(o.page, '', chain), `${chain} ${metric} ${timeframe} ${column}`).toBe(t.data.length ? asAttr(lastValue(t, column)) : '');
      }
    };
    // The first metric of the document, over 7 days (hourly), in USD.
    const firstMetric = Object.keys(lc[chains[0]!]!)[0]!;
    await expectLast(firstMetric, '7d', 'value_usd');
    const hourly = lc[chains[0]!]![firstMetric]!['7d']!;
    expect(await o.page.locator(`.last-points tr[data-series="${chains[0]}"] td`).nth(1).textContent()).toBe(`${new Date(hourly.data.at(-1)![0]!).toISOString().slice(0, 13).replace('T', ' ')}:00`);
    const before = await canvasImage(o.page);
    await choose(o.page, '24hrs', /t=24hrs/);
    await expectLast(firstMetric, '24hrs', 'value_usd');
    // 10-minute buckets read to the minute.
    const tenMin = lc[chains[0]!]![firstMetric]!['24hrs']!;
    expect(tenMin.granularity).toBe('10_min');
    expect(await o.page.locator(`.last-points tr[data-series="${chains[0]}"] td`).nth(1).textContent()).toBe(new Date(tenMin.data.at(-1)![0]!).toISOString().slice(0, 16).replace('T', ' '));
    expect(await canvasImage(o.page)).not.toBe(before);
    await choose(o.page, '180d', /t=180d/);
    await choose(o.page, 'eth', /c=eth/);
    await expectLast(firstMetric, '180d', 'value_eth');
    await o.page.selectOption('select', 'tps');
    await o.page.waitForURL(/m=tps/);
    await expectLast('tps', '180d', 'value');
    expect(await sourcesChecked(o, '#/fees/chart')).toEqual(expect.arrayContaining(['/v1/fees/linechart.json', '/v1/master.json']));
    await bothThemes(o, 'fee-chart');
    await finish(o, 'fee-chart');
  });

  it('the pages that were there before name the documents their figures come from, as links that answer 200 (the new pages check theirs in their own cases)', async () => {
    const project = doc<{ data: { data: unknown[][] } }>('/v1/labels/projects_filtered.json').data.data[0]![0] as string;
    // One browser page, moved from route to route as a reader following links would.
    const pages: Array<[string, string, string[]]> = [
      ['#/', 'chains', ['/v1/fundamentals.json', '/v1/master.json']],
      ['#/chain/base', 'chain', ['/v1/master.json', '/v1/chains/base/overview.json', '/v1/metrics/chains/base/txcount.json']],
      ['#/metric/txcount', 'metric', master().metrics.txcount.supported_chains.map((c) => `/v1/metrics/chains/${c}/txcount.json`)],
      ['#/fees', 'fees', ['/v1/fees/table.json']],
      ['#/economics', 'economics', ['/v1/economics.json']],
      ['#/data-availability', 'data-availability', ['/v1/da_overview.json']],
      ['#/apps', 'apps', ['/v1/labels/projects_filtered.json']],
      [`#/app/${project}`, 'app', [`/v1/apps/details/${project}.json`]],
      ['#/categories', 'category-comparison', ['/v1/blockspace/category_comparison/finance.json']],
    ];
    const o = await open('#/api');
    for (const [hash, name, expected] of pages) {
      await o.page.evaluate((h) => (location.hash = h), hash);
      await o.page.locator(`main [data-page="${name}"]`).waitFor();
      await o.page.waitForFunction(() => document.querySelector('.loading') === null);
      const links = await sourcesChecked(o, hash);
      for (const e of expected) expect(links, hash).toContain(e);
    }
    await o.page.close();
    expect(o.problems).toEqual([]);
  });
});

// The live cases below feed the hub of dashboard-browser.ts blocks as ingestion would, call its
// ticks themselves, and swap the served set, then wait for what the page shows. The page's own
// timer (the quiet stream's QUIET_MS) runs on Playwright's clock, moved by hand.
const nextBlock = new Map<string, number>();

/**
 * Blocks `gapS` seconds apart, the newest at the hub's now, `txs` transactions each, as ingestion
 * hands a stored batch to the live stream; `priced` are [gas_used, effective gas price in wei]
 * of transactions in the newest block.
 */
function feed(chain: string, count: number, gapS: number, txs: number, priced: Array<[bigint, bigint]> = []): void {
  const first = nextBlock.get(chain) ?? 1000;
  nextBlock.set(chain, first + count);
  const nowS = liveClock.now() / 1000;
  const blocks = Array.from({ length: count }, (_, i) => ({ origin_key: chain, block_number: first + i, block_hash: '0x', parent_hash: '0x', block_time: nowS - gapS * (count - 1 - i), gas_used: 0n, base_fee_wei: null, tx_count: txs }));
  const newest = first + count - 1;
  const tx = priced.map(([gas, price], i) => ({ block_number: newest, tx_index: i, gas_used: gas, gas_price_wei: price, l1_fee_wei: 0n, blob_gas_used: 0n, blob_gas_price_wei: 0n }) as NormalizedTx);
  hub.written(chain, { blocks, txs: tx } as NormalizedBatch);
}

/**
 * Every live figure as [data-value, text], and the live block's text, read at once: the page drops
 * its figures after QUIET_MS without a message, so they are read in one step right after a tick shows.
 */
const liveFigures = (page: Page) =>
  page.evaluate(() => ({
    ...Object.fromEntries([...document.querySelectorAll('[data-live-figure]')].map((e) => [e.getAttribute('data-live-figure')!, [e.getAttribute('data-value'), e.textContent]])),
    text: document.querySelector('[data-live]')?.textContent ?? '',
  })) as Promise<Record<string, [string, string]> & { text: string }>;
/** Waits until the live figure `name` carries `value` (the stream's JSON number as the attribute reads it). */
const liveValue = (page: Page, name: string, value: string) => page.waitForFunction(([n, v]) => document.querySelector(`[data-live-figure="${n}"]`)?.getAttribute('data-value') === v, [name, value] as const);
const withPageClock = async (page: Page): Promise<void> => page.clock.install({ time: LIVE_T0 });

/** Tells the page its tab was hidden or shown again, as the browser does when the user switches tabs. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

describe('the dashboard on the live stream (issue 26)', () => {
  it("a chain page shows the chain's live tps, block time, ERC-20 transfer cost and highs as fed, each tick; hides them while the tab is hidden and once the chain is stale", async () => {
    // ETH at $2,000, its hour ending now.
    hub.state.prices.set('ethereum', 2000, liveClock.now() - HOUR_MS, HOUR_MS);
    // Seven blocks 2 s apart, 3 transactions each: W is all seven (span 12 s): tps = 21 ÷ (12 × 7/6) = 1.5,
    // block time 12/6 = 2 s. Two priced ERC-20-class transfers: 60,000 gas at 0.05 gwei = 3e12 wei and
    // 70,000 at 0.1 gwei = 7e12 wei; their median 5e12 wei = 5e-6 ETH = 5,000 Gwei = $0.01.
    feed('base', 7, 2, 3, [
      [60_000n, 50_000_000n],
      [70_000n, 100_000_000n],
    ]);
    liveClock.advance(2000);
    hub.tick(); // the first sample: the highs are 1.5 at 09:00:02
    const o = await open('#/chain/base', undefined, server.base, withPageClock);
    const page = o.page;
    // Once its stream is open, one more tick at the same instant (nothing changes): the figures are read right after it.
    await expect.poll(() => hub.streams.byKind.chain).toBe(1);
    hub.tick();
    // Fed at 09:00:00, ticked at 09:00:02: the age is of the server's two times.
    await liveValue(page, 'age', '2');
    const f = await liveFigures(page);
    expect(f.tps).toEqual(['1.5', '1.5 tx/s']);
    expect(f.block_time).toEqual(['2', '2.00 s']);
    expect(Number(f.erc20_eth[0])).toBeCloseTo(5e-6, 15);
    expect(f.erc20_eth[1]).toBe('5,000.00 Gwei');
    expect(Number(f.erc20_usd[0])).toBeCloseTo(0.01, 12);
    expect(f.erc20_usd[1]).toBe('$0.0100');
    expect([f['24h_high'], f.ath]).toEqual([['1.5', '1.5 tx/s'], ['1.5', '1.5 tx/s']]);
    expect(f.text).toContain('24 h high 1.5 tx/s at 2026-08-04 09:00:02 UTC');
    expect(f.text).toContain('All-time high 1.5 tx/s at 2026-08-04 09:00:02 UTC');
    expect(f.age).toEqual(['2', '2']);
    // Each tick is an update: the age moves with the server's clock.
    liveClock.advance(1000);
    hub.tick();
    await liveValue(page, 'age', '3');
    // A hidden tab holds no stream (and shows no figure); visible again, it opens one and shows the figures at once.
    expect(hub.streams.byKind).toMatchObject({ chain: 1, documents: 1 });
    await setVisibility(page, 'hidden');
    await page.locator('[data-live="chain"]').waitFor({ state: 'detached' });
    await expect.poll(() => ({ ...hub.streams.byKind })).toMatchObject({ chain: 0, documents: 0 });
    await setVisibility(page, 'visible');
    await liveValue(page, 'age', '3');
    await expect.poll(() => ({ ...hub.streams.byKind })).toMatchObject({ chain: 1, documents: 1 });
    await shot(o, 'chain-live');
    // Stale: the newest block was written more than 60 s ago. The server sends this chain nothing
    // more; the page drops its figures once the stream has been quiet for QUIET_MS.
    liveClock.advance(61_000);
    hub.tick();
    expect(hub.freshChain('base')).toBeUndefined();
    await page.clock.fastForward(QUIET_MS);
    await page.locator('[data-live="chain"]').waitFor({ state: 'detached' });
    // Fresh again: the next tick brings the block back with the new window. Three blocks 6 s apart,
    // 4 transactions each: span 12 s with n = 3: tps = 12 ÷ (12 × 3/2) = 0.7 (0.666…), block time 6 s,
    // no priced transaction: no cost ("–").
    feed('base', 3, 6, 4);
    liveClock.advance(1000);
    hub.tick();
    await liveValue(page, 'tps', '0.7');
    const again = await liveFigures(page);
    expect([again.block_time[1], again.erc20_usd[1], again.erc20_eth[1]]).toEqual(['6.00 s', '–', '–']);
    // The highs stay those of the first window.
    expect(again.ath[0]).toBe('1.5');
    await finish(o, 'chain-live-again');
  });

  it('the ecosystem page shows the total tps of the fresh chains from /events', async () => {
    // base: seven blocks 2 s apart with 3 transactions (1.5 tps, as above); ethereum: three blocks
    // 6 s apart with 6 transactions: 18 ÷ (12 × 3/2) = 1.0. Together 2.5 over 2 active chains.
    feed('base', 7, 2, 3);
    feed('ethereum', 3, 6, 6);
    liveClock.advance(1000);
    hub.tick();
    const o = await open('#/ecosystem');
    await expect.poll(() => hub.streams.byKind.events).toBe(1);
    hub.tick();
    await liveValue(o.page, 'total_tps', '2.5');
    const f = await liveFigures(o.page);
    expect(f.total_tps[1]).toBe('2.5 tx/s');
    expect(f.text).toContain('over 2 active chains now');
    // The all-time high of the total is this tick's.
    expect(f.total_tps_ath[0]).toBe('2.5');
    await finish(o, 'ecosystem-live');
  });

  it('a new document set: the page fetches the document it shows again with If-None-Match and shows the new value without a reload', async () => {
    const path = '/v1/metrics/chains/base/txcount.json';
    const before = built.set.entries.get(path)!;
    const o = await open('#/chain/base');
    const page = o.page;
    const seen: Array<{ path: string; status: number; ifNoneMatch: string | undefined }> = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/v1/')) seen.push({ path: u.pathname, status: r.status(), ifNoneMatch: r.request().headers()['if-none-match'] });
    });
    await page.evaluate(() => ((window as unknown as { kept: number }).kept = 26));
    // Hidden and shown again before any document event: the stream cannot name a last event, so
    // every document held is asked for again; unchanged, each answers 304.
    await setVisibility(page, 'hidden');
    await setVisibility(page, 'visible');
    const held = ['/v1/master.json', '/v1/chains/base/overview.json', ...master().chains.base.supported_metrics.map((m) => `/v1/metrics/chains/base/${m}.json`)];
    await expect.poll(() => new Set(seen.filter((s) => s.status === 304).map((s) => s.path))).toEqual(new Set(held));
    // The ETag the page was sent: the brotli variant's ("h-br", docs/http.md).
    const brEtag = (p: string): string => built.set.entries.get(p)!.etag.replace(/"$/, '-br"');
    for (const s of seen) expect(s, s.path).toEqual({ path: s.path, status: 304, ifNoneMatch: brEtag(s.path) });
    // A set where base's latest daily txcount is 123,456: its bytes and ETag change, nothing else.
    const json = JSON.parse(before.body.toString('utf8')) as Detail;
    const daily = json.details.timeseries.daily!;
    daily.data[daily.data.length - 1]![daily.types.indexOf('value')] = 123_456;
    const builtAt = built.set.builtAt + HOUR_MS;
    const next = { builtAt, entries: new Map([...built.set.entries, [path, makeEntry({ path, json, freshness: before.freshness }, builtAt)]]) };
    seen.length = 0;
    server.holder.swap(next);
    try {
      await page.locator('.card[data-metric="txcount"] .value[data-value="123456"]').waitFor();
      expect(seen).toEqual([{ path, status: 200, ifNoneMatch: brEtag(path) }]);
      // The same page: no navigation happened.
      expect(await page.evaluate(() => (window as unknown as { kept: number }).kept)).toBe(26);
      await finish(o, 'chain-document-event');
    } finally {
      server.holder.swap(built.set);
    }
  });

  it('a page waiting for the first document set loads when the set is published, without a reload', async () => {
    const live = liveStream([]);
    const fresh = await startServer(null, {}, undefined, await loadDashboard(), undefined, live.routes);
    fresh.holder.onSwap(live.hub.swapped);
    try {
      const o = await open('#/fees', undefined, fresh.base);
      expect(await o.page.locator('[role="alert"] h1').textContent()).toBe('Data is being prepared');
      await expect.poll(() => live.hub.streams.byKind.documents).toBe(1);
      fresh.holder.swap(built.set);
      await o.page.locator('table.heatmap').waitFor();
      expect(await o.page.locator('[role="alert"]').count()).toBe(0);
      await o.page.close();
      // Only the documents' 503 answers before the set (and the browser's console lines for them).
      expect(o.problems.filter((p) => !/503/.test(p))).toEqual([]);
    } finally {
      await live.hub.shutdown();
      await fresh.close();
    }
  });
});
