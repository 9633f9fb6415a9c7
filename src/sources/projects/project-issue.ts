// A problem in a project file or the overlay: the file, where in it (line:column when known),
// the key and what is wrong. Zod's findings are put in those words here.
import type { z } from 'zod';
import { describeValue, valueAt } from '../../registry/describe-issues.js';
import { keyPathText } from '../../registry/config-hints.js';
import type { YamlSource } from '../../registry/yaml-source.js';

export interface ProjectIssue {
  file: string;
  line?: number;
  column?: number;
  /** Key path such as `social.twitter[0].url`; absent for whole-file problems. */
  key?: string;
  problem: string;
}

/** `aave.yaml:12:7 social.twitter[0].url: expected …; found …` */
export function formatProjectIssue(i: ProjectIssue): string {
  const where = i.line !== undefined ? `${i.file}:${i.line}:${i.column ?? 1}` : i.file;
  return `${where}${i.key ? ` ${i.key}` : ''}: ${i.problem}`;
}

const TYPE_WORDS: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', object: 'a mapping', array: 'a list' };

function expected(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? issue.expected;
    case 'invalid_value':
      return `one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return issue.origin === 'array' ? `a list of at least ${String(issue.minimum)} item${issue.minimum === 1 ? '' : 's'}` : `at least ${String(issue.minimum)} characters`;
    case 'custom':
      return issue.message === 'not an absolute URI' ? 'an absolute URI such as https://example.org' : issue.message;
    default:
      return issue.message;
  }
}

/** `allowedKeys(path)`: the keys the mapping at `path` accepts, for unknown-key messages. */
export function issuesFromZod(error: z.ZodError, src: YamlSource, file: string, allowedKeys: (path: readonly (string | number)[]) => readonly string[]): ProjectIssue[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      // One issue per unknown key, pointing at that key.
      return issue.keys.map((k) => {
        const { line, column } = src.position([...path, k], 'key');
        return { file, line, column, key: keyPathText([...path, k]), problem: `unknown key (allowed here: ${allowedKeys(path).join(', ')})` };
      });
    }
    const { line, column } = src.position(path);
    return [{ file, line, column, key: keyPathText(path) || undefined, problem: `expected ${expected(issue)}; found ${describeValue(valueAt(src.data, path))}` }];
  });
}
