// The distinct-sender counting of the group reads (store/group-distinct-count.ts) against a brute
// force with Sets, on random rows with duplicates (an address seen by two contracts of a group on
// one chain the same day), one-chain and multi-chain groups, and the two fallbacks: address ids
// too large for the packed sort key (dense ranks instead) and days that are not whole days apart
// (a Map instead of arithmetic). The store-level checks of both engines are in
// contract-group-reads.test.ts.
import { describe, expect, it } from 'vitest';
import type { DayWindows } from '../../src/store/contract-facts.js';
import { countGroupDistinct, type GroupNames } from '../../src/store/group-distinct-count.js';

const D0 = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Row = [grp: number, chain: number, day: number, address: number];

function brute(rows: Row[], groups: GroupNames, from: number, until: number, windows: DayWindows) {
  const daily: string[] = [];
  const win: string[] = [];
  groups.names.forEach((name, g) => {
    const mine = rows.filter((r) => r[0] === g);
    const chains = [...new Set(mine.map((r) => r[1]))];
    const levels: Array<[string, Row[]]> = chains.map((c) => [groups.chains[c]!, mine.filter((r) => r[1] === c)]);
    if (groups.multi[g]) levels.push(['null', mine]);
    else if (chains.length === 1) levels.push(['null', mine]);
    for (const [level, sel] of levels) {
      for (const day of new Set(sel.map((r) => r[2]))) {
        if (day >= from && day < until) daily.push(`${name} ${level} ${day} ${new Set(sel.filter((r) => r[2] === day).map((r) => r[3])).size}`);
      }
      windows.forEach(([lo, hi], w) => {
        const n = new Set(sel.filter((r) => r[2] >= lo && r[2] <= hi).map((r) => r[3])).size;
        if (n > 0) win.push(`${name} ${level} ${w} ${n}`);
      });
    }
  });
  return { daily: daily.sort(), windows: win.sort() };
}

function run(rows: Row[], groups: GroupNames, from: number, until: number, windows: DayWindows) {
  const col = (i: number) => Float64Array.from(rows, (r) => r[i]!);
  const int = (i: number) => Int32Array.from(rows, (r) => r[i]!);
  const got = countGroupDistinct({ length: rows.length, grp: int(0), chain: int(1), day_ms: col(2), address: col(3) }, groups, { days_from: from, days_until: until, windows });
  return { daily: got.daily.map((x) => `${x.group} ${x.origin_key ?? 'null'} ${x.day_ms} ${x.n}`).sort(), windows: got.windows.map((x) => `${x.group} ${x.origin_key ?? 'null'} ${x.window} ${x.n}`).sort() };
}

describe('countGroupDistinct', () => {
  const groups: GroupNames = { names: ['p0', 'p1', 'p2', 'empty'], chains: ['a', 'b', 'c'], multi: [true, false, true, false] };
  // Groups 0 and 2 on several chains, group 1 on chain b only, group 3 without rows.
  const chainsOf = [[0, 1, 2], [1], [0, 2]];
  const windows: DayWindows = [
    [D0 + 9 * DAY, D0 + 9 * DAY],
    [D0 + 3 * DAY, D0 + 9 * DAY],
    [0, D0 + 9 * DAY],
    [D0 + 3 * DAY, D0 + 9 * DAY],
    [D0 + 20 * DAY, D0 + 30 * DAY],
  ];
  for (const seed of [1, 2, 3]) {
    const r = rng(seed);
    const rows: Row[] = [];
    for (let i = 0; i < 400; i++) {
      const g = Math.floor(r() * 3);
      const cs = chainsOf[g]!;
      const row: Row = [g, cs[Math.floor(r() * cs.length)]!, D0 + Math.floor(r() * 10) * DAY, 1 + Math.floor(r() * 25)];
      rows.push(row);
      // The same address, day and chain from another contract of the group.
      if (r() < 0.2) rows.push([...row]);
    }

    it(`matches a brute force (seed ${seed})`, () => {
      expect(run(rows, groups, D0 + 2 * DAY, D0 + 8 * DAY, windows)).toEqual(brute(rows, groups, D0 + 2 * DAY, D0 + 8 * DAY, windows));
      expect(run(rows, groups, 0, 0, windows).daily).toEqual([]);
    });

    it(`gives the same counts with address ids beyond the packed key and days not whole days apart (seed ${seed})`, () => {
      const big = rows.map(([g, c, d, a]): Row => [g, c, d, 2 ** 50 + a * 2 ** 20]);
      expect(run(big, groups, D0 + 2 * DAY, D0 + 8 * DAY, windows)).toEqual(run(rows, groups, D0 + 2 * DAY, D0 + 8 * DAY, windows));
      const shifted = rows.map(([g, c, d, a]): Row => [g, c, d === D0 + 5 * DAY ? d + 1000 : d, a]);
      expect(run(shifted, groups, D0 + 2 * DAY, D0 + 8 * DAY, windows)).toEqual(brute(shifted, groups, D0 + 2 * DAY, D0 + 8 * DAY, windows));
    });
  }
});
