// Label import on OLI's real files (test/fixtures/oli, MIT): every row of a configured chain
// loads, and each kind of bad row is reported with file, row and what is wrong, then skipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLabelIssue, validateLabelRecords } from '../../../src/sources/labels/label-rows.js';
import { readOliRecords } from '../../../src/sources/labels/oli-records.js';
import { parseLabelSource } from '../../../src/sources/labels/label-sources.js';
import { mergeLabelBatches } from '../../../src/sources/labels/merge-labels.js';

const OLI = join(import.meta.dirname, '../../fixtures/oli');
const read = (f: string): string => readFileSync(join(OLI, f), 'utf8');
const CHAINS = [
  { origin_key: 'optimism', evm_chain_id: 10 },
  { origin_key: 'base', evm_chain_id: 8453 },
  { origin_key: 'arbitrum', evm_chain_id: 42161 },
];
const HEADER = 'address,chain_id,contract_name,owner_project,usage_category,source_code_verified';
const GOOD = '0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fad';

describe('OLI label files', () => {
  it('loads the Base top-100 JSON file: 100 rows, addresses lower case, verified unknown', () => {
    const { batch, issues } = parseLabelSource(read('labels_base_top100_2024-07-24.json'), 'labels_base.json', CHAINS);
    expect(issues).toEqual([]);
    expect(batch.rows).toHaveLength(100);
    expect(batch.rows[0]).toEqual({
      origin_key: 'base',
      address: GOOD,
      contract_name: 'Universal Router',
      owner_project: 'uniswap',
      usage_category: 'dex',
      verified: null,
    });
    expect(batch.rows.every((r) => r.address === r.address.toLowerCase())).toBe(true);
  });

  it('reports the OP Mainnet file\'s one row outside the OLI value set and loads the other 99', () => {
    const { batch, issues } = parseLabelSource(read('labels_optimism_top100_2024-07-24.json'), 'labels_optimism.json', CHAINS);
    expect(batch.rows).toHaveLength(99);
    expect(issues.map(formatLabelIssue)).toEqual(['labels_optimism.json row 45: usage_category "middleware" is not an OLI usage category; row skipped']);
    expect(batch.rows.some((r) => r.address === '0x64812f1212f6276068a0726f4695a6637da3e4f8')).toBe(false);
  });

  it('reads the CSV export with every OLI column; the verification flag and empty cells', () => {
    const { batch, issues } = parseLabelSource(read('example-labels.csv'), 'example-labels.csv', CHAINS);
    expect(issues).toEqual([]);
    expect(batch.rows).toEqual([
      { origin_key: 'optimism', address: '0x5c58560c113c97534358a619648fb205c0b7377e', contract_name: 'mirror', owner_project: 'mirror', usage_category: 'non_fungible_tokens', verified: null },
      { origin_key: 'arbitrum', address: '0x5c5cb7d5757bfc1e9e9cefffa58da6392dd8312a', contract_name: null, owner_project: null, usage_category: 'fungible_tokens', verified: null },
    ]);
  });

  it('without the chain configured, every row of that chain is reported as an unknown chain', () => {
    const { batch, issues } = parseLabelSource(read('example-labels.csv'), 'example-labels.csv', [{ origin_key: 'optimism', evm_chain_id: 10 }]);
    expect(batch.rows).toHaveLength(1);
    expect(issues.map(formatLabelIssue)).toEqual(['example-labels.csv:3 (row 2): chain_id eip155:42161 is not a configured chain (configured: eip155:10 (optimism)); row skipped']);
  });
});

