// Fee table `throughput`: gas per second of the hour in Mgas/s. It publishes the hourly facts
// of the chain metric throughput, whose declaration it imports (Arbitrum's L1 gas excluded).
import { feeColumns, type FeeMetric } from '../../definition.js';
import { mgasPerSecond } from '../../units.js';
import { GAS_PER_SECOND } from '../throughput.js';

export const feeThroughput: FeeMetric = {
  table: 'fee',
  metric: 'throughput',
  name: 'Throughput',
  name_short: 'Throughput',
  units: { value: mgasPerSecond },
  category: 'Activity',
  ...feeColumns(GAS_PER_SECOND, 1e6),
  priority: 5,
  invert_normalization: true,
  input: { kind: 'transactions', facts: [GAS_PER_SECOND] },
  requires: ['fee_table'],
  dimension: 'chain',
  status: 'computed',
};
