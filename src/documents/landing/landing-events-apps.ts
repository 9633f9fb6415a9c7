// Landing event "active apps" — /v1/landing-events/apps-data.json (CONTRACT.md 11.4): the home
// page's chart of weekly active applications, in total and by chain. A project is active in a
// week when one of its contracts got a transaction that week (the daily application txcount, read
// from the application data the app documents share within a build: app-data.ts, no extra query).
//
// Rows are complete ISO weeks only (a partial week would show a false dip): from the first
// complete week with an active project, which starts no earlier than the stored history of the
// chains counted (the week the history starts in is partial), to the last week that ends by the
// last complete day; a week in between with no active project is a row of zeros.
import { DAY_MS } from '../../clock.js';
import { formatUtc, weekStart } from '../../metrics/calendar.js';
import type { Chain } from '../../registry/types.js';
import { appData, type AppData } from '../apps/app-data.js';
import { ALL_CHAINS } from '../apps/app-fact-shapes.js';
import { KEYS } from '../apps/app-facts.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type ChainInputs, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { arrayOf, documentPath, int, obj, ref, str, type OpenApiSchema } from '../openapi-components.js';

export const LANDING_EVENTS_APPS_PATH = '/v1/landing-events/apps-data.json';
const WEEK_MS = 7 * DAY_MS;
/** A project active on more than one chain in a week is counted once, under this key. */
export const CROSS_CHAIN = 'Cross-Chain';
/** The reference's colour for Cross-Chain and for a chain without one. */
export const CROSS_CHAIN_COLOR = '#CDD8D2';

export interface WeeklyApps {
  /** Week starts (Monday 00:00 UTC, ms), ascending and consecutive. */
  weeks: number[];
  /** Distinct active projects per week. */
  total: number[];
  /** Cross-Chain, then origin_keys in order: each (week, project) counted under one key. */
  byKey: Map<string, number[]>;
}

/** The first day of a chain's stored facts, or null without any. */
function firstFactDay(c: ChainInputs): number | null {
  let first = Infinity;
  for (const days of c.facts?.daily.values() ?? []) for (const day of days.keys()) if (day < first) first = day;
  return first === Infinity ? null : first;
}

/**
 * The weekly active projects over `chains` (origin_key → its inputs): weeks within the chains'
 * stored history that end by `lastDay`'s end. Null when no such week has an active project.
 */
export function weeklyActiveApps(data: AppData, chains: ReadonlyMap<string, ChainInputs>, lastDay: number): WeeklyApps | null {
  // week → project → the chains it was active on that week.
  const active = new Map<number, Map<string, Set<string>>>();
  const counted = new Set<string>();
  for (const [project, facts] of data.facts.projects) {
    for (const [chain, byKey] of facts.daily) {
      if (chain === ALL_CHAINS || !chains.has(chain)) continue;
      for (const [day, txcount] of byKey.get(KEYS.txcount) ?? []) {
        if (txcount === null || txcount <= 0) continue;
        counted.add(chain);
        const week = weekStart(day);
        let projects = active.get(week);
        if (!projects) active.set(week, (projects = new Map()));
        let on = projects.get(project);
        if (!on) projects.set(project, (on = new Set()));
        on.add(chain);
      }
    }
  }
  const starts = [...counted].flatMap((k) => {
    const day = firstFactDay(chains.get(k)!);
    return day === null ? [] : [day];
  });
  if (starts.length === 0) return null;
  const historyStart = Math.min(...starts);
  const lastWeek = weekStart(lastDay + DAY_MS) - WEEK_MS;
  const complete = [...active.keys()].filter((w) => w >= historyStart && w <= lastWeek);
  if (complete.length === 0) return null;

  const weeks: number[] = [];
  for (let w = Math.min(...complete); w <= lastWeek; w += WEEK_MS) weeks.push(w);
  const keys = new Set<string>();
  const perWeek = weeks.map((w) => {
    const counts = new Map<string, number>();
    for (const on of active.get(w)?.values() ?? []) {
      const key = on.size === 1 ? [...on][0]! : CROSS_CHAIN;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      keys.add(key);
    }
    return counts;
  });
  const ordered = [...keys].sort((a, b) => (a === CROSS_CHAIN ? -1 : b === CROSS_CHAIN ? 1 : a < b ? -1 : a > b ? 1 : 0));
  return {
    weeks,
    total: weeks.map((w) => active.get(w)?.size ?? 0),
    byKey: new Map(ordered.map((k) => [k, perWeek.map((c) => c.get(k) ?? 0)])),
  };
}

