// One error type for every configuration problem. A bad configuration is reported in full
// (all problems at once, each with file:line:column, key path, what was expected, what was
// found and how to fix it) so an operator fixes the file in one pass instead of one restart
// per mistake.

export interface ConfigIssue {
  /** The config file as the operator named it, or `environment` for env variables. */
  file: string;
  /** 1-based; absent when the problem has no place in the file (e.g. the file is missing). */
  line?: number;
  column?: number;
  /** Key path such as `chains[2].rpc_urls[0]`; absent for whole-file problems. */
  key?: string;
  expected: string;
  found: string;
  hint: string;
}

/** `chainlytics.yaml:14:7 chains[1].family: expected ...; found .... Fix: ...` */
export function formatIssue(issue: ConfigIssue): string {
  const where = issue.line !== undefined ? `${issue.file}:${issue.line}:${issue.column ?? 1}` : issue.file;
  const key = issue.key ? ` ${issue.key}` : '';
  const hint = issue.hint.endsWith('.') ? issue.hint : `${issue.hint}.`;
  return `${where}${key}: expected ${issue.expected}; found ${issue.found}. Fix: ${hint}`;
}

function compareIssues(a: ConfigIssue, b: ConfigIssue): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

export class ConfigError extends Error {
  readonly issues: readonly ConfigIssue[];

  /** `source` names the configuration as a whole (the file the operator passed). */
  constructor(source: string, issues: ConfigIssue[]) {
    if (issues.length === 0) throw new Error('ConfigError needs at least one issue');
    const sorted = [...issues].sort(compareIssues);
    const lines = sorted.map(formatIssue);
    const message =
      lines.length === 1
        ? lines[0]
        : `${source}: ${lines.length} problems in the configuration:\n${lines.map((l) => `  - ${l}`).join('\n')}`;
    super(message);
    this.name = 'ConfigError';
    this.issues = sorted;
  }
}
