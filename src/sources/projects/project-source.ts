// The configured project directory, imported into the store whenever it changes. Every round
// calls `refresh`: the folder's listing and each file's size and modification time (and the
// overlay's) make a stamp, so an unchanged directory costs a readdir and a stat per file; any
// change re-reads the whole directory and replaces the store's projects. Problems are logged
// once per version of the directory.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../log.js';
import type { LabelStore, ProjectRow } from '../../store/labels.js';
import { formatProjectIssue } from './project-issue.js';
import { loadProjectDirectory } from './project-directory.js';

export interface ProjectSourceSettings {
  /** Absolute path of the folder of `<name>.yaml` files. */
  dir: string;
  /** Absolute path of the overlay YAML, or null. */
  overlay: string | null;
}

export class ProjectSource {
  private stamp = '';

  constructor(
    private readonly settings: ProjectSourceSettings,
    private readonly logger?: Pick<Logger, 'info' | 'warn'>,
  ) {}

  /** Imports again when anything changed; returns the rows written, or null when nothing did. */
  async refresh(store: LabelStore): Promise<ProjectRow[] | null> {
    const stamp = this.currentStamp();
    if (stamp === this.stamp) return null;
    this.stamp = stamp;
    const { projects, issues } = loadProjectDirectory(this.settings.dir, this.settings.overlay);
    for (const i of issues) this.logger?.warn({ file: i.file }, formatProjectIssue(i));
    // A directory that cannot be read at all keeps the last import instead of emptying the list.
    if (projects.length === 0 && issues.some((i) => i.file === this.settings.dir)) return null;
    await store.replaceProjects(projects);
    this.logger?.info({ projects: projects.length, skipped_files: new Set(issues.map((i) => i.file)).size }, 'project directory imported');
    return projects;
  }

  private currentStamp(): string {
    const parts: string[] = [];
    const look = (path: string): void => {
      try {
        const st = statSync(path);
        parts.push(`${path}:${st.size}:${st.mtimeMs}`);
      } catch (err) {
        parts.push(`${path}:${(err as NodeJS.ErrnoException).code ?? 'error'}`);
      }
    };
    try {
      for (const n of readdirSync(this.settings.dir).sort()) if (/\.ya?ml$/.test(n)) look(join(this.settings.dir, n));
    } catch (err) {
      parts.push(`dir:${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    if (this.settings.overlay) look(this.settings.overlay);
    return parts.join('|');
  }
}
