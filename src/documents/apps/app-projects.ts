// The rows of the two project lists (CONTRACT.md section 5), computed once per build from the
// application inputs and facts: which projects have activity (the filtered list, which also
// decides which app details exist), their 30-day txcount per chain, rank, and dominant usage
// category over 365 days.
import { mainCategoryName, mainCategoryOf, USAGE_CATEGORIES } from '../../registry/categories.js';
import type { ProjectRow } from '../../store/labels.js';
import { APP_WINDOWS, KEYS } from './app-facts.js';
import { ALL_CHAINS, contractKey, type AppFacts } from './app-fact-shapes.js';
import { cmp, type AppInputs } from '../../metrics/app-inputs.js';

const W30 = APP_WINDOWS.indexOf('30d');
const W365 = APP_WINDOWS.indexOf('365d');
const WMAX = APP_WINDOWS.indexOf('max');
/** Token transfers say little about what a project is: they count ×0.05 for its category (CONTRACT.md 5). */
const CATEGORY_WEIGHT: Readonly<Record<string, number>> = { fungible_tokens: 0.05, native_transfer: 0.05 };

export interface ProjectSummary {
  project: ProjectRow;
  /** At least one transaction in the stored history: in the filtered list, has app details. */
  listed: boolean;
  txcount_30d: number;
  /** origin_key → 30-day txcount, chains with txcount > 0, in chain order of the key. */
  active_on: Record<string, number>;
  ecosystem_rank: number;
  /** Usage category id, or null without activity in 365 days. */
  sub_category: string | null;
  sub_categories: string[];
}

export function projectSummaries(inputs: AppInputs, facts: AppFacts): ProjectSummary[] {
  const categoryTx = new Map<string, Map<string, number>>(); // project → usage category → 365-day txcount
  for (const c of inputs.contracts) {
    if (!c.active || !c.usage_category) continue;
    const n = facts.contracts.get(contractKey(c.origin_key, c.address))?.windows.get(KEYS.txcount)?.[W365] ?? 0;
    if (!n) continue;
    let m = categoryTx.get(c.owner_project);
    if (!m) categoryTx.set(c.owner_project, (m = new Map()));
    m.set(c.usage_category, (m.get(c.usage_category) ?? 0) + n);
  }
  const out = inputs.projects.map((project): ProjectSummary => {
    const f = facts.projects.get(project.owner_project);
    const tx = (ok: string, w: number): number => f?.windows.get(ok)?.get(KEYS.txcount)?.[w] ?? 0;
    const active_on: Record<string, number> = {};
    for (const ok of [...(f?.windows.keys() ?? [])].filter((k) => k !== ALL_CHAINS).sort(cmp)) if (tx(ok, W30) > 0) active_on[ok] = tx(ok, W30);
    const weighted = [...(categoryTx.get(project.owner_project) ?? [])]
      .map(([id, n]) => [id, n * (CATEGORY_WEIGHT[id] ?? 1)] as const)
      .sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]));
    return {
      project,
      listed: tx(ALL_CHAINS, WMAX) > 0,
      txcount_30d: tx(ALL_CHAINS, W30),
      active_on,
      ecosystem_rank: 0,
      sub_category: weighted[0]?.[0] ?? null,
      sub_categories: weighted.map(([id]) => id),
    };
  });
  // SQL RANK() over txcount descending: ties share a rank, the next rank skips.
  const listed = out.filter((s) => s.listed).sort((a, b) => b.txcount_30d - a.txcount_30d || cmp(a.project.owner_project, b.project.owner_project));
  listed.forEach((s, i) => {
    s.ecosystem_rank = i > 0 && listed[i - 1]!.txcount_30d === s.txcount_30d ? listed[i - 1]!.ecosystem_rank : i + 1;
  });
  return out;
}

/** The filtered list's rows in published order: txcount descending, ties by owner_project. */
export function listedProjects(summaries: readonly ProjectSummary[]): ProjectSummary[] {
  return summaries.filter((s) => s.listed).sort((a, b) => a.ecosystem_rank - b.ecosystem_rank || cmp(a.project.owner_project, b.project.owner_project));
}

export function categoryColumns(s: ProjectSummary): [string | null, string | null, string[]] {
  const main = s.sub_category ? mainCategoryOf(s.sub_category) : undefined;
  return [s.sub_category ? (USAGE_CATEGORIES[s.sub_category] ?? s.sub_category) : null, main ? (mainCategoryName(main) ?? null) : null, s.sub_categories];
}

/** The directory columns both lists start with. */
export function directoryColumns(p: ProjectRow): Array<string | null> {
  return [p.owner_project, p.display_name, p.description, p.main_github, p.twitter, p.website, p.logo_path, p.token_symbol ? p.token_symbol.toUpperCase() : null];
}
