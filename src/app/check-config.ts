// `check-config`'s report on a valid configuration: the resolved chains, and which metrics each
// will publish with the reason a missing one is missing (src/metrics/chain-coverage.ts), as a
// terminal table or as JSON. It reads the configuration only: no store, no RPC, no network.
import type { AppConfig } from '../registry/app-config.js';
import { alignedText } from '../registry/text-table.js';
import { chainCoverage, type MetricCoverage } from '../metrics/chain-coverage.js';

export interface CheckedChain {
  origin_key: string;
  family: string;
  evm_chain_id: number;
  rpc_urls: number;
  /** Every metric in published order: chain metrics, then the fee table's, then the applications'. */
  metrics: MetricCoverage[];
}

/** What `check-config --json` prints. */
export interface CheckConfigReport {
  file: string;
  valid: true;
  chains: CheckedChain[];
}

export function checkConfigReport(file: string, config: AppConfig): CheckConfigReport {
  const coverage = chainCoverage(config);
  return {
    file,
    valid: true,
    chains: config.chains.map((c, i) => ({ origin_key: c.origin_key, family: c.family, evm_chain_id: c.evm_chain_id, rpc_urls: c.rpc_urls.length, metrics: coverage[i].metrics })),
  };
}

/** The fee-table and application metrics' row names: a group of them, or one of them. */
const GROUPS = { fee: { all: 'fee table', one: 'fee table' }, app: { all: 'apps', one: 'app' } } as const;

/**
 * A chain's rows: one per chain metric; the fee-table and application metrics as one row each
 * when they share an answer (one flag decides them), else one row per metric.
 */
function rows(chain: CheckedChain): string[][] {
  const row = (name: string, m: Pick<MetricCoverage, 'publishes' | 'reasons'>) => [chain.origin_key, name, m.publishes ? 'yes' : 'no', m.reasons.join('; ')];
  const out = chain.metrics.filter((m) => m.table === 'chain').map((m) => row(m.metric, m));
  for (const table of ['fee', 'app'] as const) {
    const ms = chain.metrics.filter((m) => m.table === table);
    if (ms.length === 0) continue;
    const same = ms.every((m) => m.publishes === ms[0].publishes && m.reasons.join() === ms[0].reasons.join());
    if (same) out.push(row(`${GROUPS[table].all} (${ms.length} metrics)`, ms[0]));
    else out.push(...ms.map((m) => row(`${GROUPS[table].one} ${m.metric}`, m)));
  }
  return out;
}

export function checkConfigText(report: CheckConfigReport): string {
  const chains = report.chains.map((c) => `  ${c.origin_key.padEnd(16)} ${c.family.padEnd(9)} chain id ${String(c.evm_chain_id).padEnd(9)} ${c.rpc_urls} rpc url(s)`);
  const table = alignedText([['chain', 'metric', 'publishes', 'why not'], ...report.chains.flatMap(rows)]);
  return [`${report.file}: valid. ${report.chains.length} chains:`, ...chains, '', 'Metrics each chain will publish:', table, ''].join('\n');
}
