// Every metric definition the facts engine runs. Adding a metric = a file here + a line below.
// The fee table's `txcosts_median` and `throughput` read the facts of txcosts.ts and
// throughput.ts (same figures per hour); its other four metrics have their own files.
import type { MetricDefinition } from '../definition.js';
import { daa } from './daa.js';
import { fees } from './fees.js';
import { throughput } from './throughput.js';
import { tps } from './tps.js';
import { txcosts } from './txcosts.js';
import { txcostsAvg } from './txcosts-avg.js';
import { txcostsNativeMedian } from './txcosts-native-median.js';
import { txcostsSwap } from './txcosts-swap.js';
import { txcount } from './txcount.js';

export const DEFINITIONS: readonly MetricDefinition[] = [txcount, daa, fees, txcosts, throughput, txcostsNativeMedian, txcostsSwap, txcostsAvg, tps];
