// What a configuration key expects and how to fix a wrong value: the shape every hint table
// (config-hints.ts, chain-profile-hints.ts) fills, in a file of its own so neither imports the other.
export interface FieldRule {
  expected: string;
  hint: string | ((found: unknown) => string);
}
