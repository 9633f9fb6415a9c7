// The daily series of a category comparison node (CONTRACT.md 11.3): per chain, one row per day
// from the chain's first day with transactions in the category to its last complete day, a day
// without any as zeros (the reference leaves such days out; a chart then draws a line across the
// gap as if the category had been busy), and the 7-row trailing mean the page charts for 180d/max.
import { DAY_MS } from '../../../clock.js';
import { isUsed, type BlockspaceFigures } from '../../../metrics/blockspace-days.js';

export const COMPARISON_DAILY_TYPES = ['unix', 'gas_fees_absolute_eth', 'gas_fees_absolute_usd', 'txcount_absolute'] as const;
/** Rows of the rolling mean: the mean of this row and the 6 before it. */
export const ROLLING_ROWS = 7;

export type DailyRow = [number, number | null, number | null, number];

/** The zero-filled daily rows of one chain's category days (days before `daysUntil`); [] without any use. */
export function dailyRows(days: ReadonlyMap<number, BlockspaceFigures> | undefined, daysUntil: number): DailyRow[] {
  if (!days) return [];
  let first = Infinity;
  for (const [day, f] of days) if (day < daysUntil && day < first && isUsed(f)) first = day;
  const rows: DailyRow[] = [];
  for (let day = first; day < daysUntil; day += DAY_MS) {
    const f = days.get(day);
    rows.push(f ? [day, f.eth, f.usd, f.txcount] : [day, 0, 0, 0]);
  }
  return rows;
}

/**
 * The 7-row trailing mean (pandas' rolling(7).mean() then dropna(), which the reference's writer
 * and its page's fallback both compute): from the 7th row, each row's unix with the mean of every
 * value over it and the 6 rows before; a mean over an unknown (null) money value is null.
 */
export function rollingRows(rows: readonly DailyRow[]): Array<Array<number | null>> {
  const out: Array<Array<number | null>> = [];
  for (let i = ROLLING_ROWS - 1; i < rows.length; i++) {
    const row: Array<number | null> = [rows[i]![0]];
    for (let c = 1; c < COMPARISON_DAILY_TYPES.length; c++) {
      let sum: number | null = 0;
      for (let j = i - ROLLING_ROWS + 1; j <= i; j++) {
        const v = rows[j]![c] as number | null;
        sum = sum === null || v === null ? null : sum + v;
      }
      row.push(sum === null ? null : sum / ROLLING_ROWS);
    }
    out.push(row);
  }
  return out;
}
