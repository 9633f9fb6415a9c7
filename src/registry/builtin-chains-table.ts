// The built-in chains as a Markdown table: pasted into docs/configuration.md (a test keeps the
// two identical) and printable by a CLI command, so operators see the same list the code uses.
import { BUILTIN_CHAINS } from './builtin-chains.js';
import type { ChainStart } from './types.js';

const startText = (s: ChainStart) => ('block' in s ? `block ${s.block}` : s.date);

export function builtinChainsMarkdown(): string {
  const header = [
    '| origin_key | name | evm_chain_id | family | gas_token (symbol) | type | bucket | finality_lag | default start | stablecoins |',
    '|---|---|---:|---|---|---|---|---:|---|---|',
  ];
  const rows = BUILTIN_CHAINS.map((c) =>
    [
      `\`${c.origin_key}\``,
      c.name,
      String(c.evm_chain_id),
      c.family,
      `${c.gas_token} (${c.symbol})`,
      c.chain_type,
      c.bucket,
      String(c.finality_lag),
      startText(c.start),
      c.stablecoins.map((s) => s.symbol).join(', ') || '–',
    ].join(' | '),
  ).map((r) => `| ${r} |`);
  return [...header, ...rows].join('\n');
}
