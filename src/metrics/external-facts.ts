// tvl and app_revenue facts from the stored external days (src/sources/external): the day's
// USD value, ETH by the day's ETH price. A day without a value (a gap: feed down, a CSV missing
// it) has no fact: null in the document, never 0. Days not complete yet are left out.
// Recomputed whole on every run: one row per chain and day, arriving apart from the dirty hours.
import type { Chain } from '../registry/types.js';
import { ETH_ASSET } from '../sources/prices/types.js';
import type { Store } from '../store/store.js';
import { factKeys, type MetricDefinition } from './definition.js';

export async function computeExternalFacts(store: Store, chain: Pick<Chain, 'origin_key'>, defs: readonly MetricDefinition[], daysUntil: number): Promise<void> {
  const ok = chain.origin_key;
  for (const d of defs) {
    if (d.table !== 'chain' || d.status !== 'computed' || d.input.kind !== 'source' || d.input.source.from !== 'external') continue;
    const series = d.input.source.series;
    const values = (await store.readExternalValues(ok, series)).filter((v) => v.day_ms < daysUntil);
    const gapDays = (await store.readSampleGaps([ok])).filter((g) => g.source === series && g.day_ms < daysUntil).map((g) => g.day_ms);
    // Gap days are listed so that a value stored for them before is removed with the rest.
    const periods = [...new Set([...values.map((v) => v.day_ms), ...gapDays])].sort((a, b) => a - b);
    if (periods.length === 0) continue;
    const eth = new Map((await store.readPrices(ETH_ASSET, 'daily', periods[0], daysUntil)).map((p) => [p.period_ms, p.usd]));
    for (const fact of d.input.facts) {
      const keys = factKeys(fact);
      if (!('usd' in keys)) throw new Error(`${fact.key}: an external fact is money`);
      const rows = values.flatMap((v) => {
        const price = eth.get(v.day_ms);
        return [
          { metric_key: keys.usd, period_ms: v.day_ms, value: v.usd },
          { metric_key: keys.eth, period_ms: v.day_ms, value: price === undefined ? null : v.usd / price },
        ];
      });
      await store.replaceChainValues({ origin_key: ok, granularity: 'daily', periods, keys: [keys.usd, keys.eth], rows });
    }
  }
}
