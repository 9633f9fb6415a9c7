// The operator's overlay: what the OSS Directory format has no place for, per owner_project.
//
//   projects:
//     uniswap:
//       logo_path: uniswap.svg        # a file name, served by the operator's front end
//       token_symbol: UNI
//       market_data_id: uniswap       # CoinGecko coin id; overrides token_coingecko_api_id
//       features: [ swap, liquidity ]
//
// Checked like the configuration file: line:column, key and what is wrong.
import { z } from 'zod';
import { readYaml } from '../../registry/yaml-source.js';
import { issuesFromZod, type ProjectIssue } from './project-issue.js';

/** CoinGecko coin ids: lower case, digits and dashes (as the registry's gas_token). */
export const MARKET_DATA_ID_RE = /^[a-z0-9][a-z0-9-]*$/;

const text = z.string().trim().min(1);
const overlayEntry = z.strictObject({
  logo_path: text.regex(/^[^/\\]+$/, { message: 'a file name without directories, e.g. uniswap.svg' }).nullable().optional(),
  token_symbol: text.max(16).nullable().optional(),
  market_data_id: z.string().regex(MARKET_DATA_ID_RE, { message: 'a CoinGecko coin id (lower-case letters, digits, -), e.g. uniswap' }).nullable().optional(),
  features: z.array(text).optional(),
});
const overlaySchema = z.strictObject({ projects: z.record(z.string(), overlayEntry.nullable()).nullish() });

export type OverlayEntry = z.output<typeof overlayEntry>;

export interface Overlay {
  entries: Map<string, OverlayEntry>;
  issues: ProjectIssue[];
  /** Where each entry was written, for "no such project" messages. */
  positionOf(owner: string): { line: number; column: number };
}

/** Parses the overlay text; a broken file yields no entries and its issues. */
export function parseOverlay(textIn: string, file: string): Overlay {
  const src = readYaml(textIn, file);
  const empty = (issues: ProjectIssue[]): Overlay => ({ entries: new Map(), issues, positionOf: () => ({ line: 1, column: 1 }) });
  if (src.syntaxIssues.length > 0) {
    return empty(src.syntaxIssues.map((i) => ({ file, line: i.line, column: i.column, problem: `${i.found}; ${i.hint}` })));
  }
  const parsed = overlaySchema.safeParse(src.data ?? {});
  if (!parsed.success) {
    // Entries without problems still apply: drop only the projects (or the file) a problem is in.
    const issues = issuesFromZod(parsed.error, src, file, (path) => (path.length === 0 ? ['projects'] : Object.keys(overlayEntry.shape)));
    const bad = new Set(parsed.error.issues.map((i) => (i.path[0] === 'projects' && typeof i.path[1] === 'string' ? i.path[1] : '*')));
    const data = src.data as { projects?: Record<string, unknown> } | null;
    const entries = new Map<string, OverlayEntry>();
    if (!bad.has('*') && data?.projects) {
      for (const [owner, e] of Object.entries(data.projects)) if (!bad.has(owner)) entries.set(owner, (e ?? {}) as OverlayEntry);
    }
    return { entries, issues, positionOf: (o) => src.position(['projects', o], 'key') };
  }
  const entries = new Map(Object.entries(parsed.data.projects ?? {}).map(([k, v]) => [k, v ?? {}]));
  return { entries, issues: [], positionOf: (o) => src.position(['projects', o], 'key') };
}