/** What the chart names and colours a key by: master.json's name_short and colors.dark[0]. */
function legend(key: string, chain: Chain | undefined): { name: string; color: string } {
  if (key === CROSS_CHAIN || !chain) return { name: key, color: CROSS_CHAIN_COLOR };
  // The page drops a colour that is not a non-empty string, shifting every colour after it.
  return { name: chain.name_short, color: chain.colors.dark[0] || CROSS_CHAIN_COLOR };
}

async function buildLandingEventsApps(ctx: BuildContext): Promise<DocumentInput[]> {
  const data = await appData(ctx);
  const prod = new Map(ctx.chains.filter((c) => c.chain.deployment === 'PROD').map((c) => [c.chain.origin_key, c]));
  const weekly = data ? weeklyActiveApps(data, prod, data.facts.last_day) : null;
  if (!weekly) {
    ctx.report.skipped.push({ path: LANDING_EVENTS_APPS_PATH, reason: data ? 'no complete week with an active project yet' : 'no application data yet' });
    return [];
  }
  const keys = [...weekly.byKey.keys()];
  const legends = keys.map((k) => legend(k, prod.get(k)?.chain));
  const json = {
    data: {
      apps_total: { weekly: { types: ['unix', 'project_count'], values: weekly.weeks.map((w, i) => [w, weekly.total[i]!]) } },
      apps_by_chain: {
        names: legends.map((l) => l.name),
        colors: legends.map((l) => l.color),
        timeseries: {
          types: ['unix', ...keys.map((k) => `${k}_registered_count`)],
          values: weekly.weeks.map((w, i) => [w, ...keys.map((k) => weekly.byKey.get(k)![i]!)]),
        },
      },
      // The reference's placeholder; its page reads nothing from it.
      apps_by_category: {},
    },
    last_updated_utc: formatUtc(ctx.builtAt),
  };
  return [{ path: LANDING_EVENTS_APPS_PATH, json, freshness: 'daily' }];
}

const weeklyRows = (description: string): OpenApiSchema => ({
  ...arrayOf({ type: 'array', prefixItems: [ref('UnixMs')], items: int, minItems: 2 }),
  description,
});

const schemas: Record<string, OpenApiSchema> = {
  LandingEventsApps: obj({
    data: obj({
      apps_total: obj({
        weekly: obj({
          types: { const: ['unix', 'project_count'] },
          values: weeklyRows('One row per complete ISO week (unix = Monday 00:00 UTC), oldest first: distinct projects with a transaction to their contracts that week, over the PROD chains with application data.'),
        }),
      }),
      apps_by_chain: obj({
        names: { ...arrayOf(str), description: "Column i + 1's legend: Cross-Chain, else the chain's master.json name_short." },
        colors: { ...arrayOf({ type: 'string', minLength: 1 }), description: "Column i + 1's colour: #CDD8D2 for Cross-Chain, else the chain's colors.dark[0]." },
        timeseries: obj({
          types: { ...arrayOf(str), description: '["unix", "Cross-Chain_registered_count", "<origin_key>_registered_count", ...]: every key with a count in some week, Cross-Chain first, then by origin_key.' },
          values: weeklyRows('The weeks of apps_total; each (week, project) counted once: under its chain when active on one chain that week, else under Cross-Chain.'),
        }),
      }),
      apps_by_category: obj({}, []),
    }),
    last_updated_utc: ref('LastUpdatedUtc'),
  }),
};

export const landingEventsApps: DocumentKind<'landing_events_apps'> = {
  route: 'landing_events_apps',
  path: LANDING_EVENTS_APPS_PATH,
  matches: patternMatcher(LANDING_EVENTS_APPS_PATH),
  scope: LANDING_EVENTS_APPS_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Landing event "active apps": projects with a transaction each complete week, in total and by chain (Cross-Chain when on several).',
  openapi: {
    pathItem: documentPath({
      summary: 'Weekly active apps',
      description:
        'Per complete ISO week, the projects with a transaction to one of their contracts on the PROD chains with application data, in total and split by chain: a project active on several chains that week counts once, under Cross-Chain.',
      schema: 'LandingEventsApps',
    }),
    schemas,
  },
  build: buildLandingEventsApps,
};
