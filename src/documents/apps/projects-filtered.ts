// Filtered project list — /v1/labels/projects_filtered.json (CONTRACT.md section 5): the projects
// with activity, which is where clients find valid owner_project values (the app details exist
// for exactly these rows).
import { formatUtc } from '../../metrics/calendar.js';
import { appData } from './app-data.js';
import { categoryColumns, directoryColumns, listedProjects } from './app-projects.js';
import { NOT_FOUND_ANY, patternMatcher, type BuildContext, type DocumentKind } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';
import { arrayOf, documentPath, int, mapOf, obj, ref, str, strOrNull, type OpenApiSchema } from '../openapi-components.js';

export const PROJECTS_FILTERED_PATH = '/v1/labels/projects_filtered.json';

export const PROJECTS_FILTERED_COLUMNS = [
  'owner_project', 'display_name', 'description', 'main_github', 'twitter', 'website', 'logo_path', 'token_symbol',
  'txcount', 'active_on', 'ecosystem_rank', 'sub_category', 'main_category', 'sub_categories', 'features',
];

/** Published only once a chain has facts: before that nothing says which projects are active. */
async function buildProjectsFiltered(ctx: BuildContext): Promise<DocumentInput[]> {
  const data = await appData(ctx);
  if (!data) return [];
  const rows = listedProjects(data.summaries).map((s) => {
    const [sub, main, subs] = categoryColumns(s);
    return [...directoryColumns(s.project), s.txcount_30d, s.active_on, s.ecosystem_rank, sub, main, subs, [...s.project.features]];
  });
  const json = { last_updated_utc: formatUtc(ctx.builtAt), data: { types: PROJECTS_FILTERED_COLUMNS, data: rows } };
  return [{ path: PROJECTS_FILTERED_PATH, json, freshness: 'daily' }];
}

const schemas: Record<string, OpenApiSchema> = {
  ProjectsFiltered: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    data: obj({
      types: {
        ...arrayOf(str),
        examples: [PROJECTS_FILTERED_COLUMNS],
      },
      data: arrayOf({
        type: 'array',
        prefixItems: [
          str, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull, strOrNull,
          { type: 'number' }, mapOf({ type: 'number' }), int, strOrNull, strOrNull, arrayOf(str), arrayOf(str),
        ],
        items: false,
      }),
    }),
  }),
};

export const projectsFiltered: DocumentKind<'projects'> = {
  route: 'projects',
  path: PROJECTS_FILTERED_PATH,
  matches: patternMatcher(PROJECTS_FILTERED_PATH),
  scope: '/v1/labels/',
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'Projects with activity: the list of valid owner_project values.',
  openapi: {
    pathItem: documentPath({
      summary: 'Filtered project list',
      description: 'Projects with activity; the discovery source for owner_project.',
      schema: 'ProjectsFiltered',
    }),
    schemas,
  },
  build: buildProjectsFiltered,
};
