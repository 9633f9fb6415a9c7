// The highlight rules of CONTRACT.md section 3 on hand-written daily rows (the scenario and
// golden tests run them through the whole pipeline): at most 4, newest first, growth only above
// the threshold, the all-time-high history rule, level-ups within the window.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { chainMetric } from '../../src/metrics/catalog.js';
import type { SeriesRow } from '../../src/metrics/series.js';
import { chainHighlights } from '../../src/documents/chain-overview/overview-highlights.js';
import { LIFETIME_LADDERS } from '../../src/registry/achievement-ladders.js';
import { growthThresholds } from '../../src/registry/highlight-rules.js';

const D0 = Date.UTC(2025, 0, 1);
const txcount = chainMetric('txcount')!;
const rows = (values: number[]): SeriesRow[] => values.map((v, i) => [D0 + i * DAY_MS, v]);
const flat = (n: number, v = 100): number[] => Array.from({ length: n }, () => v);
const day = (i: number) => new Date(D0 + i * DAY_MS).toISOString().slice(0, 10);

describe('chain overview highlights', () => {
  it('at most 4, newest first: five metrics with new highs on five days keep the four newest', () => {
    const series = [0, 1, 2, 3, 4].map((k) => {
      const values = flat(20);
      values[14 + k] = 150; // metric k peaks on day 14 + k
      return { metric: { ...txcount, metric_id: `m${k}`, name: `Metric ${k}` }, rows: rows(values) };
    });
    const h = chainHighlights(series, []);
    expect(h.map((x) => [x.metric_id, x.type, x.date])).toEqual([
      ['m4', 'ath_regular', day(18)],
      ['m3', 'ath_regular', day(17)],
      ['m2', 'ath_regular', day(16)],
      ['m1', 'ath_regular', day(15)],
    ]);
  });

  it('growth must exceed the threshold; exactly at it is not a highlight', () => {
    const { day: t1 } = growthThresholds('txcount');
    // Yesterday grows by exactly the threshold, after an earlier higher peak (no new high).
    const at = flat(20);
    at[5] = 1000;
    at[19] = 100 * (1 + t1);
    expect(chainHighlights([{ metric: txcount, rows: rows(at) }], [])).toEqual([]);
    const above = [...at];
    above[19] = 100 * (1 + t1) + 1;
    expect(chainHighlights([{ metric: txcount, rows: rows(above) }], []).map((x) => x.type)).toEqual(['growth_1']);
  });

  it('a week above the 7-day threshold is growth_7 when no single day jumps', () => {
    const values = [...flat(6), 900, ...flat(7, 100), ...flat(7, 140)]; // +40 % over the week, a high long ago
    const h = chainHighlights([{ metric: txcount, rows: rows(values) }], []);
    expect(h.map((x) => [x.type, x.date])).toEqual([['growth_7', day(20)]]);
    expect(h[0]!.text).toContain('40%');
  });

  it('no all-time high without 7 earlier days; none older than the last 7 days', () => {
    expect(chainHighlights([{ metric: txcount, rows: rows([10, 20, 30, 40, 50, 60]) }], [])).toEqual([]);
    const old = flat(20);
    old[10] = 500; // 9 days before the last day
    expect(chainHighlights([{ metric: txcount, rows: rows(old) }], [])).toEqual([]);
  });

  it('a lifetime total that reaches a new level inside the window is a level-up on that day', () => {
    const ladder = LIFETIME_LADDERS.txcount!.value!;
    const totals: Array<[number, number]> = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => [D0 + i * DAY_MS, 1500 + i * 100]); // crosses 2000 on day 5
    const h = chainHighlights([], [{ metric: txcount, ladder, totals }]);
    expect(h).toEqual([
      {
        metric_id: 'txcount',
        metric_name: 'Transaction Count',
        type: 'lifetime_level_up',
        date: day(5),
        header: 'Lifetime level 2',
        text: `Transaction Count over the chain's lifetime passed 2K on ${day(5)}.`,
        value: '2K',
        icon: 'metrics-transactioncount',
      },
    ]);
  });
});
