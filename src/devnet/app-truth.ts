// Ground truth of the application metrics (METRICS.md section 4), straight from the block
// generator: per (chain, contract, day) and per (project, day or window) across chains. Tests
// compare what ingestion, facts and documents produce against these numbers, so nothing here
// reads the store or shares code with src/metrics.
import { DAY_MS, HOUR_MS } from '../clock.js';
import { ownerResolver, DEVNET_LABELS, type DevnetLabel } from './app-labels.js';
import { txFeeWei, type TxModel } from './block-model.js';
import type { ChainSim } from './chain-sim.js';
import type { DevnetChainSpec } from './chains.js';

/** The application counts of one set of transactions. */
export interface AppStats {
  txcount: number;
  /** Exact number of distinct senders. */
  distinct_senders: number;
  /** Fees in wei of the chain's gas token (ETH, or MNT on mantle). */
  fee_wei: bigint;
  /** Transactions with receipt status 1. */
  successes: number;
}

export interface ContractDayTruth extends AppStats {
  origin_key: string;
  /** Lower-case 0x address (the transaction's `to`). */
  address: string;
  day: number;
}

export interface AppTruth {
  owner_project: string;
  /** First and last UTC day (unix ms) covered; equal for one day. */
  from_day: number;
  to_day: number;
  txcount: number;
  /** Distinct senders over every chain and day of the window (a sender on two chains counts once). */
  distinct_senders: number;
  successes: number;
  /** Fees per gas token (price-source asset id → wei): ETH and MNT cannot be added without prices. */
  fee_wei_by_gas_token: Record<string, bigint>;
  /** Per origin_key with at least one transaction; distinct senders per chain over the window. */
  chains: Record<string, AppStats>;
  /** The project's contracts with at least one transaction in the window, by chain then address. */
  contracts: Array<Omit<ContractDayTruth, 'day'>>;
}

/** Mutable accumulation with the sender set kept, so windows and projects can be unioned exactly. */
interface Acc {
  txcount: number;
  successes: number;
  fee_wei: bigint;
  senders: Set<string>;
}

const newAcc = (): Acc => ({ txcount: 0, successes: 0, fee_wei: 0n, senders: new Set() });

function addAcc(into: Acc, a: Acc): void {
  into.txcount += a.txcount;
  into.successes += a.successes;
  into.fee_wei += a.fee_wei;
  for (const s of a.senders) into.senders.add(s);
}

const stats = (a: Acc): AppStats => ({ txcount: a.txcount, distinct_senders: a.senders.size, fee_wei: a.fee_wei, successes: a.successes });

/** METRICS.md section 4: non-empty input, fee > 0 and a non-null `to`; the contract is `to`. */
export function isAppTx(tx: TxModel, family: DevnetChainSpec['family']): boolean {
  return tx.to !== null && tx.inputBytes() > 0 && txFeeWei(tx, family) > 0n;
}

/** A project within one UTC hour, per chain (the app details' hourly series are per chain). */
export interface AppHourTruth {
  owner_project: string;
  hour: number;
  /** Per origin_key with at least one transaction in the hour; distinct senders per chain. */
  chains: Record<string, AppStats>;
}

const CACHE_DAYS = 1024;

/** Application ground truth over the chains of one devnet. */
export class AppGroundTruth {
  /** (chain, day) → contract → counts; keyed with the last block and fork epoch so a moving head or a reorg recomputes. */
  private readonly cache = new Map<string, Map<string, Acc>>();

  constructor(private readonly sims: ReadonlyMap<string, ChainSim>) {}

  private sim(origin_key: string): ChainSim {
    const s = this.sims.get(origin_key);
    if (!s) throw new Error(`devnet: no chain ${JSON.stringify(origin_key)} (running: ${[...this.sims.keys()].join(', ')})`);
    return s;
  }

  /** (chain, day) → hour → contract → counts, keyed and bounded as `cache`. */
  private readonly hourCache = new Map<string, Map<number, Map<string, Acc>>>();

  /** Every contract called on one chain within each hour of one UTC day. */
  private contractsByHour(origin_key: string, dayMs: number): Map<number, Map<string, Acc>> {
    const sim = this.sim(origin_key);
    const [, last] = sim.dayRange(dayMs);
    const key = `${origin_key}:${dayMs}:${last}:${sim.forkEpoch}`;
    const hit = this.hourCache.get(key);
    if (hit) return hit;
    const family = sim.spec.family;
    const out = new Map<number, Map<string, Acc>>();
    for (const b of sim.dayBlocks(dayMs)) {
      const hour = Math.floor((b.timestamp * 1000) / HOUR_MS) * HOUR_MS;
      for (const tx of b.txs) {
        if (!isAppTx(tx, family)) continue;
        let byContract = out.get(hour);
        if (!byContract) out.set(hour, (byContract = new Map()));
        const to = tx.to as string;
        let a = byContract.get(to);
        if (!a) byContract.set(to, (a = newAcc()));
        a.txcount++;
        if (tx.status === 1) a.successes++;
        a.fee_wei += txFeeWei(tx, family);
        a.senders.add(tx.from);
      }
    }
    for (const k of this.hourCache.keys()) if (k.startsWith(`${origin_key}:${dayMs}:`)) this.hourCache.delete(k);
    if (this.hourCache.size >= CACHE_DAYS) this.hourCache.delete(this.hourCache.keys().next().value as string);
    this.hourCache.set(key, out);
    return out;
  }

