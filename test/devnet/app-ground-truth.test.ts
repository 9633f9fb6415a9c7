import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { DEVNET_APP_CASES, DEVNET_APPS, DEVNET_CHAIN_SPECS, DEVNET_EXTRA_PROJECTS, DEVNET_LABELS, startDevnet, writeDevnetAppFiles, type Devnet } from '../../src/devnet/index.js';
import { unlabeledContracts } from '../../src/devnet/apps.js';
import { blocksWithReceipts, call, hex, TEST_NOW_MS } from './helpers.js';

interface Stat {
  txcount: number;
  senders: Set<string>;
  fee: bigint;
  successes: number;
}

const TODAY = Math.floor(TEST_NOW_MS / DAY_MS) * DAY_MS;
const DAYS = [TODAY - 2 * DAY_MS, TODAY - DAY_MS];

/**
 * METRICS.md section 4, written from the spec for this test: per contract (`to`) of the
 * transactions with non-empty input, fee > 0 and a non-null `to`, over the blocks served over RPC.
 */
async function scanContracts(url: string, family: string, dayMs: number, head: number): Promise<Map<string, Stat>> {
  const ts = async (n: number): Promise<number> => Number((await call(url, 'eth_getBlockByNumber', [hex(n), false])).timestamp);
  const firstAtOrAfter = async (t: number): Promise<number> => {
    let lo = 0;
    let hi = head + 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((await ts(mid)) >= t) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const first = await firstAtOrAfter(dayMs / 1000);
  const last = (await firstAtOrAfter(dayMs / 1000 + 86400)) - 1;
  const out = new Map<string, Stat>();
  for (const { block, receipts } of await blocksWithReceipts(url, first, last)) {
    block.transactions.forEach((tx: any, i: number) => {
      const r = receipts[i];
      const fee = BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice) + (family === 'op' ? BigInt(r.l1Fee ?? 0) : 0n);
      if (tx.to === null || tx.input === '0x' || fee === 0n) return;
      const to = tx.to.toLowerCase();
      let s = out.get(to);
      if (!s) out.set(to, (s = { txcount: 0, senders: new Set(), fee: 0n, successes: 0 }));
      s.txcount++;
      s.senders.add(tx.from.toLowerCase());
      s.fee += fee;
      if (r.status === '0x1') s.successes++;
    });
  }
  return out;
}

/** The label rule of METRICS.md section 4 over the CSV the devnet writes, written for this test. */
function ownersFromCsv(csv: string): (origin_key: string, address: string) => string | null {
  const [header, ...lines] = csv.trimEnd().split('\n');
  const cols = header.split(',');
  const chainOf = new Map(DEVNET_CHAIN_SPECS.map((s) => [`eip155:${s.evm_chain_id}`, s.origin_key]));
  const rows = lines.map((l) => {
    const v = l.split(',');
    return { origin_key: chainOf.get(v[cols.indexOf('chain_id')])!, address: v[cols.indexOf('address')], owner: v[cols.indexOf('owner_project')] };
  });
  return (k, a) => {
    const own = rows.find((r) => r.origin_key === k && r.address === a);
    if (own) return own.owner;
    const owners = new Set(rows.filter((r) => r.address === a).map((r) => r.owner));
    return owners.size === 1 ? [...owners][0] : null;
  };
}

