// The lifetime achievement ladders (CONTRACT.md section 3): 31 ascending thresholds from 0 per
// metric and column, levels read off them exactly at thresholds.
import { describe, expect, it } from 'vitest';
import { ladderProblem, levelOf, LIFETIME_LADDERS, TOP_LEVEL } from '../../src/registry/achievement-ladders.js';

describe('achievement ladders', () => {
  it('every registry ladder has levels 0..30, from 0, strictly ascending, on round 1/2/5 numbers', () => {
    const ladders = Object.entries(LIFETIME_LADDERS).flatMap(([m, cols]) => Object.entries(cols).map(([c, l]) => [`${m}.${c}`, l!] as const));
    expect(ladders.map(([k]) => k)).toEqual(['txcount.value', 'daa.value', 'fees.usd', 'fees.eth']);
    for (const [key, ladder] of ladders) {
      expect(ladderProblem(ladder), key).toBeNull();
      for (const t of ladder.slice(1)) expect(String(t), key).toMatch(/^[125](0*|e[+-]?\d+)$|^0\.0*[125]$/);
    }
    expect(LIFETIME_LADDERS.txcount!.value!.slice(0, 5)).toEqual([0, 1000, 2000, 5000, 10000]);
    expect(LIFETIME_LADDERS.fees!.eth!.slice(0, 5)).toEqual([0, 0.1, 0.2, 0.5, 1]);
  });

  it('refuses ladders of the wrong length, not starting at 0, or not ascending', () => {
    const good = LIFETIME_LADDERS.txcount!.value!;
    expect(ladderProblem(good.slice(1))).toMatch(/expected 31/);
    expect(ladderProblem([1, ...good.slice(1)])).toMatch(/level 0/);
    const flat = [...good];
    flat[5] = flat[4]!;
    expect(ladderProblem(flat)).toMatch(/level 5/);
  });

  it('a total exactly on a threshold is that level with 0 %; between, the share of the way; at the top, null', () => {
    const ladder = LIFETIME_LADDERS.txcount!.value!;
    expect(levelOf(ladder, 0)).toEqual({ level: 0, percent_to_next_level: 0 });
    expect(levelOf(ladder, 1000)).toEqual({ level: 1, percent_to_next_level: 0 });
    expect(levelOf(ladder, 999)).toEqual({ level: 0, percent_to_next_level: 99.9 });
    expect(levelOf(ladder, 3500)).toEqual({ level: 2, percent_to_next_level: 50 });
    expect(levelOf(ladder, 2000 + 3000 / 3)).toEqual({ level: 2, percent_to_next_level: 33.33 });
    expect(levelOf(ladder, ladder[TOP_LEVEL]!)).toEqual({ level: TOP_LEVEL, percent_to_next_level: null });
    expect(levelOf(LIFETIME_LADDERS.fees!.eth!, 0.2)).toEqual({ level: 2, percent_to_next_level: 0 });
  });
});
