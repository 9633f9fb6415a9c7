// The storage engines this build can open, once. The registry validates `engine:` against this
// list and the store types its engines with it; it lives in the registry because the registry
// imports no stage, so the store may import it without a cycle. Adding an engine is its name
// here, a folder under src/store/ and a case in open-store.ts.
export const ENGINE_NAMES = ['duckdb', 'clickhouse'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];
