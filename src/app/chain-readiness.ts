// Which chains a document set may publish. A chain publishes once its stored blocks cover its
// first complete UTC day. Before that, its documents would mix empty and filled figures: a
// card showing "–" beside a highlight quoting a figure, a week-over-week change over no week. A
// chain that is not ready is left out of the set entirely. Its documents answer 503 not_ready
// with its progress (server/request-handler.ts), and it joins the aggregates once ready.
//
// The first complete day is the day of the first stored block when ingestion starts on a day
// boundary (`start: { date }`, or genesis with `start: { block: 0 }`), and the day after it
// otherwise. Ready is sticky for the life of the process. The check reads only blocks, which
// retention keeps, so a restart over a stored history is ready at once, even with the chain's
// RPC down.
import { DAY_MS } from '../clock.js';
import type { Chain } from '../registry/types.js';
import type { Store } from '../store/store.js';

export class ChainReadiness {
  readonly #ready = new Set<string>();

  /** Checks the chains not ready yet against the store; returns the ready ones, in config order. */
  async refresh(store: Store, chains: readonly Chain[]): Promise<Chain[]> {
    for (const chain of chains) {
      if (this.#ready.has(chain.origin_key)) continue;
      if (await coversFirstCompleteDay(store, chain)) this.#ready.add(chain.origin_key);
    }
    return chains.filter((c) => this.#ready.has(c.origin_key));
  }

  isReady(originKey: string): boolean {
    return this.#ready.has(originKey);
  }
}

async function coversFirstCompleteDay(store: Store, chain: Chain): Promise<boolean> {
  const checkpoint = await store.getCheckpoint(chain.origin_key);
  if (checkpoint === null) return false;
  const lastS = await store.blockTimeAtOrBelow(chain.origin_key, checkpoint.block_number);
  if (lastS === null) return false;
  const lastMs = lastS * 1000;
  const days = await store.blockPeriods(chain.origin_key, 'daily', lastMs + 1);
  const startsOnBoundary = 'date' in chain.start || ('block' in chain.start && chain.start.block === 0);
  const firstComplete = startsOnBoundary ? days[0] : days[1];
  // The day is complete once a block at or after its end is stored.
  return firstComplete !== undefined && lastMs >= firstComplete + DAY_MS;
}
