// The stablecoin supply source (METRICS.md stables_mcap): for every complete stored day of a
// chain with configured stablecoins, `eth_call totalSupply()` of each coin at the day's last
// stored block, in one JSON-RPC batch per chain-day, stored as whole tokens. A node without the
// state of that block (no archive) makes the day a gap with the node's reason: stored, logged
// once, reported by /healthz and the build report, never a 0; later days go on being read.
// A contract that answers `0x` (no return data) is asked for its code at that block
// (not-deployed.ts): without code it is not deployed at that day, which is a gap too, decided
// once per day like the archive's, never asked again and never a 0; the coins that answered are
// stored. Any other failure stops the chain's sampling for this round; the day is asked again.
import { DAY_MS, type Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { Chain } from '../../registry/types.js';
import { RpcClient, type RpcClientOptions, type RpcStats } from '../../rpc/client.js';
import type { SupplySample } from '../../store/samples.js';
import type { Store } from '../../store/store.js';
import { emptyAnswerReasons, type SampledContract } from './not-deployed.js';
import { missingStateMessage } from './state-errors.js';

export const STABLECOIN_SOURCE = 'stablecoin_supply';
/**
 * Days the chain token's contract (fdv's supply) gave no value while the stablecoins did: kept
 * apart so that stables_mcap is not reported as missing a day it has (fdv uses total_supply).
 */
export const TOKEN_SUPPLY_SOURCE = 'token_supply';
/** keccak256("totalSupply()")[0:4]. */
const TOTAL_SUPPLY = '0x18160ddd';
/** Samples held before they are written (see sampleChain). */
const WRITE_EVERY_SAMPLES = 512;

export interface SampleChainReport {
  origin_key: string;
  days_sampled: number;
  /** Days that became gaps in this run (the node has no state for them). */
  new_gaps: number;
  /** Time spent asking the node, ms (eth_call cost per chain-day = elapsed_ms / (days_sampled + new_gaps)). */
  elapsed_ms: number;
  /** Set when sampling stopped early on another error (retried next run). */
  error?: string;
}

export interface SamplerOptions {
  logger: Pick<Logger, 'warn' | 'info'>;
  clock: Clock;
  /** RPC client settings (tests pass fast retries). */
  rpc?: Partial<RpcClientOptions>;
}

type SampledChain = Pick<Chain, 'origin_key' | 'rpc_urls' | 'stablecoins' | 'evm_chain_id'> & Partial<Pick<Chain, 'token'>>;

/** The contracts read per chain-day: the stablecoins, then the chain token's contract (fdv) when configured. */
function contractsOf(chain: SampledChain): SampledContract[] {
  const out: SampledContract[] = chain.stablecoins.map((c) => ({ symbol: c.symbol, address: c.address.toLowerCase(), decimals: c.decimals, token: false }));
  const t = chain.token;
  if (t?.address && !out.some((c) => c.address === t.address!.toLowerCase())) out.push({ symbol: t.market_data_id, address: t.address.toLowerCase(), decimals: t.decimals ?? 18, token: true });
  return out;
}

/** Why a day has no value for some contract, as stored in sample_gaps and logged. */
interface Gap {
  day_ms: number;
  reason: string;
}

/** One client per chain, reused across runs; few attempts, since an archive error repeats. */
export class StablecoinSampler {
  private readonly clients = new Map<string, RpcClient>();
  /** origin_key → unix ms of its last run that ended without an error (provenance's last sync of this source). */
  readonly lastSuccess = new Map<string, number>();
  constructor(private readonly opts: SamplerOptions) {}

  private client(chain: SampledChain): RpcClient {
    let c = this.clients.get(chain.origin_key);
    if (!c) {
      c = new RpcClient({
        urls: chain.rpc_urls,
        label: chain.origin_key,
        expectedChainId: chain.evm_chain_id,
        clock: this.opts.clock,
        maxAttempts: 3,
        backoff: { baseMs: 100, maxMs: 1_000 },
        ...this.opts.rpc,
      });
      this.clients.set(chain.origin_key, c);
    }
    return c;
  }

  /** Samples every chain's missing days, chains side by side. */
  async run(store: Store, chains: readonly SampledChain[], signal?: AbortSignal): Promise<SampleChainReport[]> {
    return Promise.all(chains.filter((c) => contractsOf(c).length > 0).map((c) => this.sampleChain(store, c, signal)));
  }

  async sampleChain(store: Store, chain: SampledChain, signal?: AbortSignal): Promise<SampleChainReport> {
    const ok = chain.origin_key;
    const report: SampleChainReport = { origin_key: ok, days_sampled: 0, new_gaps: 0, elapsed_ms: 0 };
    const todo = await missingDays(store, chain, this.opts.clock);
    const blocks = await store.lastBlocksOfDays(ok, todo);
    const contracts = contractsOf(chain);
    const client = this.client(chain);
    const started = performance.now();
    const noState: Gap[] = [];
    // Contracts without a value at a day (no code: not deployed yet): per source, stablecoins' first.
    const noValue = { [STABLECOIN_SOURCE]: [] as Gap[], [TOKEN_SUPPLY_SOURCE]: [] as Gap[] };
    // Samples are written a few weeks at a time, not a day per statement: a first run backfills
    // every retained day, and on ClickHouse each insert is a part to merge (600 single-day inserts
    // cost the manifest devnet's two nodes 5 s of CPU). A crash loses at most the unwritten days,
    // which the next round asks for again.
    const unwritten: SupplySample[] = [];
    const flush = async (): Promise<void> => {
      if (unwritten.length > 0) await store.writeSupplySamples(unwritten.splice(0));
    };
    for (const day of todo) {
      const block = blocks.get(day);
      if (block === undefined || signal?.aborted) continue;
      const tag = `0x${block.toString(16)}`;
      try {
        const results = (await client.batch(
          contracts.map((coin) => ({ method: 'eth_call', params: [{ to: coin.address, data: TOTAL_SUPPLY }, tag], validate: uint256OrEmpty(`totalSupply of ${coin.symbol}`) })),
          signal,
        )) as Array<bigint | null>;
        const read = contracts.flatMap((coin, i) => (results[i] === null ? [] : [{ origin_key: ok, address: coin.address, day_ms: day, block_number: block, supply: toTokens(results[i]!, coin.decimals) }]));
        unwritten.push(...read);
        if (unwritten.length >= WRITE_EVERY_SAMPLES) await flush();
        const empty = contracts.filter((_, i) => results[i] === null);
        if (empty.length === 0) {
          report.days_sampled++;
          continue;
        }
        const reasons = await emptyAnswerReasons(client, empty, block, signal);
        const coins = empty.filter((c) => !c.token).map((c) => reasons.get(c.address)!);
        const token = empty.filter((c) => c.token).map((c) => reasons.get(c.address)!);
        if (coins.length > 0) noValue[STABLECOIN_SOURCE].push({ day_ms: day, reason: coins.join('; ') });
        if (token.length > 0) noValue[TOKEN_SUPPLY_SOURCE].push({ day_ms: day, reason: `${token.join('; ')}; fdv uses total_supply` });
      } catch (err) {
        const missing = missingStateMessage(err);
        if (missing === null) {
          report.error = err instanceof Error ? err.message : String(err);
          this.opts.logger.warn({ origin_key: ok, day: new Date(day).toISOString().slice(0, 10), err: report.error }, 'stablecoin supply: eth_call failed; the day is asked again next round');
          break;
        }
        noState.push({ day_ms: day, reason: `node has no state at block ${block}: ${missing}` });
      }
    }
    await flush();
    report.elapsed_ms = performance.now() - started;
    // Gaps are recorded once and never asked again, so each is logged once: one line per kind.
    await this.record(store, ok, STABLECOIN_SOURCE, noState, 'stablecoin supply: the node cannot read these days (no archive state); stables_mcap has gaps there, never 0');
    for (const [source, gaps] of Object.entries(noValue)) {
      await this.record(store, ok, source, gaps, 'stablecoin supply: a configured contract gives no totalSupply() at these days (no code there: not deployed yet, or a wrong address); they are gaps, never 0');
    }
    report.new_gaps = new Set([...noState, ...Object.values(noValue).flat()].map((g) => g.day_ms)).size;
    if (report.error === undefined && !signal?.aborted) this.lastSuccess.set(ok, this.opts.clock.now());
    return report;
  }

  private async record(store: Store, originKey: string, source: string, gaps: readonly Gap[], message: string): Promise<void> {
    if (gaps.length === 0) return;
    await store.writeSampleGaps(originKey, source, gaps, []);
    this.opts.logger.warn({ origin_key: originKey, source, days: gaps.length, first: isoDay(gaps[0]!.day_ms), last: isoDay(gaps.at(-1)!.day_ms), reason: gaps[0]!.reason }, message);
  }

  /** Each chain's RPC counters of the sampler's own clients (for /metrics). */
  rpcStats(): Array<{ chain: string; stats: RpcStats }> {
    return [...this.clients].map(([chain, c]) => ({ chain, stats: c.stats() }));
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.close()));
  }
}

