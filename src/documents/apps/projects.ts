// Full project list — /v1/labels/projects.json (CONTRACT.md section 5): every project of the
// directory, active or not. Shares the /v1/labels/ folder and its route class with the filtered list.
import { formatUtc } from '../../metrics/calendar.js';
import { appData } from './app-data.js';
import { categoryColumns, directoryColumns } from './app-projects.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { arrayOf, documentPath, obj, ref, str, strOrNull, type OpenApiSchema } from '../openapi-components.js';

export const PROJECTS_PATH = '/v1/labels/projects.json';

export const PROJECTS_COLUMNS = [
  'owner_project', 'display_name', 'description', 'main_github', 'twitter', 'website', 'logo_path', 'token_symbol',
  'sub_category', 'main_category', 'sub_categories',
];

async function buildProjects(ctx: BuildContext): Promise<DocumentInput[]> {
  const data = await appData(ctx);
  if (!data) return [];
  const rows = data.summaries.map((s) => [...directoryColumns(s.project), ...categoryColumns(s)]);
  const json = { last_updated_utc: formatUtc(ctx.builtAt), data: { types: PROJECTS_COLUMNS, data: rows } };
  return [{ path: PROJECTS_PATH, json, freshness: 'daily' }];
}

const schemas: Record<string, OpenApiSchema> = {
  Projects: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    data: obj({
      types: {
        ...arrayOf(str),
        examples: [PROJECTS_COLUMNS],
      },
      data: arrayOf({
        type: 'array',
        prefixItems: [str, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, arrayOf(str)],
        items: false,
      }),
    }),
  }),
};

export const projects: DocumentKind<'projects'> = {
  route: 'projects',
  path: PROJECTS_PATH,
  matches: patternMatcher(PROJECTS_PATH),
  scope: '/v1/labels/',
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Every project of the directory.',
  openapi: {
    pathItem: documentPath({
      summary: 'Full project list',
      description: 'Every project of the directory.',
      schema: 'Projects',
    }),
    schemas,
  },
  build: buildProjects,
};
