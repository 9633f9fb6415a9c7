// Full project list — /v1/labels/projects.json (CONTRACT.md section 5): every project of the
// directory. Declared ahead of its builder; shares the /v1/labels/ folder and its route class with
// the filtered list.
import { NOT_FOUND_ANY, patternMatcher, type DocumentKind } from './document-kind.js';
import { arrayOf, documentPath, obj, ref, str, strOrNull, type OpenApiSchema } from './openapi-components.js';

export const PROJECTS_PATH = '/v1/labels/projects.json';

const schemas: Record<string, OpenApiSchema> = {
  Projects: obj({
    last_updated_utc: ref('LastUpdatedUtc'),
    data: obj({
      types: {
        ...arrayOf(str),
        examples: [
          [
            'owner_project', 'display_name', 'description', 'main_github', 'twitter', 'website', 'logo_path', 'token_symbol',
            'sub_category', 'main_category', 'sub_categories',
          ],
        ],
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
};
