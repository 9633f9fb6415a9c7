// `details.provenance` of a chain's metric detail (CONTRACT.md section 13): the blocks the
// document's figures were computed from. They start at the first day of its daily series and end
// with its last complete period: the last complete hour when it has an hourly series, else the
// last complete day (blocks stored after that are in no figure of the document yet).
import { DAY_MS } from '../../clock.js';
import { formatUtc } from '../../metrics/calendar.js';
import type { ChainMetric } from '../../metrics/definition.js';
import type { FactStatus } from '../../metrics/read-facts.js';
import type { SeriesRow } from '../../metrics/series.js';
import type { Chain } from '../../registry/types.js';
import type { BuildContext } from '../document-kind.js';
import { finalizedThrough, firstBlockFrom, lastBlockBefore, storedRange } from './chain-blocks.js';

export interface MetricProvenance {
  first_block: number;
  last_block: number;
  last_block_time: string;
  finalized_through_block: number;
  complete_days_through: string;
  sources: string[];
}

/** `YYYY-MM-DD` of a day start. */
export function utcDay(ms: number): string {
  return formatUtc(ms).slice(0, 10);
}

/** Null when the chain has no stored block in the document's periods (nothing to name). */
export async function metricProvenance(
  ctx: BuildContext,
  chain: Chain,
  status: FactStatus,
  metric: Pick<ChainMetric, 'source_names'>,
  daily: readonly SeriesRow[],
  hourly: readonly SeriesRow[],
): Promise<MetricProvenance | null> {
  const ok = chain.origin_key;
  const firstDay = daily[0]![0];
  const lastDay = daily[daily.length - 1]![0];
  const until = hourly.length > 0 ? status.hours_until : lastDay + DAY_MS;
  const [range, first, last] = await Promise.all([storedRange(ctx, ok), firstBlockFrom(ctx, ok, firstDay), lastBlockBefore(ctx, ok, until)]);
  if (!range || !first || !last || last.block_number < first.block_number) return null;
  return {
    first_block: first.block_number,
    last_block: last.block_number,
    last_block_time: formatUtc(last.block_time * 1000),
    finalized_through_block: finalizedThrough(ctx, chain, last.block_number, range.last.block_number),
    complete_days_through: utcDay(lastDay),
    sources: [...metric.source_names],
  };
}