describe('devnet application ground truth', () => {
  let dev: Devnet;
  let dir: string;
  /** origin_key → day → contract → counts from the RPC scan. */
  const scans = new Map<string, Map<number, Map<string, Stat>>>();

  beforeAll(async () => {
    dev = await startDevnet({ seed: 11, clock: new FixedClock(TEST_NOW_MS), historyDays: 30, txPerDay: 250 });
    dir = mkdtempSync(join(tmpdir(), 'devnet-app-truth-'));
    for (const c of dev.chains) {
      const byDay = new Map<number, Map<string, Stat>>();
      for (const d of DAYS) byDay.set(d, await scanContracts(c.url, c.family, d, dev.head(c.origin_key)));
      scans.set(c.origin_key, byDay);
    }
  });
  afterAll(async () => {
    await dev?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('per contract and day equals a scan over RPC, on every chain', () => {
    for (const c of dev.chains) {
      for (const d of DAYS) {
        const scan = scans.get(c.origin_key)!.get(d)!;
        const truth = dev.contractsGroundTruth(c.origin_key, d);
        expect(truth.length).toBe(scan.size);
        expect(truth.length).toBeGreaterThan(10);
        for (const t of truth) {
          const s = scan.get(t.address)!;
          expect([t.txcount, t.distinct_senders, t.fee_wei, t.successes], `${c.origin_key} ${t.address}`).toEqual([s.txcount, s.senders.size, s.fee, s.successes]);
        }
        const one = truth[0];
        expect(dev.contractGroundTruth(c.origin_key, one.address.toUpperCase().replace('0X', '0x'), d)).toEqual(one);
        expect(dev.contractGroundTruth(c.origin_key, `0x${'ab'.repeat(20)}`, d).txcount).toBe(0);
      }
    }
  });

  it('per project equals the scan summed over its labeled contracts, senders distinct across chains and days', () => {
    const files = writeDevnetAppFiles(dir);
    const owner = ownersFromCsv(readFileSync(files.labelsCsv, 'utf8'));
    const projects = [...DEVNET_APPS.map((a) => a.owner_project), ...DEVNET_EXTRA_PROJECTS.map((p) => p.owner_project)];
    let crossChainOverlap = 0;
    for (const p of projects) {
      for (const [from, to] of [[DAYS[0], DAYS[0]], [DAYS[1], DAYS[1]], [DAYS[0], DAYS[1]]]) {
        const senders = new Set<string>();
        const perChain = new Map<string, { txcount: number; fee: bigint; successes: number; senders: Set<string> }>();
        for (const [k, byDay] of scans) {
          for (const [d, contracts] of byDay) {
            if (d < from || d > to) continue;
            for (const [address, s] of contracts) {
              if (owner(k, address) !== p) continue;
              const c = perChain.get(k) ?? { txcount: 0, fee: 0n, successes: 0, senders: new Set<string>() };
              c.txcount += s.txcount;
              c.fee += s.fee;
              c.successes += s.successes;
              for (const x of s.senders) (c.senders.add(x), senders.add(x));
              perChain.set(k, c);
            }
          }
        }
        const truth = dev.appGroundTruth(p, from, to);
        const chainSum = [...perChain.values()].reduce((n, c) => n + c.senders.size, 0);
        if (chainSum > senders.size) crossChainOverlap++;
        expect(truth.distinct_senders, `${p} ${from}-${to}`).toBe(senders.size);
        expect(truth.txcount).toBe([...perChain.values()].reduce((n, c) => n + c.txcount, 0));
        expect(Object.keys(truth.chains).sort()).toEqual([...perChain.keys()].sort());
        for (const [k, c] of perChain) {
          expect(truth.chains[k]).toEqual({ txcount: c.txcount, distinct_senders: c.senders.size, fee_wei: c.fee, successes: c.successes });
        }
      }
    }
    // The same senders use several chains, so project-wide distinct is not a per-chain sum.
    expect(crossChainOverlap).toBeGreaterThan(5);
  });

  it('covers the label cases: fallback, disagreement, one chain, no activity, some days', () => {
    const d = DAYS[1];
    const { fallback, disagreement, oneChain, dormant, directoryOnly, someDays } = DEVNET_APP_CASES;
    // Multicall3 is labeled on ethereum only and counts for multicaller on every chain.
    const multi = dev.appGroundTruth(fallback.owner_project, DAYS[0], DAYS[1]);
    const fallbackChains = multi.contracts.filter((c) => c.address === fallback.address).map((c) => c.origin_key);
    expect(fallbackChains.filter((k) => !fallback.labeledOn.includes(k)).length).toBeGreaterThan(2);
    // EntryPoint: passkey-wallet on base, bundlerkit on arbitrum, nobody's on linea and mantle.
    for (const [k, p] of Object.entries(disagreement.labels)) {
      expect(dev.appGroundTruth(p, DAYS[0], DAYS[1]).contracts.some((c) => c.origin_key === k && c.address === disagreement.address)).toBe(true);
    }
    const everyone = [...DEVNET_APPS.map((a) => a.owner_project), ...DEVNET_EXTRA_PROJECTS.map((p) => p.owner_project)];
    for (const k of disagreement.unlabeledOn) {
      expect(dev.contractGroundTruth(k, disagreement.address, d).txcount + dev.contractGroundTruth(k, disagreement.address, DAYS[0]).txcount).toBeGreaterThan(0);
      for (const p of everyone) expect(dev.appGroundTruth(p, DAYS[0], DAYS[1]).contracts.some((c) => c.origin_key === k && c.address === disagreement.address)).toBe(false);
    }
    // Active on one chain only, every day of the month.
    for (let day = TODAY - 30 * DAY_MS; day < TODAY; day += DAY_MS) {
      const t = dev.appGroundTruth(oneChain.owner_project, day);
      expect(Object.keys(t.chains)).toEqual([oneChain.origin_key]);
    }
    // Labels, no activity; no labels at all.
    for (const p of [dormant.owner_project, directoryOnly.owner_project]) {
      const t = dev.appGroundTruth(p, TODAY - 30 * DAY_MS, TODAY);
      expect([t.txcount, t.distinct_senders, t.chains, t.contracts]).toEqual([0, 0, {}, []]);
    }
    // Some days with transactions, some without.
    const days = Array.from({ length: 30 }, (_, i) => dev.contractGroundTruth(someDays.origin_key, someDays.address, TODAY - (30 - i) * DAY_MS).txcount);
    expect(days.filter((n) => n === 0).length).toBeGreaterThan(5);
    expect(days.filter((n) => n > 0).length).toBeGreaterThan(3);
    expect(dev.appGroundTruth(someDays.owner_project, TODAY - 30 * DAY_MS, TODAY - DAY_MS).txcount).toBe(days.reduce((a, b) => a + b, 0));
  });

  it('follows other labels for a relabel: moved, removed and new labels', () => {
    const [from, to] = DAYS;
    const before = dev.appGroundTruth('devswap', from, to);
    const moved = before.contracts[0];
    // Move one devswap contract (on one chain) to tidepool, drop the labels of multicaller.
    const relabeled = DEVNET_LABELS.flatMap((l) => {
      if (l.owner_project === 'multicaller') return [];
      if (l.origin_key === moved.origin_key && l.address === moved.address) return [{ ...l, owner_project: 'tidepool' }];
      return [l];
    });
    const after = dev.appGroundTruth('devswap', from, to, relabeled);
    // The other chains keep their own devswap label for the same address: only the moved one changes.
    expect(after.contracts.some((c) => c.origin_key === moved.origin_key && c.address === moved.address)).toBe(false);
    expect(after.txcount).toBe(before.txcount - moved.txcount);
    const tide = dev.appGroundTruth('tidepool', from, to, relabeled);
    expect(tide.txcount).toBe(dev.appGroundTruth('tidepool', from, to).txcount + moved.txcount);
    expect(dev.appGroundTruth('multicaller', from, to, relabeled).txcount).toBe(0);
    // A new label on a pool contract creates activity for its project.
    const pool = unlabeledContracts('base')[2];
    const fresh = DEVNET_LABELS.concat([{ ...DEVNET_LABELS[0], origin_key: 'base', address: pool, owner_project: 'paperplan' }]);
    const expected = dev.contractGroundTruth('base', pool, from).txcount + dev.contractGroundTruth('base', pool, to).txcount;
    expect(expected).toBeGreaterThan(0);
    expect(dev.appGroundTruth('paperplan', from, to, fresh).txcount).toBe(expected);
  });

  it('reports fees per gas token and is stale-proof across a reorg of the current day', () => {
    const t = dev.appGroundTruth('devswap', DAYS[1]);
    const mantleFees = t.chains.mantle?.fee_wei ?? 0n;
    expect(t.fee_wei_by_gas_token.mantle ?? 0n).toBe(mantleFees);
    const ethFees = Object.entries(t.chains).filter(([k]) => k !== 'mantle').reduce((n, [, c]) => n + c.fee_wei, 0n);
    expect(t.fee_wei_by_gas_token.ethereum).toBe(ethFees);
    const before = dev.contractsGroundTruth('base', TODAY);
    dev.reorg('base', 600); // the last 20 minutes
    const after = dev.contractsGroundTruth('base', TODAY);
    expect(after).not.toEqual(before);
    expect(dev.contractsGroundTruth('base', DAYS[1])).toEqual(dev.contractsGroundTruth('base', DAYS[1]));
  });
});
