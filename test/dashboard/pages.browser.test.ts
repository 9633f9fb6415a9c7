// The dashboard's main pages in headless Chromium against the real server on the devnet's whole
// document set (dashboard-browser.ts): chains, a chain, a metric, fees, applications, an
// application, every page on a phone, the waiting and not-found pages. The pages of the other
// documents and the live stream are document-pages.browser.test.ts, run beside this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../web/src/format.js';
import { built, canvasImage, cellValue, choose, detail, doc, finish, FIRST_LOAD_BUDGET, lastValue, master, notReady, open, shot, startDashboardBrowser, stopDashboardBrowser, type Master, type Table } from './dashboard-browser.js';

beforeAll(startDashboardBrowser);
afterAll(stopDashboardBrowser);

describe('dashboard pages in Chromium', () => {
  it('chains: every chain with the latest daily txcount, daa, fees and median cost of its documents, sortable, under the first-load budget', async () => {
    const o = await open('');
    const m = master();
    const rows = o.page.locator('table.chains tbody tr');
    const chains = await rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.chain!));
    expect(chains.sort()).toEqual(Object.keys(m.chains).filter((c) => c !== 'all_l2s').sort());
    for (const chain of chains) {
      for (const [metric, column] of [['txcount', 'value'], ['daa', 'value'], ['fees', 'usd'], ['txcosts', 'usd']]) {
        const expected = lastValue(detail(chain, metric).details.timeseries.daily, column);
        const cell = o.page.locator(`tr[data-chain="${chain}"] td[data-metric="${metric}"]`);
        expect(Number(await cell.getAttribute('data-value')), `${chain} ${metric}`).toBe(expected);
        expect(await cell.textContent()).toBe(formatValue(expected, m.metrics[metric].units[column]));
      }
      expect(await o.page.locator(`tr[data-chain="${chain}"] svg.sparkline polyline`).count()).toBe(1);
    }
    // Sorted by txcount, largest first, until the reader picks another column.
    const txcounts = await o.page.locator('td[data-metric="txcount"]').evaluateAll((tds) => tds.map((td) => Number((td as HTMLElement).dataset.value)));
    expect(txcounts).toEqual([...txcounts].sort((a, b) => b - a));
    await o.page.click('button[data-sort="daa"]');
    await o.page.waitForURL(/sort=daa/);
    await o.page.locator('th[aria-sort="descending"] button[data-sort="daa"]').waitFor();
    let daa = await o.page.locator('td[data-metric="daa"]').evaluateAll((tds) => tds.map((td) => Number((td as HTMLElement).dataset.value)));
    expect(daa).toEqual([...daa].sort((a, b) => b - a));
    await o.page.click('button[data-sort="daa"]');
    await o.page.waitForURL(/dir=asc/);
    await o.page.locator('th[aria-sort="ascending"] button[data-sort="daa"]').waitFor();
    daa = await o.page.locator('td[data-metric="daa"]').evaluateAll((tds) => tds.map((td) => Number((td as HTMLElement).dataset.value)));
    expect(daa).toEqual([...daa].sort((a, b) => a - b));
    // Every metric with documents has its comparison page linked.
    const linked = await o.page.locator('ul.metric-links a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(linked).toEqual(Object.entries(m.metrics).filter(([, i]) => i.supported_chains.length > 0).map(([id]) => `#/metric/${id}`));
    expect(o.bytes()).toBeGreaterThan(0);
    expect(o.bytes()).toBeLessThan(FIRST_LOAD_BUDGET);
    console.log(`dashboard first load (chains page): ${o.bytes()} bytes compressed`);
    await finish(o, 'chains');
  });

  it('chains on a phone, in the dark theme, keyboard only: no page-wide horizontal scrolling, sorting by Enter', async () => {
    const o = await open('', { width: 390, height: 844 });
    const overflow = await o.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const before = await o.page.evaluate(() => document.documentElement.dataset.theme);
    await o.page.click('button.theme');
    const after = await o.page.evaluate(() => document.documentElement.dataset.theme);
    expect(after).not.toBe(before);
    expect(await o.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(after === 'dark' ? 'rgb(15, 18, 22)' : 'rgb(255, 255, 255)');
    // Tab from the top of the page to the first sort button and sort with the keyboard.
    await o.page.locator('body').focus();
    let focused = '';
    for (let i = 0; i < 15 && focused !== 'name'; i++) {
      await o.page.keyboard.press('Tab');
      focused = await o.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.sort ?? '');
    }
    expect(focused).toBe('name');
    await o.page.keyboard.press('Enter');
    await o.page.waitForURL(/sort=name/);
    await o.page.locator('th[aria-sort="descending"] button[data-sort="name"]').waitFor();
    await finish(o, 'chains-phone-theme-switched');
  });

  it('every page on a phone: nothing wider than the screen (wide tables scroll inside their box)', async () => {
    const project = doc<{ data: { data: unknown[][] } }>('/v1/labels/projects_filtered.json').data.data[0][0];
    for (const [hash, name] of [
      ['#/chain/base', 'chain'],
      ['#/metric/txcount', 'metric'],
      ['#/fees', 'fees'],
      ['#/apps', 'apps'],
      [`#/app/${project}`, 'app'],
      ['#/landing', 'landing'],
      ['#/ecosystem', 'ecosystem'],
      ['#/blockspace', 'blockspace-overview'],
      ['#/blockspace/base', 'blockspace-base'],
      ['#/fees/chart', 'fee-chart'],
    ]) {
      const o = await open(hash, { width: 390, height: 844 });
      const overflow = await o.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, hash).toBeLessThanOrEqual(0);
      await finish(o, `phone-${name}`);
    }
  });

  // base has a chain overview; all_l2s has none (CONTRACT.md section 3 is per chain), so its page
  // shows the metric documents only.
  it.each([
    ['base', true],
    ['all_l2s', false],
  ])('a chain (%s): its metric documents (latest daily value, 7-day change) and its overview when master.json marks one', async (chain, withOverview) => {
    const set = built.set;
    const m = doc<Master>('/v1/master.json', set);
    const o = await open(`#/chain/${chain}`);
    expect(await o.page.locator('h1').textContent()).toBe(m.chains[chain].name);
    const metrics = m.chains[chain].supported_metrics;
    expect(metrics.length).toBeGreaterThan(0);
    expect(await o.page.locator('article.card[data-metric]').count()).toBe(metrics.length);
    for (const metric of metrics) {
      const d = detail(chain, metric).details;
      const unitKey = 'usd' in m.metrics[metric].units ? 'usd' : 'value';
      const expected = lastValue(d.timeseries.daily, unitKey);
      expect(Number(await cellValue(o.page, `article[data-metric="${metric}"] .value`)), metric).toBe(expected);
      expect(await o.page.locator(`article[data-metric="${metric}"] .value`).textContent()).toBe(formatValue(expected, m.metrics[metric].units[unitKey]));
      const week = d.changes.daily['7d'][d.changes.daily.types.indexOf(unitKey)];
      expect(await cellValue(o.page, `article[data-metric="${metric}"] .change`)).toBe(week === null ? '' : String(week));
    }
    const hasOverview = m.chains[chain].tab_status.overview === 'active';
    expect(await o.page.locator('[data-part="overview"]').count()).toBe(hasOverview ? 1 : 0);
    expect(hasOverview).toBe(withOverview);
    if (hasOverview) {
      type Overview = {
        kpi_cards: Record<string, { current_values: { types: string[]; data: number[] }; wow_change: { types: string[]; data: number[] } }>;
        ranking: Record<string, { rank: number; out_of: number; value: number | null; value_usd: number | null }>;
        achievements: { streaks: Record<string, Record<string, { streak_length: number }>>; lifetime: Record<string, Record<string, { level: number }>> };
        blockspace: { data: [string, number, number][] };
        ecosystem: { apps: { data: [string, number][] } };
      };
      const overview = doc<{ data: Overview }>(`/v1/chains/${chain}/overview.json`, set).data;
      for (const [metric, card] of Object.entries(overview.kpi_cards)) {
        const key = card.current_values.types.includes('usd') ? 'usd' : card.current_values.types[0];
        expect(Number(await cellValue(o.page, `[data-kpi="${metric}"] .value`)), metric).toBe(card.current_values.data[card.current_values.types.indexOf(key)]);
        expect(Number(await cellValue(o.page, `[data-kpi="${metric}"] .change`)), metric).toBe(card.wow_change.data[card.wow_change.types.indexOf(key)]);
        expect(await o.page.locator(`[data-kpi="${metric}"] svg.sparkline`).count()).toBe(1);
      }
      for (const [metric, r] of Object.entries(overview.ranking)) {
        // rank -1: the chain has no value for a ranked metric (planned metrics, CONTRACT.md section 3).
        expect(await o.page.locator(`[data-ranking="${metric}"] [data-rank]`).textContent(), metric).toBe(r.rank > 0 ? `${r.rank} of ${r.out_of}` : '–');
        const shown = await cellValue(o.page, `[data-ranking="${metric}"] td[data-value]`);
        const value = r.value ?? r.value_usd;
        expect(value === null ? shown : Number(shown), metric).toBe(value === null ? '' : value);
      }
      for (const [metric, byUnit] of Object.entries(overview.achievements.streaks)) {
        const s = byUnit.usd ?? byUnit.value;
        expect(await o.page.locator(`[data-streak="${metric}"] .value`).textContent()).toBe(`${s.streak_length} days`);
      }
      for (const [metric, byUnit] of Object.entries(overview.achievements.lifetime)) {
        const l = byUnit.usd ?? byUnit.value;
        expect(await o.page.locator(`[data-lifetime="${metric}"] .value`).textContent()).toBe(`Level ${l.level}`);
      }
      expect(await o.page.locator('table.blockspace tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.category))).toEqual(overview.blockspace.data.map((r) => r[0]));
      expect(await o.page.locator('ol.apps a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(overview.ecosystem.apps.data.slice(0, 10).map((r) => `#/app/${r[0]}`)); // the top 10 by 7-day txcount
    }
    // The currency switch shows the ETH column of money metrics.
    await choose(o.page, 'eth', /c=eth/);
    expect(Number(await cellValue(o.page, 'article[data-metric="fees"] .value'))).toBe(lastValue(detail(chain, 'fees').details.timeseries.daily, 'eth'));
    await finish(o, `chain-${chain}`);
  });

  it('a metric: the chart compares every chain, daily/weekly/monthly and USD/ETH switch it, the changes table and the CSV export', async () => {
    const m = master();
    const o = await open('#/metric/fees');
    const chains = m.metrics.fees.supported_chains;
    const lastPoints = async (granularity: string, column: string): Promise<void> => {
      for (const chain of chains) {
        const expected = lastValue(detail(chain, 'fees').details.timeseries[granularity], column);
        expect(Number(await cellValue(o.page, `.last-points tr[data-series="${chain}"] td[data-value]`)), `${chain} ${granularity} ${column}`).toBe(expected);
      }
    };
    await lastPoints('daily', 'usd');
    const changes = detail('base', 'fees').details.changes.daily;
    expect(await cellValue(o.page, 'table.changes tr[data-chain="base"] td:nth-child(4)')).toBe(String(changes['7d'][0] ?? ''));
    const daily = await canvasImage(o.page);
    await choose(o.page, 'weekly', /g=weekly/);
    await lastPoints('weekly', 'usd');
    const weekly = await canvasImage(o.page);
    expect(weekly).not.toBe(daily);
    await choose(o.page, 'eth', /c=eth/);
    await lastPoints('weekly', 'eth');
    expect(await canvasImage(o.page)).not.toBe(weekly);
    await choose(o.page, 'monthly', /g=monthly/);
    await lastPoints('monthly', 'eth');
    await shot(o, 'metric-fees-monthly-eth');
    // The download is the flat export as CSV, served by the same server.
    const link = await o.page.locator('a[download]').getAttribute('href');
    expect(link).toBe('/v1/export/fees.csv');
    const csv = await o.page.evaluate(async (href) => {
      const r = await fetch(href);
      return { status: r.status, type: r.headers.get('content-type'), head: (await r.text()).split('\r\n')[0] };
    }, link!);
    expect(csv).toEqual({ status: 200, type: 'text/csv; charset=utf-8', head: 'metric_key,origin_key,date,value' });
    await finish(o, 'metric-fees');
  });

  it('fees: the heat map cells are the fee table values, newest hour first under day labels, coloured on one log scale for all chains', async () => {
    const m = master();
    const table = doc<{ chain_data: Record<string, { hourly: Record<string, Table> }> }>('/v1/fees/table.json');
    const o = await open('#/fees');
    const metric = 'txcosts_median';
    const t = table.chain_data.base.hourly[metric];
    const newest = t.data[0];
    const cell = o.page.locator(`table.heatmap tr[data-chain="base"] td[data-hour="${newest[0]}"]`);
    expect(await cell.getAttribute('data-value')).toBe(String(newest[t.types.indexOf('value_usd')] ?? ''));
    expect(await cell.getAttribute('data-normalized')).toBe(String(newest[t.types.indexOf('normalized')] ?? ''));
    expect(await cell.textContent()).toBe(formatValue(newest[t.types.indexOf('value_usd')], m.fee_metrics[metric].units.usd));
    // Newest hour first, as the document lists them, under one label per UTC day.
    const hourCols = await o.page.locator('table.heatmap thead tr:not(.days) th').evaluateAll((ths) => ths.length);
    expect(hourCols).toBe(t.data.length);
    const firstRow = await o.page.locator('table.heatmap tr[data-chain="base"] td').evaluateAll((tds) => tds.map((td) => Number((td as HTMLElement).dataset.hour)));
    expect(firstRow).toEqual(t.data.map((r) => r[0]));
    const days = await o.page.locator('table.heatmap thead tr.days th[data-day]').evaluateAll((ths) => ths.map((th) => [(th as HTMLElement).textContent, (th as HTMLTableCellElement).colSpan]));
    const expectedDays: Array<[string, number]> = [];
    for (const [h] of t.data) {
      const label = new Date(h as number).toISOString().slice(0, 10);
      if (expectedDays.at(-1)?.[0] === label) expectedDays.at(-1)![1]++;
      else expectedDays.push([label, 1]);
    }
    expect(days).toEqual(expectedDays);
    // One colour scale for every chain: each cell's place is its value's position between the
    // lowest and highest value shown, on a log scale (lower is better for a cost).
    const cells = await o.page.locator('table.heatmap td').evaluateAll((tds) => tds.map((td) => [(td as HTMLElement).dataset.value, (td as HTMLElement).dataset.place, (td as HTMLElement).style.background]));
    expect(cells.length).toBe(Object.keys(table.chain_data).length * t.data.length);
    const shown = Object.values(table.chain_data).flatMap((c) => c.hourly[metric].data.map((r) => r[c.hourly[metric].types.indexOf('value_usd')])).filter((v): v is number => v !== null && v > 0);
    const [lo, hi] = [Math.min(...shown), Math.max(...shown)];
    for (const [v, place, bg] of cells) {
      expect(bg === '').toBe(v === '');
      if (v === '') continue;
      const expected = Number(v) <= lo ? 0 : (Math.log(Number(v)) - Math.log(lo)) / (Math.log(hi) - Math.log(lo));
      expect(Number(place)).toBeCloseTo(expected, 4);
    }
    await choose(o.page, 'eth', /c=eth/);
    expect(await cell.getAttribute('data-value')).toBe(String(newest[t.types.indexOf('value_eth')] ?? ''));
    await o.page.selectOption('select', 'throughput');
    await o.page.waitForURL(/m=throughput/);
    await o.page.locator('table.heatmap[data-metric="throughput"]').waitFor();
    const tp = table.chain_data.base.hourly.throughput;
    expect(await o.page.locator(`table.heatmap tr[data-chain="base"] td[data-hour="${tp.data[0][0]}"]`).getAttribute('data-value')).toBe(String(tp.data[0][tp.types.indexOf('value')] ?? ''));
    await finish(o, 'fees');
  });

  it('applications: the filtered project list, searchable and filtered by category', async () => {
    const list = doc<{ data: { types: string[]; data: unknown[][] } }>('/v1/labels/projects_filtered.json').data;
    const col = (name: string) => list.types.indexOf(name);
    const o = await open('#/apps');
    const shown = () => o.page.locator('table.apps tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.project!));
    expect(await shown()).toEqual(list.data.map((r) => r[col('owner_project')]));
    const first = list.data[0];
    expect(await cellValue(o.page, `tr[data-project="${first[col('owner_project')]}"] td[data-value]`)).toBe(String(first[col('txcount')]));
    await o.page.fill('input[type="search"]', 'swap');
    await o.page.waitForURL(/q=swap/);
    const matching = list.data.filter((r) => [r[col('owner_project')], r[col('display_name')], r[col('description')] ?? ''].some((s) => String(s).toLowerCase().includes('swap')));
    expect(matching.length).toBeGreaterThan(0);
    await o.page.locator(`[data-count="${matching.length}"]`).waitFor();
    expect(await shown()).toEqual(matching.map((r) => r[col('owner_project')]));
    await o.page.fill('input[type="search"]', '');
    const category = String(first[col('main_category')]);
    await o.page.locator(`[data-count="${list.data.length}"]`).waitFor();
    await o.page.selectOption('select', category);
    await o.page.waitForURL(/cat=/);
    const inCategory = list.data.filter((r) => r[col('main_category')] === category).map((r) => r[col('owner_project')]);
    await o.page.locator(`[data-count="${inCategory.length}"]`).waitFor();
    expect(await shown()).toEqual(inCategory);
    await finish(o, 'apps');
  });

  it('an application: KPI cards, metrics over time per chain and the contracts table are its details document', async () => {
    const list = doc<{ data: { types: string[]; data: unknown[][] } }>('/v1/labels/projects_filtered.json').data;
    const project = String(list.data[0][list.types.indexOf('owner_project')]);
    const details = doc<{
      kpi_cards: Record<string, { current_values: { types: string[]; data: number[] } }>;
      metrics: Record<string, { over_time: Record<string, Record<string, Table>> }>;
      contracts_table: Record<string, Table & { data: unknown[][] }>;
    }>(`/v1/apps/details/${project}.json`);
    const o = await open(`#/app/${project}`);
    const kpi = details.kpi_cards.txcount.current_values;
    expect(Number(await cellValue(o.page, '[data-kpi="txcount"] .value'))).toBe(kpi.data[kpi.types.indexOf('value')]);
    // success_rate is published as a fraction 0..1 and read as a percentage, two decimals.
    const rate = details.kpi_cards.success_rate.current_values;
    const fraction = rate.data[rate.types.indexOf('value')]!;
    expect(fraction).toBeGreaterThan(0);
    expect(fraction).toBeLessThanOrEqual(1);
    expect(await o.page.locator('[data-kpi="success_rate"] .value').textContent()).toBe(`${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fraction * 100)}%`);
    for (const [chain, g] of Object.entries(details.metrics.txcount.over_time)) {
      expect(Number(await cellValue(o.page, `.last-points tr[data-series="${chain}"] td[data-value]`)), chain).toBe(lastValue(g.daily, 'value'));
    }
    const before = await canvasImage(o.page);
    await choose(o.page, 'hourly', /g=hourly/);
    for (const [chain, g] of Object.entries(details.metrics.txcount.over_time)) {
      expect(Number(await cellValue(o.page, `.last-points tr[data-series="${chain}"] td[data-value]`)), chain).toBe(lastValue(g.hourly, 'value'));
    }
    expect(await canvasImage(o.page)).not.toBe(before);
    const contracts = details.contracts_table['30d'];
    const addresses = await o.page.locator('table.contracts tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.address));
    expect(addresses).toEqual(contracts.data.map((r) => r[contracts.types.indexOf('address')]));
    await finish(o, `app-${project}`);
  });

  it('before the first document set, a page says the data is being prepared and when to retry', async () => {
    const o = await open('#/fees', undefined, notReady.base);
    expect(await o.page.locator('[role="alert"] h1').textContent()).toBe('Data is being prepared');
    expect(await o.page.locator('[role="alert"]').textContent()).toContain('Try again in 5 s.');
    await shot(o, 'not-ready');
    await o.page.close();
    // The only problems are the documents' 503 answers (and the browser's console lines for them).
    const other = o.problems.filter((p) => !/503/.test(p));
    expect(other).toEqual([]);
    expect(o.problems.some((p) => p.startsWith('HTTP 503'))).toBe(true);
  });

  it.each([
    ['#/chain/nosuch', 'chain'],
    ['#/app/nosuch', 'app'],
    ['#/metric/nosuch', 'metric'],
    ['#/no/such/page', 'route'],
    ['#/chain/%zz', 'broken-escape'],
    ['#/chain/__proto__', 'prototype-key'],
    ['#/metric/constructor', 'prototype-metric'],
    ['#/app/..%2F..%2Fv1%2Fmaster', 'path-in-key'],
  ])('%s shows the not-found page without asking the server for a missing document', async (hash, name) => {
    const o = await open(hash);
    expect(await o.page.locator('[data-page="not-found"] h1').textContent()).toBe('Not found');
    await finish(o, `not-found-${name}`);
  });
});
