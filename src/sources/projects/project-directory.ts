// The project directory: a folder of OSS Directory project files (`<name>.yaml`, one project
// each) plus the operator's overlay, made into ProjectRows. A file that is not valid against
// the OSS schema is reported (file, line:column, key, what is wrong) and skipped; the others
// load. An overlay entry for a project without a file is reported and ignored.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ProjectRow } from '../../store/labels.js';
import { readYaml } from '../../registry/yaml-source.js';
import { deriveLinks } from './derive-links.js';
import { ossProjectSchema, type OssProject } from './oss-schema.js';
import { parseOverlay, type OverlayEntry } from './overlay.js';
import { issuesFromZod, type ProjectIssue } from './project-issue.js';

export interface ProjectDirectoryResult {
  projects: ProjectRow[];
  issues: ProjectIssue[];
}

const PROJECT_KEYS = Object.keys(ossProjectSchema.shape);

/** One project file's text → the project, or the issues that keep it out. */
export function parseProjectFile(text: string, file: string): { project: OssProject | null; issues: ProjectIssue[] } {
  const src = readYaml(text, file);
  if (src.syntaxIssues.length > 0) {
    return { project: null, issues: src.syntaxIssues.map((i) => ({ file, line: i.line, column: i.column, problem: `not valid YAML: ${i.found}; ${i.hint}` })) };
  }
  const parsed = ossProjectSchema.safeParse(src.data);
  if (!parsed.success) {
    const allowed = (path: readonly (string | number)[]): string[] =>
      path[path.length - 1] === 'social' ? ['farcaster', 'medium', 'mirror', 'telegram', 'twitter'] : PROJECT_KEYS;
    return { project: null, issues: issuesFromZod(parsed.error, src, file, allowed).sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)) };
  }
  // The directory names each file after its project; a mismatch would file the project under
  // the wrong owner_project.
  const stem = basename(file).replace(/\.ya?ml$/, '');
  if (parsed.data.name !== stem) {
    const { line, column } = src.position(['name']);
    return { project: null, issues: [{ file, line, column, key: 'name', problem: `expected the file's own name ${JSON.stringify(stem)} (a project file is named <name>.yaml); found ${JSON.stringify(parsed.data.name)}` }] };
  }
  return { project: parsed.data, issues: [] };
}

/** The directory's project row, with the overlay's additions. */
export function projectRow(p: OssProject, overlay: OverlayEntry | undefined): ProjectRow {
  const description = p.description?.trim() ? p.description.trim() : null;
  const symbol = overlay?.token_symbol ?? null;
  return {
    owner_project: p.name,
    display_name: p.display_name,
    description,
    ...deriveLinks(p),
    logo_path: overlay?.logo_path ?? null,
    token_symbol: symbol === null ? null : symbol.toUpperCase(),
    // The overlay's id wins: it is how an operator corrects or adds the directory's.
    market_data_id: overlay?.market_data_id !== undefined ? overlay.market_data_id : (p.token_coingecko_api_id?.trim() || null),
    features: overlay?.features ?? [],
  };
}

/** Reads `dir/*.yaml` and the overlay (null: none). Files are read in name order. */
export function loadProjectDirectory(dir: string, overlayPath: string | null): ProjectDirectoryResult {
  const issues: ProjectIssue[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /\.ya?ml$/.test(n)).sort();
  } catch (err) {
    return { projects: [], issues: [{ file: dir, problem: `the project directory cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})` }] };
  }
  const found: OssProject[] = [];
  for (const n of names) {
    const file = join(dir, n);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      issues.push({ file, problem: `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})` });
      continue;
    }
    const r = parseProjectFile(text, file);
    issues.push(...r.issues);
    if (r.project) found.push(r.project);
  }
  let overlay = parseOverlay('', overlayPath ?? '(no overlay)');
  if (overlayPath !== null) {
    try {
      overlay = parseOverlay(readFileSync(overlayPath, 'utf8'), overlayPath);
    } catch (err) {
      issues.push({ file: overlayPath, problem: `the overlay cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}); projects load without it` });
    }
    issues.push(...overlay.issues);
  }
  const known = new Set(found.map((p) => p.name));
  for (const owner of overlay.entries.keys()) {
    if (known.has(owner)) continue;
    const { line, column } = overlay.positionOf(owner);
    issues.push({ file: overlayPath!, line, column, key: `projects.${owner}`, problem: `no project file ${owner}.yaml in ${dir}; this entry is ignored` });
  }
  return { projects: found.map((p) => projectRow(p, overlay.entries.get(p.name))), issues };
}
