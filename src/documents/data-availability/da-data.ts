// The data-availability layer's figures per day, read once per build for the overview, the
// timeseries, the metric details and master.json (CONTRACT.md 11.2): per-sender blob bytes and
// the chain's converted blob fees, both per-day facts (store/blobs.ts, metrics/blob-facts.ts).
// Which chain a sender posts for is decided here, from the registry's batch addresses, so a
// registry change needs no recomputation.
import { DAY_MS } from '../../clock.js';
import { moneyKeys } from '../../metrics/definition.js';
import { BLOB_FEE_KEY, BLOB_GAS_KEY } from '../../metrics/blob-facts.js';
import { DA_ETHEREUM_BLOBS, type DaLayer } from '../../registry/da-layers.js';
import type { Chain } from '../../registry/types.js';
import { chainSubject } from '../../store/facts.js';
import type { BuildContext } from '../document-kind.js';
import type { DocumentInput } from '../document-set.js';

/** A chain whose batch addresses posted blobs: key and gtp origin_key are its origin_key. */
export interface DaConsumer {
  origin_key: string;
  name: string;
}

export interface DaLayerData {
  layer: DaLayer;
  /** Every day from the first with blob data to the last complete one, ascending, consecutive. */
  days: number[];
  /** Per day (index of `days`): blob bytes of every sender. */
  bytes: number[];
  /** Per day: the blob fees as a money pair; null without a price. */
  fees_usd: Array<number | null>;
  fees_eth: Array<number | null>;
  /** Per day: consumers that posted plus distinct other senders. */
  producers: number[];
  /** Per consumer that ever posted (registry order): its bytes per day. */
  consumers: Map<string, { consumer: DaConsumer; bytes: number[] }>;
}

const perBuild = new WeakMap<BuildContext, Promise<DaLayerData | null>>();

/** The layer's data, read once per build; null when its chain has no blob data yet. */
export function daData(ctx: BuildContext): Promise<DaLayerData | null> {
  let p = perBuild.get(ctx);
  if (!p) {
    p = readLayer(ctx, DA_ETHEREUM_BLOBS);
    perBuild.set(ctx, p);
  }
  return p;
}

/** Batch address (lower case) → the registry chain posting to `layer` from it. */
export function consumersByAddress(chains: readonly Chain[], layer: DaLayer): Map<string, DaConsumer> {
  const out = new Map<string, DaConsumer>();
  for (const c of chains) {
    if (c.settlement_chain !== layer.origin_key || c.origin_key === layer.origin_key) continue;
    for (const a of c.settlement_addresses) out.set(a.toLowerCase(), { origin_key: c.origin_key, name: c.name });
  }
  return out;
}

async function readLayer(ctx: BuildContext, layer: DaLayer): Promise<DaLayerData | null> {
  const status = ctx.chains.find((c) => c.chain.origin_key === layer.origin_key)?.status;
  if (!status) return null;
  const rows = await ctx.store.blobSenderDays(layer.origin_key, BLOB_GAS_KEY, status.days_until);
  if (rows.length === 0) return null;
  const first = rows[0]!.day_ms;
  const days: number[] = [];
  for (let d = first; d < status.days_until; d += DAY_MS) days.push(d);
  const at = (day: number) => (day - first) / DAY_MS;

  const byAddress = consumersByAddress(
    ctx.chains.map((c) => c.chain),
    layer,
  );
  const bytes = days.map(() => 0);
  const consumers = new Map<string, { consumer: DaConsumer; bytes: number[] }>();
  const posted = days.map(() => new Set<string>());
  for (const r of rows) {
    const i = at(r.day_ms);
    bytes[i]! += r.blob_gas;
    const consumer = byAddress.get(r.sender);
    // Each other sender is one producer of its own; a consumer counts once however many addresses it used.
    posted[i]!.add(consumer ? `chain:${consumer.origin_key}` : `sender:${r.sender}`);
    if (!consumer) continue;
    let c = consumers.get(consumer.origin_key);
    if (!c) consumers.set(consumer.origin_key, (c = { consumer, bytes: days.map(() => 0) }));
    c.bytes[i]! += r.blob_gas;
  }

  const keys = moneyKeys(BLOB_FEE_KEY);
  const fees = await ctx.store.readFacts({ subject: chainSubject(layer.origin_key), keys: [keys.usd, keys.eth], days_until: status.days_until, hours_from: 0, hours_until: 0 });
  // A day without a fee fact (no blocks stored that day) paid nothing that is known: 0, as bytes.
  const fees_usd: Array<number | null> = days.map(() => 0);
  const fees_eth: Array<number | null> = days.map(() => 0);
  for (const f of fees) {
    if (f.granularity !== 'daily' || f.period_ms < first) continue;
    (f.metric_key === keys.usd ? fees_usd : fees_eth)[at(f.period_ms)] = f.value;
  }
  // Registry order, so equal figures rank the same way in every build.
  const order = new Map(ctx.chains.map((c, i) => [c.chain.origin_key, i]));
  const sorted = new Map([...consumers].sort((a, b) => order.get(a[0])! - order.get(b[0])!));
  return { layer, days, bytes, fees_usd, fees_eth, producers: posted.map((s) => s.size), consumers: sorted };
}

/** The index range [i0, i1] of `days` in the window of the last `n` days (all days for null: max); null when empty. */
export function windowRange(days: readonly number[], n: number | null): [number, number] | null {
  if (days.length === 0) return null;
  const i1 = days.length - 1;
  const i0 = n === null ? 0 : Math.max(0, days.length - n);
  return [i0, i1];
}

/** Σ values[i0..i1]; null when any is null (an unknown day makes the total unknown). */
export function sumRange(values: ReadonlyArray<number | null>, range: [number, number] | null): number | null {
  if (!range) return 0;
  let s = 0;
  for (let i = range[0]; i <= range[1]; i++) {
    const v = values[i]!;
    if (v === null) return null;
    s += v;
  }
  return s;
}

/** A DA kind's one document shaped from the layer's data; none (reported as skipped) without blob data. */
export async function daDocument(ctx: BuildContext, path: string, shape: (d: DaLayerData, builtAt: number) => unknown): Promise<DocumentInput[]> {
  const d = await daData(ctx);
  if (!d) {
    ctx.report.skipped.push({ path, reason: 'no blob data yet' });
    return [];
  }
  return [{ path, json: shape(d, ctx.builtAt), freshness: 'daily' }];
}
