// Every live timestamp is ISO-8601 UTC with milliseconds and Z (CONTRACT.md 12.1).

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
