import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FixedClock } from '../../src/clock.js';
import { DEVNET_APPS, startDevnet, type Devnet } from '../../src/devnet/index.js';
import { builtinChain } from '../../src/registry/builtin-chains.js';
import { isUsageCategory } from '../../src/registry/categories.js';
import { batch, blocksWithReceipts, hex, TEST_NOW_MS } from './helpers.js';

const TODAY = Math.floor(TEST_NOW_MS / DAY_MS) * DAY_MS;

describe('devnet traffic', () => {
  let dev: Devnet;
  // One complete history day of base, scanned over RPC.
  let day: Array<{ block: any; receipts: any[] }>;

  beforeAll(async () => {
    dev = await startDevnet({ seed: 21, clock: new FixedClock(TEST_NOW_MS), historyDays: 28, txPerDay: 1000 });
    const url = dev.chains.find((c) => c.origin_key === 'base')!.url;
    const from = dev.blockAt('base', (TODAY - DAY_MS) / 1000 - 1) + 1;
    const to = dev.blockAt('base', TODAY / 1000 - 1);
    day = await blocksWithReceipts(url, from, to);
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('makes chains differ in volume by more than 10x', () => {
    const counts = dev.chains.map((c) => dev.groundTruth(c.origin_key, TODAY - DAY_MS).txcount);
    expect(Math.max(...counts) / Math.min(...counts)).toBeGreaterThan(10);
  });

  it('grows over the months and is quieter on weekends', () => {
    const days = Array.from({ length: 27 }, (_, i) => TODAY - (27 - i) * DAY_MS);
    const counts = days.map((d) => ({ d, n: dev.groundTruth('base', d).txcount }));
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    const weekend = counts.filter(({ d }) => [0, 6].includes(new Date(d).getUTCDay())).map((x) => x.n);
    const weekday = counts.filter(({ d }) => ![0, 6].includes(new Date(d).getUTCDay())).map((x) => x.n);
    expect(mean(weekend)).toBeLessThan(0.9 * mean(weekday));
    expect(mean(counts.slice(-7).map((x) => x.n))).toBeGreaterThan(mean(counts.slice(0, 7).map((x) => x.n)));
    for (const d of days.slice(-3)) {
      const t = dev.groundTruth('base', d);
      expect(t.distinct_senders).toBeLessThan(0.8 * t.tx_all);
    }
  });

  it('follows a daily cycle in volume and base fee', async () => {
    const url = dev.chains.find((c) => c.origin_key === 'ethereum')!.url;
    const from = dev.blockAt('ethereum', (TODAY - 7 * DAY_MS) / 1000);
    const to = dev.blockAt('ethereum', TODAY / 1000 - 1);
    const headers = await batch(url, Array.from({ length: to - from + 1 }, (_, i) => ({ method: 'eth_getBlockByNumber', params: [hex(from + i), false] })));
    const at = (h0: number, h1: number) => headers.filter((b) => {
      const h = new Date(Number(b.timestamp) * 1000).getUTCHours();
      return h >= h0 && h < h1;
    });
    const avg = (bs: any[], f: (b: any) => number): number => bs.reduce((a, b) => a + f(b), 0) / bs.length;
    const busy = at(13, 17);
    const quiet = at(1, 5);
    expect(avg(busy, (b) => b.transactions.length)).toBeGreaterThan(1.3 * avg(quiet, (b) => b.transactions.length));
    expect(avg(busy, (b) => Number(b.baseFeePerGas))).toBeGreaterThan(1.3 * avg(quiet, (b) => Number(b.baseFeePerGas)));
  });

  it('mixes transfers, swaps, token transfers, app calls, deployments and failures', () => {
    const apps = new Map<string, { owner: string; category: string; name: string }>();
    for (const a of DEVNET_APPS) {
      for (const c of a.contracts) if (c.origin_key === 'base') apps.set(c.address, { owner: a.owner_project, category: a.usage_category, name: c.contract_name });
    }
    const users = day.flatMap(({ block, receipts }) => block.transactions.map((tx: any, i: number) => ({ tx, r: receipts[i] }))).filter(({ tx }) => tx.type !== '0x7e');
    expect(users.length).toBeGreaterThan(1500);
    const share = (f: (x: { tx: any; r: any }) => boolean): number => users.filter(f).length / users.length;
    const native = share(({ tx }) => tx.input === '0x' && tx.to !== null && BigInt(tx.value) > 0n);
    expect(native).toBeGreaterThan(0.2);
    expect(native).toBeLessThan(0.4);
    const failed = share(({ r }) => r.status === '0x0');
    expect(failed).toBeGreaterThan(0.025);
    expect(failed).toBeLessThan(0.06);
    const deploys = share(({ tx }) => tx.to === null);
    expect(deploys).toBeGreaterThan(0.004);
    expect(deploys).toBeLessThan(0.04);
    const isRouter = (to: string | null): boolean => {
      const app = to === null ? undefined : apps.get(to);
      return !!app && /^(dex|trading)$/.test(app.category) && app.name.includes('Router');
    };
    const swaps = users.filter(({ tx, r }) => r.status === '0x1' && isRouter(tx.to));
    expect(swaps.length / users.length).toBeGreaterThan(0.08);
    for (const { r } of swaps) {
      expect(Number(r.gasUsed)).toBeGreaterThanOrEqual(150_000);
      expect(Number(r.gasUsed)).toBeLessThanOrEqual(350_000);
    }
    const projects = new Set(users.map(({ tx }) => apps.get(tx.to)?.owner).filter(Boolean));
    expect(projects.size).toBeGreaterThan(15);
    const unlabeled = share(({ tx }) => tx.to !== null && tx.input !== '0x' && !apps.has(tx.to));
    expect(unlabeled).toBeGreaterThan(0.02);
    expect(new Set(users.map(({ tx }) => tx.type))).toEqual(new Set(['0x0', '0x2']));
    // Power law: the busiest sender sends many transactions, most send one or two.
    const perSender = new Map<string, number>();
    for (const { tx } of users) perSender.set(tx.from, (perSender.get(tx.from) ?? 0) + 1);
    expect(Math.max(...perSender.values())).toBeGreaterThan(20);
    expect(perSender.size).toBeLessThan(users.length * 0.8);
  });

  it('posts every L2’s batches to the L1 from its settlement address', async () => {
    const l1 = dev.chains.find((c) => c.origin_key === 'ethereum')!;
    const from = dev.blockAt(l1.origin_key, (TODAY - DAY_MS) / 1000);
    const blocks = await blocksWithReceipts(l1.url, from, from + 287);
    const senders = new Set(blocks.flatMap(({ block }) => block.transactions.map((t: any) => t.from)));
    const configs = dev.chainConfigs();
    for (const c of configs) {
      if (c.chain_type === 'l1') expect(c.settlement_addresses).toEqual([]);
      else {
        expect(c.settlement_addresses).toHaveLength(1);
        expect(senders.has(c.settlement_addresses[0])).toBe(true);
      }
    }
  });

  it('describes the applications and the chains as registry-ready data', () => {
    expect(DEVNET_APPS).toHaveLength(40);
    const categories = new Set<string>();
    const seen = new Set<string>();
    let sharedAddresses = 0;
    for (const a of DEVNET_APPS) {
      expect(a.owner_project).toMatch(/^[a-z0-9-]+$/);
      expect(isUsageCategory(a.usage_category)).toBe(true);
      categories.add(a.usage_category);
      const names = new Set(a.contracts.map((c) => c.contract_name));
      expect(names.size).toBeGreaterThanOrEqual(1);
      expect(names.size).toBeLessThanOrEqual(4);
      for (const c of a.contracts) {
        expect(c.address).toMatch(/^0x[0-9a-f]{40}$/);
        const key = `${c.origin_key}:${c.address}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
      const addrs = a.contracts.map((c) => c.address);
      if (new Set(addrs).size < addrs.length) sharedAddresses++;
    }
    expect(categories.size).toBeGreaterThan(25);
    expect(sharedAddresses).toBeGreaterThan(5);
    const configs = dev.chainConfigs();
    // Mantle (the custom gas token chain) is an OP Stack chain like the one it imitates.
    expect(configs.map((c) => c.family).sort()).toEqual(['arbitrum', 'default', 'ethereum', 'op', 'op', 'op']);
    expect(new Set(configs.map((c) => c.evm_chain_id)).size).toBe(configs.length);
    for (const c of configs) {
      // The key of the built-in chain it imitates, with that chain's family and gas token.
      expect(c.family).toBe(builtinChain(c.origin_key)!.family);
      expect(c.gas_token).toBe(builtinChain(c.origin_key)!.gas_token);
      expect(c.description).toMatch(/^Simulated devnet data/);
      expect(c.rpc_urls).toEqual([dev.chains.find((x) => x.origin_key === c.origin_key)!.url]);
      expect(c.start).toEqual({ block: 0 });
      expect(DEVNET_APPS.filter((a) => a.contracts.some((x) => x.origin_key === c.origin_key)).length).toBeGreaterThan(20);
    }
    expect(configs.filter((c) => c.gas_token !== 'ethereum').map((c) => c.gas_token)).toEqual(['mantle']);
  });
});