/**
 * Complete stored days on which some contract has neither a sample nor a recorded gap, ascending.
 * A stablecoin gap covers the whole day (no state: nothing could be read); a token gap only the token.
 */
async function missingDays(store: Store, chain: SampledChain, clock: Clock): Promise<number[]> {
  const ok = chain.origin_key;
  const today = Math.floor(clock.now() / DAY_MS) * DAY_MS;
  const days = await store.blockPeriods(ok, 'daily', today);
  const have = new Map<number, Set<string>>();
  for (const s of await store.readSupplySamples(ok)) have.set(s.day_ms, (have.get(s.day_ms) ?? new Set()).add(s.address));
  const gaps = await store.readSampleGaps([ok]);
  const gapDays = (source: string) => new Set(gaps.filter((g) => g.source === source).map((g) => g.day_ms));
  const [dayGaps, tokenGaps] = [gapDays(STABLECOIN_SOURCE), gapDays(TOKEN_SUPPLY_SOURCE)];
  const contracts = contractsOf(chain);
  return days.filter((d) => !dayGaps.has(d) && contracts.some((c) => !have.get(d)?.has(c.address) && !(c.token && tokenGaps.has(d))));
}

/** A 32-byte word as a bigint; `0x` (no return data: no code there, or no such function) as null. */
function uint256OrEmpty(what: string): (r: unknown) => bigint | null {
  return (r) => {
    if (r === '0x') return null;
    if (typeof r !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(r)) throw new Error(`${what}: expected a 32-byte word, got ${JSON.stringify(r).slice(0, 80)}`);
    return BigInt(r);
  };
}

/** Whole tokens as a double: exact to 15–16 digits, more than a market cap needs. */
function toTokens(raw: bigint, decimals: number): number {
  const scale = 10n ** BigInt(decimals);
  return Number(raw / scale) + Number(raw % scale) / Number(scale);
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
