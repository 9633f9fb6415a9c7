// METRICS.md section 1, per chain family, on hand-written blocks and receipts. Every expected
// number is worked out here from the fixture's hex values, not taken from the code's output.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeBlock, NormalizeError } from '../../src/ingest/normalize.js';
import type { RawBlock, RawReceipt } from '../../src/ingest/raw.js';
import type { ChainFamily } from '../../src/registry/types.js';

function fixture(name: string): { block: RawBlock; receipts: RawReceipt[] } {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}-block.json`, import.meta.url), 'utf8'));
}

function run(name: string, family: ChainFamily) {
  const f = fixture(name);
  return normalizeBlock({ origin_key: name, family }, f.block, f.receipts);
}

const GWEI = 1_000_000_000n;

describe('normalize: ethereum family', () => {
  const { block, txs } = run('ethereum', 'ethereum');

  it('reads the block header', () => {
    expect(block).toEqual({
      origin_key: 'ethereum',
      block_number: 16,
      block_hash: `0x${'0'.repeat(62)}aa`,
      parent_hash: `0x${'0'.repeat(62)}a9`,
      block_time: 1_700_000_000,
      gas_used: 250_000n,
      base_fee_wei: GWEI,
      tx_count: 3,
    });
  });

  it('a legacy native transfer: fee = 21000 × 2 gwei, empty input, lower-cased sender', () => {
    const t = txs[0];
    expect(t.tx_type).toBe(0);
    expect(t.nonce).toBe(7n);
    expect(t.from_address).toBe('0xabcdef0000000000000000000000000000000001');
    expect(t.to_address).toBe('0x0000000000000000000000000000000000000002');
    expect(t.input_empty).toBe(true);
    expect(t.selector).toBeNull();
    expect(t.value_wei).toBe(10n ** 18n);
    expect(t.gas_limit).toBe(21_000n);
    expect(t.gas_used).toBe(21_000n);
    expect(t.gas_price_wei).toBe(2n * GWEI);
    expect(t.fee_wei).toBe(21_000n * 2n * GWEI);
    expect(t.l1_fee_wei).toBe(0n);
    expect(t.status).toBe(1);
    expect(t.is_user_tx).toBe(true);
    expect(t.block_time).toBe(1_700_000_000);
    expect(t.tx_index).toBe(0);
  });

  it('a failed EIP-1559 call: the receipt effectiveGasPrice wins over the tx gasPrice; selector lower-cased', () => {
    const t = txs[1];
    expect(t.tx_type).toBe(2);
    expect(t.status).toBe(0);
    expect(t.selector).toBe('0xa9059cbb');
    expect(t.input_empty).toBe(false);
    expect(t.gas_price_wei).toBe(1_000_000_001n);
    expect(t.fee_wei).toBe(30_000n * 1_000_000_001n);
    expect(t.gas_limit).toBe(100_000n);
    expect(t.is_user_tx).toBe(true);
  });

  it('a contract creation: to null, created_contract from the receipt, short input kept as selector', () => {
    const t = txs[2];
    expect(t.to_address).toBeNull();
    expect(t.created_contract).toBe('0x00000000000000000000000000000000000000c0');
    expect(t.selector).toBe('0x6080');
    expect(t.fee_wei).toBe(125_000n * 1_000_000_001n);
  });

  it('default and zksync families compute the same as ethereum on plain receipts', () => {
    const d = run('ethereum', 'default');
    const z = run('ethereum', 'zksync');
    expect(d.txs.map((t) => t.fee_wei)).toEqual(txs.map((t) => t.fee_wei));
    expect(z.txs.map((t) => t.is_user_tx)).toEqual([true, true, true]);
  });
});

describe('normalize: EIP-4844 blob transactions (type 3)', () => {
  const { txs } = run('ethereum-blob', 'ethereum');

  it('keeps blobGasUsed and blobGasPrice and adds the blob fee to the fee', () => {
    const t = txs[0];
    expect(t.tx_type).toBe(3);
    expect(t.input_empty).toBe(true);
    expect(t.from_address).toBe('0x6887246668a3b87f54deb3b94ba47a6f63f32985');
    expect(t.blob_gas_used).toBe(393_216n); // 3 blobs × 131,072
    expect(t.blob_gas_price_wei).toBe(10n * GWEI);
    // 21,000 × 6 gwei execution + 393,216 × 10 gwei blob gas.
    expect(t.fee_wei).toBe(126_000n * GWEI + 3_932_160n * GWEI);
    expect(t.is_user_tx).toBe(true);
  });

  it('a receipt without blob fields has blob gas 0 and an unchanged fee', () => {
    const t = txs[1];
    expect(t.blob_gas_used).toBe(0n);
    expect(t.blob_gas_price_wei).toBe(0n);
    expect(t.fee_wei).toBe(126_000n * GWEI);
  });

  it('the blob fee is added on every family (a rollup that settles on another rollup)', () => {
    const op = run('ethereum-blob', 'op');
    expect(op.txs[0].fee_wei).toBe(txs[0].fee_wei);
  });

  it('a malformed blobGasPrice names the field', () => {
    const f = JSON.parse(JSON.stringify(fixture('ethereum-blob'))) as { block: RawBlock; receipts: RawReceipt[] };
    f.receipts[0].blobGasPrice = 'ten gwei';
    expect(() => normalizeBlock({ origin_key: 'ethereum', family: 'ethereum' }, f.block, f.receipts)).toThrow(/blobGasPrice/);
  });
});

describe('normalize: op family', () => {
  const { block, txs } = run('op', 'op');

  it('a deposit (type 0x7e) has gas price 0, fee 0 and is not a user transaction', () => {
    const t = txs[0];
    expect(t.tx_type).toBe(0x7e);
    expect(t.gas_used).toBe(36_119n);
    expect(t.gas_price_wei).toBe(0n);
    expect(t.l1_fee_wei).toBe(0n);
    expect(t.fee_wei).toBe(0n);
    expect(t.is_user_tx).toBe(false);
    expect(t.from_address).toBe('0xdeaddeaddeaddeaddeaddeaddeaddeaddead0001');
  });

  it('a user transfer pays gas_used × effectiveGasPrice + l1Fee', () => {
    const t = txs[1];
    expect(t.gas_price_wei).toBe(500n);
    expect(t.l1_fee_wei).toBe(10_000_000_000_000_000n);
    expect(t.fee_wei).toBe(21_000n * 500n + 10_000_000_000_000_000n);
    expect(t.is_user_tx).toBe(true);
    expect(t.nonce).toBe(42n);
    expect(block.base_fee_wei).toBe(250n);
  });
});

describe('normalize: arbitrum family', () => {
  const { txs } = run('arbitrum', 'arbitrum');

  it('an ArbOS internal tx (gasUsed 0) is not a user tx although its effectiveGasPrice is > 0', () => {
    const t = txs[0];
    expect(t.tx_type).toBe(0x6a);
    expect(t.gas_price_wei).toBe(10_000_000n);
    expect(t.fee_wei).toBe(0n);
    expect(t.is_user_tx).toBe(false);
  });

  it('fee = gas_used × gas price (gas_used already includes L1); l1_gas_used from gasUsedForL1', () => {
    const t = txs[1];
    expect(t.gas_used).toBe(100_000n);
    expect(t.l1_gas_used).toBe(25_000n);
    expect(t.l1_fee_wei).toBe(0n);
    expect(t.fee_wei).toBe(100_000n * 10_000_000n);
    expect(t.is_user_tx).toBe(true);
    expect(t.selector).toBe('0x12345678');
  });

  it('the same receipts under the op family would not read gasUsedForL1', () => {
    const asOp = run('arbitrum', 'op');
    expect(asOp.txs[1].l1_gas_used).toBe(0n);
    expect(asOp.txs[0].is_user_tx).toBe(true); // price > 0: the Arbitrum rule is what excludes it
  });
});

describe('normalize: scroll family', () => {
  const { block, txs } = run('scroll', 'scroll');

  it('falls back to the tx gasPrice without effectiveGasPrice and adds l1Fee; no base fee → null', () => {
    const t = txs[0];
    expect(t.gas_price_wei).toBe(10n * GWEI);
    expect(t.l1_fee_wei).toBe(1_000n);
    expect(t.fee_wei).toBe(21_000n * 10n * GWEI + 1_000n);
    expect(t.value_wei).toBe(100n);
    expect(block.base_fee_wei).toBeNull();
  });
});

describe('normalize: zksync family', () => {
  const { txs } = run('zksync', 'zksync');

  it('uses the refund-adjusted effectiveGasPrice of the receipt', () => {
    expect(txs[0].tx_type).toBe(0x71);
    expect(txs[0].gas_price_wei).toBe(25_000_000n);
    expect(txs[0].fee_wei).toBe(120_000n * 25_000_000n);
    expect(txs[0].is_user_tx).toBe(true);
  });

  it('a system tx with gas price 0 is not a user tx', () => {
    expect(txs[1].tx_type).toBe(0xff);
    expect(txs[1].fee_wei).toBe(0n);
    expect(txs[1].is_user_tx).toBe(false);
  });
});

describe('normalize: receipts that do not belong to the block are refused', () => {
  it('a missing receipt', () => {
    const f = fixture('ethereum');
    expect(() => normalizeBlock({ origin_key: 'x', family: 'ethereum' }, f.block, f.receipts.slice(1))).toThrow(/3 transactions but 2 receipts/);
  });

  it('receipts in another order', () => {
    const f = fixture('ethereum');
    const swapped = [f.receipts[1], f.receipts[0], f.receipts[2]];
    expect(() => normalizeBlock({ origin_key: 'x', family: 'ethereum' }, f.block, swapped)).toThrow(NormalizeError);
  });

  it('a receipt from another block (reorg between the two calls)', () => {
    const f = fixture('op');
    f.receipts[1].blockHash = `0x${'f'.repeat(64)}`;
    expect(() => normalizeBlock({ origin_key: 'x', family: 'op' }, f.block, f.receipts)).toThrow(/receipt 1 is from block/);
  });

  it('a malformed quantity names the field', () => {
    const f = fixture('scroll');
    f.receipts[0].gasUsed = '0xZZ';
    expect(() => normalizeBlock({ origin_key: 'x', family: 'scroll' }, f.block, f.receipts)).toThrow(/receipt gasUsed/);
  });

  it('an address of the wrong length', () => {
    const f = fixture('scroll');
    f.block.transactions[0].from = '0x1234';
    expect(() => normalizeBlock({ origin_key: 'x', family: 'scroll' }, f.block, f.receipts)).toThrow(/tx from/);
  });
});