  /** A project within one UTC hour on every chain, contracts decided by `labels` as in `app`. */
  appHour(owner_project: string, hourMs: number, labels: readonly DevnetLabel[] = DEVNET_LABELS): AppHourTruth {
    if (!Number.isInteger(hourMs) || hourMs % HOUR_MS !== 0) throw new Error(`devnet appHourGroundTruth: hour must be the unix ms of an hour start, got ${hourMs}`);
    const owner = ownerResolver(labels, [...this.sims.keys()]);
    const day = Math.floor(hourMs / DAY_MS) * DAY_MS;
    const chains: Record<string, AppStats> = {};
    for (const origin_key of this.sims.keys()) {
      const chain = newAcc();
      for (const [address, a] of this.contractsByHour(origin_key, day).get(hourMs) ?? []) {
        if (owner(origin_key, address) === owner_project) addAcc(chain, a);
      }
      if (chain.txcount > 0) chains[origin_key] = stats(chain);
    }
    return { owner_project, hour: hourMs, chains };
  }

  /** Every contract called on one chain and day, with its counts. */
  private contractsOfDay(origin_key: string, dayMs: number): Map<string, Acc> {
    const sim = this.sim(origin_key);
    const [, last] = sim.dayRange(dayMs);
    const key = `${origin_key}:${dayMs}:${last}:${sim.forkEpoch}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const family = sim.spec.family;
    const out = new Map<string, Acc>();
    for (const b of sim.dayBlocks(dayMs)) {
      for (const tx of b.txs) {
        if (!isAppTx(tx, family)) continue;
        const to = tx.to as string;
        let a = out.get(to);
        if (!a) out.set(to, (a = newAcc()));
        a.txcount++;
        if (tx.status === 1) a.successes++;
        a.fee_wei += txFeeWei(tx, family);
        a.senders.add(tx.from);
      }
    }
    // Drop the other entries of the same (chain, day) (an older head or fork), then bound the size.
    for (const k of this.cache.keys()) if (k.startsWith(`${origin_key}:${dayMs}:`)) this.cache.delete(k);
    if (this.cache.size >= CACHE_DAYS) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, out);
    return out;
  }

  /** One contract on one chain and UTC day (zeros when it was not called). */
  contractDay(origin_key: string, address: string, dayMs: number): ContractDayTruth {
    const a = this.contractsOfDay(origin_key, dayMs).get(address.toLowerCase()) ?? newAcc();
    return { origin_key, address: address.toLowerCase(), day: dayMs, ...stats(a) };
  }

  /** Every contract called on one chain and UTC day, busiest first (ties by address). */
  contractsDay(origin_key: string, dayMs: number): ContractDayTruth[] {
    return [...this.contractsOfDay(origin_key, dayMs)]
      .map(([address, a]) => ({ origin_key, address, day: dayMs, ...stats(a) }))
      .sort((x, y) => y.txcount - x.txcount || (x.address < y.address ? -1 : 1));
  }

  /**
   * A project over the UTC days [fromDay, toDay] on every chain of the devnet, its contracts
   * decided by `labels` with the cross-chain fallback (default: the devnet's label file; pass
   * other rows to get the truth after a relabel).
   */
  app(owner_project: string, fromDay: number, toDay = fromDay, labels: readonly DevnetLabel[] = DEVNET_LABELS): AppTruth {
    if (toDay < fromDay) throw new Error(`devnet appGroundTruth: toDay ${toDay} is before fromDay ${fromDay}`);
    const owner = ownerResolver(labels, [...this.sims.keys()]);
    const total = newAcc();
    const chains: Record<string, AppStats> = {};
    const contracts: AppTruth['contracts'] = [];
    const fees: Record<string, bigint> = {};
    for (const [origin_key, sim] of this.sims) {
      const chain = newAcc();
      const perContract = new Map<string, Acc>();
      for (let day = fromDay; day <= toDay; day += DAY_MS) {
        for (const [address, a] of this.contractsOfDay(origin_key, day)) {
          if (owner(origin_key, address) !== owner_project) continue;
          let c = perContract.get(address);
          if (!c) perContract.set(address, (c = newAcc()));
          addAcc(c, a);
        }
      }
      if (perContract.size === 0) continue;
      for (const [address, c] of [...perContract].sort(([x], [y]) => (x < y ? -1 : 1))) {
        addAcc(chain, c);
        contracts.push({ origin_key, address, ...stats(c) });
      }
      chains[origin_key] = stats(chain);
      addAcc(total, chain);
      fees[sim.spec.gas_token] = (fees[sim.spec.gas_token] ?? 0n) + chain.fee_wei;
    }
    return {
      owner_project,
      from_day: fromDay,
      to_day: toDay,
      txcount: total.txcount,
      distinct_senders: total.senders.size,
      successes: total.successes,
      fee_wei_by_gas_token: fees,
      chains,
      contracts,
    };
  }
}
