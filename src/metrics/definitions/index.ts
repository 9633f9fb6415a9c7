// Every metric, one file each. Adding a metric = a file here + a line below. The order is the
// published order: chain metrics as master.json lists them, then the fee-table metrics, then
// the application metrics (master.json `app_metrics`, computed per contract).
import type { MetricDefinition } from '../definition.js';
import { appRevenue } from './app-revenue.js';
import { appDaa } from './app/daa.js';
import { appGasFees } from './app/gas-fees.js';
import { appMarketCap } from './app/market-cap.js';
import { appSuccessRate } from './app/success-rate.js';
import { appTokenPrice } from './app/token-price.js';
import { appTokenVolume } from './app/token-volume.js';
import { appTxcount } from './app/txcount.js';
import { daa } from './daa.js';
import { fdv } from './fdv.js';
import { feeThroughput } from './fee-table/throughput.js';
import { tps } from './fee-table/tps.js';
import { txcostsAvg } from './fee-table/txcosts-avg.js';
import { feeTxcostsMedian } from './fee-table/txcosts-median.js';
import { txcostsNativeMedian } from './fee-table/txcosts-native-median.js';
import { txcostsSwap } from './fee-table/txcosts-swap.js';
import { fees } from './fees.js';
import { marketCap } from './market-cap.js';
import { profit } from './profit.js';
import { rentPaid } from './rent-paid.js';
import { stablesMcap } from './stables-mcap.js';
import { throughput } from './throughput.js';
import { tvl } from './tvl.js';
import { txcosts } from './txcosts.js';
import { txcount } from './txcount.js';

export const DEFINITIONS: readonly MetricDefinition[] = [
  txcount,
  daa,
  fees,
  txcosts,
  throughput,
  stablesMcap,
  rentPaid,
  profit,
  marketCap,
  fdv,
  tvl,
  appRevenue,
  feeTxcostsMedian,
  txcostsNativeMedian,
  txcostsSwap,
  txcostsAvg,
  feeThroughput,
  tps,
  appTxcount,
  appDaa,
  appGasFees,
  appSuccessRate,
  appMarketCap,
  appTokenPrice,
  appTokenVolume,
];
