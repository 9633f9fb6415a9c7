// The naming rule every document path follows, shared by the declarations (their matchers and
// OpenAPI parameter patterns) and the server (request-path.ts rejects anything else with 400).
// A leaf module so that documents and server can both import it without either importing the other.

export const MAX_SEGMENT_LENGTH = 128;

/** The characters a path segment may use, as a regular expression character class. */
export const SEGMENT_CHARS = '[a-z0-9_.-]';
