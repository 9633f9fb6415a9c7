// stables_mcap facts from the stored supply samples (src/sources/stablecoins): per complete day,
// Σ whole tokens × peg (1 USD) of the chain's configured stablecoins, when every one of them was
// read that day; ETH by the day's ETH price. A day with a gap (the node had no state) or a coin
// missing has no fact: the document shows null there, never 0. Recomputed whole on every run:
// a chain has one row per coin and day, and samples arrive independently of the dirty hours.
import type { Chain } from '../registry/types.js';
import { ETH_ASSET } from '../sources/prices/types.js';
import { STABLECOIN_SOURCE } from '../sources/stablecoins/supply-sampler.js';
import type { Store } from '../store/store.js';
import { factKeys, type MetricDefinition, type SourceFact } from './definition.js';

/** The facts computed `eth_call` inputs write (stables_mcap), once per key. */
export function supplyFacts(defs: readonly MetricDefinition[]): SourceFact[] {
  const byKey = new Map<string, SourceFact>();
  for (const d of defs) {
    if (d.status !== 'computed' || d.input.kind !== 'source' || d.input.source.from !== 'eth_call') continue;
    for (const f of d.input.facts) byKey.set(f.key, f);
  }
  return [...byKey.values()];
}

export async function computeSupplyFacts(store: Store, chain: Pick<Chain, 'origin_key'> & Partial<Pick<Chain, 'stablecoins'>>, defs: readonly MetricDefinition[], daysUntil: number): Promise<void> {
  const facts = supplyFacts(defs);
  const coins = chain.stablecoins ?? [];
  if (facts.length === 0 || coins.length === 0) return;
  const ok = chain.origin_key;
  const wanted = new Set(coins.map((c) => c.address.toLowerCase()));
  const byDay = new Map<number, { coins: Set<string>; usd: number }>();
  for (const s of await store.readSupplySamples(ok)) {
    if (s.day_ms >= daysUntil || !wanted.has(s.address)) continue;
    let d = byDay.get(s.day_ms);
    if (!d) byDay.set(s.day_ms, (d = { coins: new Set(), usd: 0 }));
    d.coins.add(s.address);
    d.usd += s.supply; // peg 'usd': one token is one dollar
  }
  const gapDays = (await store.readSampleGaps([ok])).filter((g) => g.source === STABLECOIN_SOURCE && g.day_ms < daysUntil).map((g) => g.day_ms);
  const periods = [...new Set([...byDay.keys(), ...gapDays])].sort((a, b) => a - b);
  if (periods.length === 0) return;
  const ethUsd = await dailyPrices(store, periods);
  for (const f of facts) {
    const keys = factKeys(f);
    if (!('usd' in keys)) throw new Error(`${f.key}: a supply fact is measured in USD`);
    const rows: Array<{ metric_key: string; period_ms: number; value: number | null }> = [];
    for (const [day, d] of byDay) {
      if (d.coins.size < wanted.size) continue; // a coin not read that day: the sum would be short
      const price = ethUsd(day);
      rows.push({ metric_key: keys.usd, period_ms: day, value: d.usd }, { metric_key: keys.eth, period_ms: day, value: price === null ? null : d.usd / price });
    }
    await store.replaceChainValues({ origin_key: ok, granularity: 'daily', periods, keys: [keys.usd, keys.eth], rows });
  }
}

/** ETH/USD of a day: its own daily price, else the latest earlier one, else null. */
async function dailyPrices(store: Store, days: readonly number[]): Promise<(day: number) => number | null> {
  const rows = await store.readPrices(ETH_ASSET, 'daily', undefined, days[days.length - 1]! + 1);
  return (day) => {
    let best: number | null = null;
    for (const r of rows) if (r.period_ms <= day) best = r.usd;
    return best;
  };
}
