// The OpenAPI description itself — /v1/openapi.json — as a kind like the others, so the server
// routes it and the /docs page lists it from the same list. It has no builder in the build loop:
// its content depends on the public URL, not on stored facts, so openApiDocument() (openapi.ts)
// makes it wherever a document set is assembled.
import { NOT_FOUND_ANY, patternMatcher, type DocumentKind } from './document-kind.js';
import { cors, jsonContent } from './openapi-components.js';

export const OPENAPI_PATH = '/v1/openapi.json';

export const openApiKind: DocumentKind<'openapi'> = {
  route: 'openapi',
  path: OPENAPI_PATH,
  matches: patternMatcher(OPENAPI_PATH),
  scope: OPENAPI_PATH,
  freshness: 'daily',
  notFound: NOT_FOUND_ANY,
  description: 'OpenAPI 3.1 description of all documents and errors.',
  openapi: {
    pathItem: {
      get: {
        operationId: 'getOpenApi',
        summary: 'This description',
        responses: { '200': { description: 'OpenAPI 3.1 document.', headers: cors, content: jsonContent({ type: 'object' }) } },
      },
    },
  },
};
