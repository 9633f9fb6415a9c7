// Lifetime achievement levels of the chain overview (CONTRACT.md section 3): per metric and
// column, 31 thresholds, level 0 at 0 and levels 1..30 on the 1-2-5 series from a first step
// chosen so that a young chain reaches a few levels and the largest chains stay below the top.
// Thresholds are exact decimals (2e-1, not 0.1 * 2), so a total written as the round number it
// is lands exactly on its level.

export const TOP_LEVEL = 30;

export type LadderColumn = 'value' | 'usd' | 'eth';

/** Level n's threshold is ladder[n]; ascending, ladder[0] = 0, TOP_LEVEL + 1 entries. */
export type Ladder = readonly number[];

/** 0, then 1, 2, 5 × 10^k from 10^firstExponent upward: 30 steps over ten decades. */
function ladderFrom(firstExponent: number): Ladder {
  const steps = [0];
  for (let level = 1; level <= TOP_LEVEL; level++) {
    const decade = firstExponent + Math.floor((level - 1) / 3);
    steps.push(Number(`${[1, 2, 5][(level - 1) % 3]}e${decade}`));
  }
  return Object.freeze(steps);
}

/** metric_id → column → ladder: the lifetime totals the overview's achievements publish. */
export const LIFETIME_LADDERS: Readonly<Record<string, Partial<Record<LadderColumn, Ladder>>>> = Object.freeze({
  txcount: { value: ladderFrom(3) },
  daa: { value: ladderFrom(2) },
  fees: { usd: ladderFrom(2), eth: ladderFrom(-1) },
});

/** Why a ladder cannot be used, or null: checked when the registry loads and by its test. */
export function ladderProblem(ladder: Ladder): string | null {
  if (ladder.length !== TOP_LEVEL + 1) return `has ${ladder.length} thresholds, expected ${TOP_LEVEL + 1} (levels 0..${TOP_LEVEL})`;
  if (ladder[0] !== 0) return 'level 0 must start at 0';
  for (let i = 1; i < ladder.length; i++) {
    if (!Number.isFinite(ladder[i]) || !(ladder[i]! > ladder[i - 1]!)) return `threshold of level ${i} (${ladder[i]}) is not above level ${i - 1} (${ladder[i - 1]})`;
  }
  return null;
}

for (const [metric, columns] of Object.entries(LIFETIME_LADDERS)) {
  for (const [column, ladder] of Object.entries(columns)) {
    const problem = ladderProblem(ladder);
    if (problem) throw new Error(`achievement ladder ${metric}.${column}: ${problem}`);
  }
}

export interface LevelStanding {
  level: number;
  /** Progress from this level's threshold to the next, 0..100, 2 decimals; null at the top level. */
  percent_to_next_level: number | null;
}

/** The highest level whose threshold is at or below `total`, and the way to the next one. */
export function levelOf(ladder: Ladder, total: number): LevelStanding {
  let level = 0;
  while (level < TOP_LEVEL && ladder[level + 1]! <= total) level++;
  if (level === TOP_LEVEL) return { level, percent_to_next_level: null };
  const from = ladder[level]!;
  const to = ladder[level + 1]!;
  const pct = ((Math.max(total, from) - from) / (to - from)) * 100;
  return { level, percent_to_next_level: Math.min(100, Math.round(pct * 100) / 100) };
}
