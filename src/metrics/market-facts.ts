// market_cap and fdv facts of a chain's token from the stored market data (src/sources/market):
// market cap = the feed's market_caps of the day; fdv = the day's price × the token contract's
// totalSupply() of the day when a contract is configured and was read (src/sources/stablecoins
// samples it), else the registry's total supply; ETH by the day's ETH price. A day the feed has no value for (feed down, a gap in its
// series) has no fact: null in the document, never 0. Days before the chain's first stored block
// or not complete yet are left out. Recomputed whole on every run (one row per day).
import type { Chain } from '../registry/types.js';
import { ETH_ASSET } from '../sources/prices/types.js';
import type { Store } from '../store/store.js';
import { factKeys, type MetricDefinition, type SourceFact } from './definition.js';

type MarketField = 'market_cap' | 'fdv';

/** The computed market-data chain facts, by the field they read. */
function marketFacts(defs: readonly MetricDefinition[]): Array<{ field: MarketField; fact: SourceFact }> {
  const out: Array<{ field: MarketField; fact: SourceFact }> = [];
  for (const d of defs) {
    if (d.table !== 'chain' || d.status !== 'computed' || d.input.kind !== 'source' || d.input.source.from !== 'market_data') continue;
    const field = d.input.source.field;
    if (field !== 'market_cap' && field !== 'fdv') continue;
    for (const fact of d.input.facts) out.push({ field, fact });
  }
  return out;
}

export async function computeMarketFacts(store: Store, chain: Pick<Chain, 'origin_key'> & Partial<Pick<Chain, 'token'>>, defs: readonly MetricDefinition[], daysUntil: number): Promise<void> {
  const facts = marketFacts(defs);
  const token = chain.token;
  if (facts.length === 0 || !token) return;
  const ok = chain.origin_key;
  const chainDays = await store.blockPeriods(ok, 'daily', daysUntil);
  if (chainDays.length === 0) return;
  const rows = (await store.readMarketData(token.market_data_id)).filter((r) => r.day_ms >= chainDays[0]! && r.day_ms < daysUntil);
  const eth = new Map((await store.readPrices(ETH_ASSET, 'daily', chainDays[0], daysUntil)).map((p) => [p.period_ms, p.usd]));
  const periods = rows.map((r) => r.day_ms);
  // fdv's supply of a day: the token contract's totalSupply() sampled that day, else the registry's.
  const sampled = new Map<number, number>();
  if (token.address) for (const s of await store.readSupplySamples(ok)) if (s.address === token.address.toLowerCase()) sampled.set(s.day_ms, s.supply);
  for (const { field, fact } of facts) {
    const keys = factKeys(fact);
    if (!('usd' in keys)) throw new Error(`${fact.key}: a market fact is money`);
    const out: Array<{ metric_key: string; period_ms: number; value: number | null }> = [];
    for (const r of rows) {
      const supply = sampled.get(r.day_ms) ?? token.total_supply;
      const usd = field === 'market_cap' ? r.market_cap_usd : r.price_usd === null || supply === null ? null : r.price_usd * supply;
      if (usd === null) continue;
      const price = eth.get(r.day_ms);
      out.push({ metric_key: keys.usd, period_ms: r.day_ms, value: usd }, { metric_key: keys.eth, period_ms: r.day_ms, value: price === undefined ? null : usd / price });
    }
    await store.replaceChainValues({ origin_key: ok, granularity: 'daily', periods, keys: [keys.usd, keys.eth], rows: out });
  }
}
