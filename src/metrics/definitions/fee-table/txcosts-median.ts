// Fee table `txcosts_median`: the median fee per hour. Not a second aggregate: it publishes the
// hourly facts of the chain metric txcosts, whose declaration it imports.
import { feeColumns, type FeeMetric } from '../../definition.js';
import { eth, usd } from '../../units.js';
import { TXCOSTS_MEDIAN } from '../txcosts.js';

export const feeTxcostsMedian: FeeMetric = {
  table: 'fee',
  metric: 'txcosts_median',
  name: 'Median Fee',
  name_short: 'Median Fee',
  units: { usd: usd(4, false), eth: eth(8, false) },
  category: 'Fees',
  ...feeColumns(TXCOSTS_MEDIAN),
  priority: 1,
  invert_normalization: false,
  input: { kind: 'transactions', facts: [TXCOSTS_MEDIAN] },
  requires: ['fee_table'],
  dimension: 'chain',
  status: 'computed',
};
