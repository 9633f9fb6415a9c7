// The built-in chains as a table: as Markdown, pasted into docs/configuration.md (a test keeps the
// two identical), and as plain aligned text or JSON for `chainlytics chains`, so operators see the
// same list the code uses. One list of columns feeds all three.
import { BUILTIN_CHAINS } from './builtin-chains.js';
import { alignedText } from './text-table.js';
import type { ChainStart } from './types.js';

/** One built-in chain as `chains --json` prints it: the table's columns, keys as in the config file. */
export interface BuiltinChainSummary {
  origin_key: string;
  name: string;
  evm_chain_id: number;
  family: string;
  gas_token: string;
  symbol: string;
  chain_type: string;
  bucket: string;
  finality_lag: number;
  start: ChainStart;
  stablecoins: string[];
  /** How many batch poster and proposer addresses rent_paid reads (builtin-settlement-addresses.ts). */
  settlement_addresses: number;
  /** The chain token's market-data id (market_cap, fdv), or null. */
  market_data_id: string | null;
}

const startText = (s: ChainStart) => ('block' in s ? `block ${s.block}` : s.date);

export function builtinChainsSummary(): BuiltinChainSummary[] {
  return BUILTIN_CHAINS.map((c) => ({
    origin_key: c.origin_key,
    name: c.name,
    evm_chain_id: c.evm_chain_id,
    family: c.family,
    gas_token: c.gas_token,
    symbol: c.symbol,
    chain_type: c.chain_type,
    bucket: c.bucket,
    finality_lag: c.finality_lag,
    start: c.start,
    stablecoins: c.stablecoins.map((s) => s.symbol),
    settlement_addresses: c.settlement_addresses.length,
    market_data_id: c.token?.market_data_id ?? null,
  }));
}

const HEADER = ['origin_key', 'name', 'evm_chain_id', 'family', 'gas_token (symbol)', 'type', 'bucket', 'finality_lag', 'default start', 'stablecoins', 'batch posters', 'token'];
/** Columns aligned right (numbers), by index in HEADER. */
const NUMERIC = new Set([2, 7, 10]);

function cells(c: BuiltinChainSummary): string[] {
  return [
    c.origin_key,
    c.name,
    String(c.evm_chain_id),
    c.family,
    `${c.gas_token} (${c.symbol})`,
    c.chain_type,
    c.bucket,
    String(c.finality_lag),
    startText(c.start),
    c.stablecoins.join(', ') || '–',
    String(c.settlement_addresses),
    c.market_data_id ?? '–',
  ];
}

export function builtinChainsMarkdown(): string {
  const align = `|${HEADER.map((_, i) => (NUMERIC.has(i) ? '---:' : '---')).join('|')}|`;
  const rows = builtinChainsSummary().map((c) => `| ${cells(c).map((v, i) => (i === 0 ? `\`${v}\`` : v)).join(' | ')} |`);
  return [`| ${HEADER.join(' | ')} |`, align, ...rows].join('\n');
}

/** Columns padded to their widest cell, two spaces apart, numbers right-aligned; no trailing spaces. */
export function builtinChainsText(): string {
  return alignedText([HEADER, ...builtinChainsSummary().map(cells)], NUMERIC);
}
