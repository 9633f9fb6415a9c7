// An application detail document's bytes from its daily part's bytes and the hour's part: the
// daily part (every day's series, the window figures, KPI cards, first_seen, chains_by_size,
// the contracts tables) serialized once and kept while its inputs are the same
// (app-details-cache.ts), the rest (hourly series, token metrics, last_updated_utc) made and
// serialized every build, and the two spliced (json-splice.ts). The bytes are those of
// JSON.stringify(appDetailsJson(input)); without a cache every part is made fresh.
import { JsonSlots, partBytes, spliceJson } from '../json-splice.js';
import { checkedJsonText } from '../document-set.js';
import type { AppDetailsCache } from './app-details-cache.js';
import { dailyFragment, type DailyParts } from './app-details-daily.js';
import { appDetailsJson, appDetailsValue, projectFactsOf, type AppDetailsInput } from './app-details-json.js';

/** Every piece of a daily part as the bytes of its value. */
function dailyBytes(input: AppDetailsInput, path: string): DailyParts<Buffer> {
  const f = dailyFragment(input.inputs, input.facts, projectFactsOf(input), input.contracts);
  const b = (v: unknown) => partBytes(v, path);
  return {
    spans: f.spans,
    metrics: f.metrics.map((m) => (m ? { daily: m.daily.map(b), aggregated: b(m.aggregated), kpi: m.kpi === undefined ? undefined : b(m.kpi) } : null)),
    first_seen: b(f.first_seen),
    chains_by_size: b(f.chains_by_size),
    contracts_table: b(f.contracts_table),
  };
}

/** The document's bytes, its daily part taken from `cache` where it kept it. */
export function appDetailsBytes(input: AppDetailsInput, path: string, cache?: AppDetailsCache): Buffer {
  const pf = projectFactsOf(input);
  const make = () => dailyBytes(input, path);
  const daily = cache ? cache.parts(input.owner_project, input.inputs, input.facts, pf, input.contracts, make) : make();
  const slots = new JsonSlots();
  const s = (bytes: Buffer) => slots.slot(bytes);
  const slotted: DailyParts<string> = {
    spans: daily.spans,
    metrics: daily.metrics.map((m) => (m ? { daily: m.daily.map(s), aggregated: s(m.aggregated), kpi: m.kpi === undefined ? undefined : s(m.kpi) } : null)),
    first_seen: s(daily.first_seen),
    chains_by_size: s(daily.chains_by_size),
    contracts_table: s(daily.contracts_table),
  };
  // A string of the data that looks like a slot (spliceJson: null) falls back to the whole document.
  return spliceJson(appDetailsValue(input, pf, slotted), slots, path) ?? Buffer.from(checkedJsonText(appDetailsJson(input), path), 'utf8');
}
