// The parameters of /api/history and /api/chain/{k}/history (CONTRACT.md 12.5): `limit` an
// integer 1..1,000 (default 50) and `hours` an integer 1..24 (default 24); anything else is a 400
// naming the parameter. Other parameters are ignored.

export interface HistoryQuery {
  limit: number;
  hours: number;
}

export type HistoryQueryResult = { ok: true; query: HistoryQuery } | { ok: false; message: string; hint: string };

const RULES = {
  limit: { min: 1, max: 1000, fallback: 50 },
  hours: { min: 1, max: 24, fallback: 24 },
} as const;

export function historyQuery(params: URLSearchParams): HistoryQueryResult {
  const out: Record<string, number> = {};
  for (const [name, rule] of Object.entries(RULES)) {
    const all = params.getAll(name);
    if (all.length === 0) {
      out[name] = rule.fallback;
      continue;
    }
    const text = all[0];
    const value = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
    if (all.length > 1 || !(value >= rule.min && value <= rule.max)) {
      return {
        ok: false,
        message: `The parameter ${name} must be one whole number from ${rule.min} to ${rule.max}.`,
        hint: `e.g. ?${name}=${rule.fallback}, or leave it out for ${rule.fallback}.`,
      };
    }
    out[name] = value;
  }
  return { ok: true, query: { limit: out.limit, hours: out.hours } };
}
