import { getContractAddress, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { startDevnet, type Devnet, type DevnetChainInfo } from '../../src/devnet/index.js';
import { blocksWithReceipts, call, hex, TEST_NOW_MS } from './helpers.js';

const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/;
const HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;
const DATA = /^0x([0-9a-f]{2})*$/;
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** Whether the 3 bloom bits of an item are set (yellow paper M3:2048, written independently). */
function inBloom(bloomHex: string, item: string): boolean {
  const h = keccak256(item as `0x${string}`);
  const bloom = Buffer.from(bloomHex.slice(2), 'hex');
  for (let i = 0; i < 3; i++) {
    const bit = parseInt(h.slice(2 + 4 * i, 6 + 4 * i), 16) & 2047;
    if ((bloom[255 - (bit >> 3)] & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}

describe('devnet JSON-RPC shapes', () => {
  let dev: Devnet;
  const data = new Map<string, Array<{ block: any; receipts: any[] }>>();
  const chain = (k: string): DevnetChainInfo => dev.chains.find((c) => c.origin_key === k)!;

  beforeAll(async () => {
    dev = await startDevnet({ seed: 3, clock: new FixedClock(TEST_NOW_MS), historyDays: 3, txPerDay: 1500 });
    for (const c of dev.chains) {
      // 60 history blocks plus the first live blocks.
      const live = dev.blockAt(c.origin_key, dev.liveSince);
      data.set(c.origin_key, [...(await blocksWithReceipts(c.url, 400, 459)), ...(await blocksWithReceipts(c.url, live - 1, live + 5))]);
    }
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('answers eth_chainId, net_version and eth_blockNumber per chain', async () => {
    const ids = new Set<number>();
    for (const c of dev.chains) {
      expect(await call(c.url, 'eth_chainId')).toBe(hex(c.evm_chain_id));
      expect(await call(c.url, 'net_version')).toBe(String(c.evm_chain_id));
      expect(await call(c.url, 'eth_blockNumber')).toBe(hex(dev.head(c.origin_key)));
      expect(await call(c.url, 'web3_clientVersion')).toMatch(/^chainlytics-devnet\//);
      ids.add(c.evm_chain_id);
    }
    expect(ids.size).toBe(dev.chains.length);
  });

  it('writes blocks and transactions as a node does: hex quantities, lower-case hashes and addresses, linked parents', () => {
    for (const [k, blocks] of data) {
      for (let i = 0; i < blocks.length; i++) {
        const { block } = blocks[i];
        for (const f of ['number', 'timestamp', 'gasUsed', 'gasLimit', 'baseFeePerGas', 'size', 'difficulty']) expect(block[f], `${k} ${f}`).toMatch(QUANTITY);
        for (const f of ['hash', 'parentHash', 'stateRoot', 'transactionsRoot', 'receiptsRoot', 'mixHash', 'sha3Uncles']) expect(block[f], `${k} ${f}`).toMatch(HASH);
        expect(block.miner).toMatch(ADDRESS);
        expect(block.logsBloom).toMatch(/^0x[0-9a-f]{512}$/);
        expect(Number(block.timestamp)).toBe(dev.blockTime(k, Number(block.number)));
        if (i > 0 && Number(blocks[i - 1].block.number) === Number(block.number) - 1) expect(block.parentHash).toBe(blocks[i - 1].block.hash);
        let gas = 0;
        block.transactions.forEach((tx: any, idx: number) => {
          expect(tx.blockHash).toBe(block.hash);
          expect(tx.blockNumber).toBe(block.number);
          expect(tx.transactionIndex).toBe(hex(idx));
          expect(tx.hash).toMatch(HASH);
          expect(tx.from).toMatch(ADDRESS);
          if (tx.to !== null) expect(tx.to).toMatch(ADDRESS);
          expect(tx.input).toMatch(DATA);
          for (const f of ['gas', 'gasPrice', 'nonce', 'value', 'type']) expect(tx[f], `${k} tx.${f}`).toMatch(QUANTITY);
        });
        const receipts = blocks[i].receipts;
        expect(receipts.length).toBe(block.transactions.length);
        receipts.forEach((r: any, idx: number) => {
          const tx = block.transactions[idx];
          expect(r.transactionHash).toBe(tx.hash);
          expect(r.blockHash).toBe(block.hash);
          expect(r.from).toBe(tx.from);
          expect(r.to).toBe(tx.to);
          expect(r.type).toBe(tx.type);
          expect(['0x0', '0x1']).toContain(r.status);
          for (const f of ['gasUsed', 'cumulativeGasUsed', 'effectiveGasPrice']) expect(r[f]).toMatch(QUANTITY);
          expect(Number(r.gasUsed)).toBeLessThanOrEqual(Number(tx.gas) || Number(r.gasUsed));
          gas += Number(r.gasUsed);
          expect(Number(r.cumulativeGasUsed)).toBe(gas);
        });
        expect(Number(block.gasUsed)).toBe(gas);
      }
    }
  });

  it('prices EIP-1559 and legacy transactions consistently with the base fee', () => {
    let type2 = 0;
    let legacy = 0;
    for (const k of ['ethereum', 'optimism', 'base', 'linea', 'mantle']) {
      for (const { block, receipts } of data.get(k)!) {
        const base = BigInt(block.baseFeePerGas);
        block.transactions.forEach((tx: any, i: number) => {
          const eff = BigInt(receipts[i].effectiveGasPrice);
          if (tx.type === '0x2') {
            type2++;
            const tip = BigInt(tx.maxPriorityFeePerGas);
            const cap = BigInt(tx.maxFeePerGas);
            expect(eff).toBe(base + (tip < cap - base ? tip : cap - base));
            expect(tx.gasPrice).toBe(receipts[i].effectiveGasPrice);
            expect(tx.yParity).toBe(tx.v);
          } else if (tx.type === '0x0') {
            legacy++;
            expect(eff).toBe(BigInt(tx.gasPrice));
            expect(eff >= base).toBe(true);
            // EIP-155: v = chainId * 2 + 35 + parity
            expect(Number(tx.v) - 35 - 2 * chain(k).evm_chain_id).toBeGreaterThanOrEqual(0);
          }
        });
      }
    }
    expect(type2).toBeGreaterThan(50);
    expect(legacy).toBeGreaterThan(5);
  });

  it('starts every OP block with a 0x7e deposit without gas price, and gives other receipts l1Fee', () => {
    // mantle: the OP Stack chain with a custom gas token.
    for (const k of ['optimism', 'base', 'mantle']) {
      expect(chain(k).family).toBe('op');
      let withL1 = 0;
      for (const { block, receipts } of data.get(k)!) {
        if (Number(block.number) === 0) continue;
        const first = block.transactions[0];
        expect(first.type).toBe('0x7e');
        expect(first.from).toBe('0xdeaddeaddeaddeaddeaddeaddeaddeaddead0001');
        expect(first.gasPrice).toBe('0x0');
        expect(receipts[0].effectiveGasPrice).toBe('0x0');
        expect(receipts[0].l1Fee).toBeUndefined();
        block.transactions.forEach((tx: any, i: number) => {
          if (tx.type === '0x7e') {
            expect(receipts[i].effectiveGasPrice).toBe('0x0');
            return;
          }
          const r = receipts[i];
          expect(r.l1Fee).toMatch(QUANTITY);
          expect(r.l1GasPrice).toMatch(QUANTITY);
          expect(r.l1GasUsed).toMatch(QUANTITY);
          expect(BigInt(r.l1Fee) > 0n).toBe(true);
          withL1++;
        });
      }
      expect(withL1).toBeGreaterThan(20);
    }
  });

  it('starts every Arbitrum block with a gas-free 0x6a internal tx and reports gasUsedForL1 inside gasUsed', () => {
    const k = 'arbitrum';
    expect(chain(k).family).toBe('arbitrum');
    let users = 0;
    for (const { block, receipts } of data.get(k)!) {
      const first = block.transactions[0];
      expect(first.type).toBe('0x6a');
      expect(first.gasPrice).toBe('0x0');
      expect(receipts[0].gasUsed).toBe('0x0');
      block.transactions.forEach((_tx: any, i: number) => {
        const r = receipts[i];
        expect(r.gasUsedForL1).toMatch(QUANTITY);
        expect(Number(r.gasUsedForL1)).toBeLessThanOrEqual(Number(r.gasUsed));
        if (i > 0) {
          users++;
          expect(Number(r.gasUsed)).toBeGreaterThan(0);
          expect(r.effectiveGasPrice).toBe(block.baseFeePerGas); // Arbitrum charges the base fee
          expect(Number(r.gasUsedForL1)).toBeGreaterThan(0);
        }
      });
    }
    expect(users).toBeGreaterThan(20);
  });

  it('keeps family-specific receipt fields off the other chains and runs one chain on a non-ETH gas token', () => {
    for (const k of ['ethereum', 'linea']) {
      for (const { receipts } of data.get(k)!) for (const r of receipts) expect(r.l1Fee === undefined && r.gasUsedForL1 === undefined).toBe(true);
    }
    const custom = dev.chains.filter((c) => c.gas_token !== 'ethereum');
    expect(custom.length).toBe(1);
    expect(custom[0].symbol).not.toBe('ETH');
  });

  it('puts the CREATE address in contract-deployment receipts and indexes logs across the block', () => {
    let deployments = 0;
    let transfers = 0;
    for (const blocks of data.values()) {
      for (const { block, receipts } of blocks) {
        let logIndex = 0;
        block.transactions.forEach((tx: any, i: number) => {
          const r = receipts[i];
          if (tx.to === null) {
            deployments++;
            expect(r.contractAddress).toBe(getContractAddress({ from: tx.from, nonce: BigInt(tx.nonce) }).toLowerCase());
          } else expect(r.contractAddress).toBeNull();
          for (const log of r.logs) {
            expect(log.logIndex).toBe(hex(logIndex++));
            expect(log.transactionHash).toBe(tx.hash);
            expect(inBloom(r.logsBloom, log.address)).toBe(true);
            expect(inBloom(block.logsBloom, log.address)).toBe(true);
            for (const t of log.topics) expect(inBloom(r.logsBloom, t)).toBe(true);
            if (log.topics[0] === TRANSFER) transfers++;
          }
          if (r.status === '0x0') expect(r.logs).toEqual([]);
        });
      }
    }
    expect(deployments).toBeGreaterThan(0);
    expect(transfers).toBeGreaterThan(50);
  });

  it('finds any historical transaction, receipt and block by hash', async () => {
    for (const c of dev.chains) {
      const blocks = data.get(c.origin_key)!;
      const samples = blocks.filter((b) => b.block.transactions.length > 1).slice(0, 3);
      expect(samples.length).toBeGreaterThan(0);
      for (const { block, receipts } of samples) {
        const i = block.transactions.length - 1;
        const tx = block.transactions[i];
        expect(await call(c.url, 'eth_getTransactionReceipt', [tx.hash])).toEqual(receipts[i]);
        expect(await call(c.url, 'eth_getTransactionByHash', [tx.hash])).toEqual(tx);
        expect(await call(c.url, 'eth_getBlockByHash', [block.hash, true])).toEqual(block);
        expect(await call(c.url, 'eth_getBlockReceipts', [block.hash])).toEqual(receipts);
        // A hash that was never a transaction here: flip one byte.
        const forged = `${tx.hash.slice(0, 10)}${tx.hash[10] === '0' ? '1' : '0'}${tx.hash.slice(11)}`;
        expect(await call(c.url, 'eth_getTransactionReceipt', [forged])).toBeNull();
      }
    }
  });

  it('answers totalSupply, decimals and symbol of the configured stablecoins with eth_call', async () => {
    for (const cfg of dev.chainConfigs()) {
      expect(cfg.stablecoins.length).toBeGreaterThan(0);
      const url = cfg.rpc_urls[0];
      for (const coin of cfg.stablecoins) {
        const latest = await call(url, 'eth_call', [{ to: coin.address, data: '0x18160ddd' }, 'latest']);
        expect(latest).toMatch(/^0x[0-9a-f]{64}$/);
        const supply = BigInt(latest);
        expect(supply).toBeGreaterThan(10n ** BigInt(coin.decimals + 6)); // millions of dollars
        const old = BigInt(await call(url, 'eth_call', [{ to: coin.address, data: '0x18160ddd' }, hex(100)]));
        expect(old).not.toBe(supply);
        expect(BigInt(await call(url, 'eth_call', [{ to: coin.address, data: '0x18160ddd' }, hex(100)]))).toBe(old);
        expect(BigInt(await call(url, 'eth_call', [{ to: coin.address, data: '0x313ce567' }]))).toBe(BigInt(coin.decimals));
        const sym = await call(url, 'eth_call', [{ to: coin.address, data: '0x95d89b41' }]);
        expect(Buffer.from(sym.slice(130), 'hex').toString('utf8').replace(/\0+$/, '')).toBe(coin.symbol);
      }
      expect(await call(url, 'eth_call', [{ to: '0x1111111111111111111111111111111111111111', data: '0x18160ddd' }])).toBe('0x');
    }
  });
});