describe('every kind of bad row, with its message', () => {
  const csv = [
    HEADER,
    `${GOOD},eip155:8453,"Router, v2",uniswap,dex,true`, // row 1: good, a quoted comma
    `0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fa,eip155:8453,X,uniswap,dex,`, // row 2: 39 digits
    `0xZZc91a3afd70395cd496c647d5a6cc9d4b2b7fad,eip155:8453,X,uniswap,dex,`, // row 3: not hex
    `,eip155:8453,X,uniswap,dex,`, // row 4: no address
    `${GOOD},eip155:1,X,uniswap,dex,`, // row 5: chain not configured
    `${GOOD},8453,X,uniswap,dex,`, // row 6: not CAIP-2
    `${GOOD},,X,uniswap,dex,`, // row 7: no chain
    `${GOOD},eip155:10,X,uniswap,dexx,`, // row 8: category typo
    `${GOOD},eip155:10,X,uniswap,native_transfer,`, // row 9: synthetic, not an OLI category
    `0x1,eip155:99,X,uniswap,nope,`, // row 10: three problems at once
    `0x4200000000000000000000000000000000000006,eip155:10,WETH,op,fungible_tokens,maybe`, // row 11: loads, flag unknown
    `0x4200000000000000000000000000000000000007,eip155:10,,,,FALSE`, // row 12: good, verified false
  ].join('\n');

  it('reports file, row (and line) and what is wrong; the good rows load', () => {
    const { rows, issues } = validateLabelRecords(readOliRecords(csv), 'bad.csv', CHAINS);
    expect(issues.map(formatLabelIssue)).toEqual([
      'bad.csv:3 (row 2): address "0x3fc91a3afd70395cd496c647d5a6cc9d4b2b7fa" is not 0x followed by 40 hex digits; row skipped',
      'bad.csv:4 (row 3): address "0xZZc91a3afd70395cd496c647d5a6cc9d4b2b7fad" is not 0x followed by 40 hex digits; row skipped',
      'bad.csv:5 (row 4): address is missing; row skipped',
      'bad.csv:6 (row 5): chain_id eip155:1 is not a configured chain (configured: eip155:10 (optimism), eip155:8453 (base), eip155:42161 (arbitrum)); row skipped',
      'bad.csv:7 (row 6): chain_id "8453" is not eip155:<chain id>; row skipped',
      'bad.csv:8 (row 7): chain_id is missing; row skipped',
      'bad.csv:9 (row 8): usage_category "dexx" is not an OLI usage category (did you mean dex?); row skipped',
      'bad.csv:10 (row 9): usage_category "native_transfer" is not an OLI usage category; row skipped',
      'bad.csv:11 (row 10): address "0x1" is not 0x followed by 40 hex digits; chain_id eip155:99 is not a configured chain (configured: eip155:10 (optimism), eip155:8453 (base), eip155:42161 (arbitrum)); usage_category "nope" is not an OLI usage category; row skipped',
      'bad.csv:12 (row 11): verification flag "maybe" is not true or false; loaded as unknown',
    ]);
    expect(rows).toEqual([
      { origin_key: 'base', address: GOOD, contract_name: 'Router, v2', owner_project: 'uniswap', usage_category: 'dex', verified: true },
      { origin_key: 'optimism', address: '0x4200000000000000000000000000000000000006', contract_name: 'WETH', owner_project: 'op', usage_category: 'fungible_tokens', verified: null },
      { origin_key: 'optimism', address: '0x4200000000000000000000000000000000000007', contract_name: null, owner_project: null, usage_category: null, verified: false },
    ]);
  });

  it('JSON: an element that is not an object, and the is_contract_verified flag', () => {
    const json = JSON.stringify([
      { address: GOOD, chain_id: 'eip155:8453', contract_name: 'R', owner_project: 'uniswap', usage_category: 'dex', is_contract_verified: true },
      'oops',
      { address: GOOD, chain_id: 'eip155:10', usage_category: 'DEX' },
    ]);
    const { batch, issues } = parseLabelSource(json, 'l.json', CHAINS);
    expect(batch.rows).toEqual([{ origin_key: 'base', address: GOOD, contract_name: 'R', owner_project: 'uniswap', usage_category: 'dex', verified: true }]);
    expect(issues.map(formatLabelIssue)).toEqual([
      'l.json row 2: expected an object with address and chain_id; found "oops"; row skipped',
      'l.json row 3: usage_category "DEX" is not an OLI usage category (did you mean dex?); row skipped',
    ]);
  });

  it('a fully quoted CSV export: BOM, CRLF, a quoted comma, a trailing newline; rows and lines as in the file', () => {
    const q = (cells: string[]): string => cells.map((c) => `"${c}"`).join(',');
    const text = `\uFEFF${q(HEADER.split(','))}\r\n${q([GOOD, 'eip155:8453', 'Router, v2', 'uniswap', 'dex', 'true'])}\r\n${q(['0x1', 'eip155:10', 'X', 'op', 'dex', ''])}\r\n`;
    const { batch, issues } = parseLabelSource(text, 'quoted.csv', CHAINS);
    expect(batch.rows).toEqual([{ origin_key: 'base', address: GOOD, contract_name: 'Router, v2', owner_project: 'uniswap', usage_category: 'dex', verified: true }]);
    expect(issues.map(formatLabelIssue)).toEqual(['quoted.csv:3 (row 2): address "0x1" is not 0x followed by 40 hex digits; row skipped']);
  });

  it('a file that is not a label file at all is rejected as a whole', () => {
    expect(() => parseLabelSource('date,asset,usd\n2024-01-01,ethereum,3000\n', 'prices.csv', CHAINS)).toThrow(/must name the columns address and chain_id/);
    expect(() => parseLabelSource('[{"address": ', 'broken.json', CHAINS)).toThrow(/not valid JSON/);
    expect(() => parseLabelSource('{"rows": 1}', 'obj.json', CHAINS)).toThrow(/expected a JSON array/);
    expect(() => parseLabelSource(`${HEADER}\n${GOOD},eip155:10,"Pool,op,dex,\n`, 'open.csv', CHAINS)).toThrow('not valid CSV: line 2: a quoted field is never closed');
  });
});

describe('several sources', () => {
  it('a later row for the same contract replaces the earlier one and says so; identical rows are quiet', () => {
    const a = parseLabelSource(`${HEADER}\n${GOOD},eip155:8453,R,uniswap,dex,\n0x4200000000000000000000000000000000000006,eip155:10,W,op,fungible_tokens,`, 'a.csv', CHAINS).batch;
    const b = parseLabelSource(`${HEADER}\n0x4200000000000000000000000000000000000006,eip155:10,W,op,fungible_tokens,\n${GOOD.toUpperCase().replace('0X', '0x')},eip155:8453,R,other,dex,`, 'b.csv', CHAINS).batch;
    const merged = mergeLabelBatches([a, b]);
    expect(merged.rows.map((r) => [r.origin_key, r.address, r.owner_project])).toEqual([
      ['optimism', '0x4200000000000000000000000000000000000006', 'op'],
      ['base', GOOD, 'other'],
    ]);
    expect(merged.issues.map(formatLabelIssue)).toEqual([
      `b.csv row 2: ${GOOD} on base was labeled before (a.csv row 1: owner_project uniswap, usage_category dex); this row (owner_project other, usage_category dex) replaces it`,
    ]);
  });
});

describe('the usage categories a label may name', () => {
  it('are exactly the category_ids of OLI\'s usage_category.yml', async () => {
    const { OLI_USAGE_CATEGORIES } = await import('../../../src/sources/labels/usage-categories.js');
    const ids = [...read('usage_category.yml').matchAll(/category_id:\s*(\S+)/g)].map((m) => m[1]);
    expect([...OLI_USAGE_CATEGORIES].sort()).toEqual([...ids].sort());
  });
});
