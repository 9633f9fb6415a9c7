// Which metrics each configured chain will publish, and why a missing one is missing: every
// computed metric's declared requirements (`requires` in src/metrics/definitions) asked of the
// chain's resolved configuration (src/registry/chain-requirements.ts). Read by `check-config`;
// reads nothing but the configuration, so it needs no store and no network.
import { unmetRequirements, type RequirementContext } from '../registry/chain-requirements.js';
import { definitionId, type MetricDefinition } from './definition.js';
import { DEFINITIONS } from './definitions/index.js';

export interface MetricCoverage {
  table: MetricDefinition['table'];
  /** The metric id (fee-table and application metrics share ids with chain metrics: read with `table`). */
  metric: string;
  publishes: boolean;
  /** Why it does not publish, one sentence per unmet requirement; [] when it publishes. */
  reasons: string[];
}

export interface ChainCoverage {
  origin_key: string;
  metrics: MetricCoverage[];
}

export function chainCoverage(ctx: RequirementContext, defs: readonly MetricDefinition[] = DEFINITIONS): ChainCoverage[] {
  return ctx.chains.map((chain) => ({
    origin_key: chain.origin_key,
    metrics: defs.map((d) => {
      const reasons = d.status === 'computed' ? unmetRequirements(d.requires, chain, ctx) : ['not computed yet (planned)'];
      return { table: d.table, metric: definitionId(d), publishes: reasons.length === 0, reasons };
    }),
  }));
}
