// The label resolution rule of METRICS.md section 4, on rows taken from OLI's real Base and
// OP Mainnet files: the chain's own label, else the other chains' labels when they all agree.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLabelSource } from '../../../src/sources/labels/label-sources.js';
import { resolveLabels } from '../../../src/sources/labels/resolve.js';
import type { LabelRow } from '../../../src/store/labels.js';

const OLI = join(import.meta.dirname, '../../fixtures/oli');
const CHAINS = [
  { origin_key: 'optimism', evm_chain_id: 10 },
  { origin_key: 'base', evm_chain_id: 8453 },
];
const rows: LabelRow[] = ['labels_base_top100_2024-07-24.json', 'labels_optimism_top100_2024-07-24.json'].flatMap(
  (f) => parseLabelSource(readFileSync(join(OLI, f), 'utf8'), f, CHAINS).batch.rows,
);
// 1inch's router: labeled 1-inch / dex on both chains (they agree).
const ONEINCH = '0x1111111254EEB25477B68fb85Ed929f73A960582';
// WETH predeploy: base-org on Base, op on OP Mainnet (they disagree).
const WETH = '0x4200000000000000000000000000000000000006';
// debridge: bridge on Base, dex on OP Mainnet (same project, different category: disagree).
const DEBRIDGE = '0xE7351Fd770A37282b91D153Ee690B63579D6dd7f';

describe('resolveLabels', () => {
  it('a contract\'s own chain label wins over other chains', () => {
    const [base, op] = resolveLabels(rows, [
      { origin_key: 'base', address: WETH },
      { origin_key: 'optimism', address: WETH },
    ]);
    expect(base).toMatchObject({ origin_key: 'base', address: WETH.toLowerCase(), owner_project: 'base-org', via: 'chain' });
    expect(op).toMatchObject({ origin_key: 'optimism', owner_project: 'op', via: 'chain' });
  });

  it('on a chain without its own label: the other chains\' label when all agree', () => {
    expect(resolveLabels(rows, [{ origin_key: 'arbitrum', address: ONEINCH }])).toEqual([
      { origin_key: 'arbitrum', address: ONEINCH.toLowerCase(), contract_name: 'AggregationRouterV5', owner_project: '1-inch', usage_category: 'dex', verified: null, via: 'cross_chain' },
    ]);
  });

  it('no label when the other chains disagree on the project or on the category', () => {
    expect(resolveLabels(rows, [{ origin_key: 'arbitrum', address: WETH }])).toEqual([]);
    expect(resolveLabels(rows, [{ origin_key: 'arbitrum', address: DEBRIDGE }])).toEqual([]);
  });

  it('names that differ give no name; the verification flag is never carried to another chain', () => {
    const a = '0x00000000000000000000000000000000000000aa';
    const labels: LabelRow[] = [
      { origin_key: 'base', address: a, contract_name: 'Pool', owner_project: 'p', usage_category: 'dex', verified: true },
      { origin_key: 'optimism', address: a, contract_name: 'PoolV2', owner_project: 'p', usage_category: 'dex', verified: true },
    ];
    expect(resolveLabels(labels, [{ origin_key: 'zora', address: a.toUpperCase().replace('0X', '0x') }])).toEqual([
      { origin_key: 'zora', address: a, contract_name: null, owner_project: 'p', usage_category: 'dex', verified: null, via: 'cross_chain' },
    ]);
  });

  it('a contract nobody labeled has no entry; the order of contracts is kept', () => {
    const out = resolveLabels(rows, [
      { origin_key: 'optimism', address: ONEINCH },
      { origin_key: 'base', address: '0x000000000000000000000000000000000000dead' },
      { origin_key: 'base', address: ONEINCH },
    ]);
    expect(out.map((r) => [r.origin_key, r.via])).toEqual([
      ['optimism', 'chain'],
      ['base', 'chain'],
    ]);
  });
});
