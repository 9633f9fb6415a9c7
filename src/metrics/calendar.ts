// Period starts in UTC (CONTRACT.md section 0): weeks start Monday 00:00, months on the 1st,
// quarters on Jan/Apr/Jul/Oct 1st.
import { DAY_MS, dayStart } from '../clock.js';

export type CalendarPeriod = 'weekly' | 'monthly' | 'quarterly';

export function weekStart(ms: number): number {
  const day = dayStart(ms);
  // Day 0 of the epoch (1970-01-01) was a Thursday: Monday is 3 days before it.
  const weekday = (((Math.floor(day / DAY_MS) + 3) % 7) + 7) % 7; // 0 = Monday
  return day - weekday * DAY_MS;
}

export function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function quarterStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1);
}

export function periodStart(period: CalendarPeriod, ms: number): number {
  switch (period) {
    case 'weekly':
      return weekStart(ms);
    case 'monthly':
      return monthStart(ms);
    case 'quarterly':
      return quarterStart(ms);
  }
}

/** `YYYY-MM-DD HH:MM:SS` in UTC: the `last_updated_utc` format. */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
