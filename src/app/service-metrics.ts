// The service's own figures on /metrics, beside the server's request metrics: per chain (heads,
// lag, ingest rate, reorgs), per RPC endpoint (exchanges and failures by kind, named by the
// endpoint's public label, never its URL), per publishing round (stage durations, documents,
// degraded documents) and per background source (sync age and failures). Every value is read
// from the objects that own it when Prometheus scrapes; nothing here runs between scrapes.
// docs/operations.md lists the names; deploy/prometheus and deploy/grafana query them.
import type { Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { RpcStats } from '../rpc/client.js';
import { scrapeMetric, type MetricValue } from '../server/scrape-metric.js';
import type { SyncRecord } from '../sources/sync-record.js';
import { ROUND_STAGES } from './round-stats.js';
import type { Service } from './service.js';

type Kind = 'counter' | 'gauge';

export function registerServiceMetrics(registry: Registry, service: Service, clock: Clock): void {
  const add = (name: string, type: Kind, help: string, values: () => MetricValue[]): void => {
    registry.registerMetric(scrapeMetric(name, help, type, values));
  };

  // --- chains: one snapshot per scrape, shared by the per-chain metrics --------------------------
  const chains = (): ReturnType<typeof chainRows> => chainRows(service);
  const perChain = (name: string, type: Kind, help: string, pick: (c: ChainRow) => number | null): void =>
    add(name, type, help, () => chains().flatMap((c) => (pick(c) === null ? [] : [{ labels: { chain: c.chain }, value: pick(c)! }])));
  perChain('chainlytics_chain_head_block', 'gauge', 'Newest block the chain\'s RPC reported; absent until known.', (c) => c.head);
  perChain('chainlytics_chain_ingested_block', 'gauge', 'Newest block written to the store.', (c) => c.ingested);
  perChain('chainlytics_chain_lag_blocks', 'gauge', 'Head block minus the newest stored block.', (c) => (c.head === null || c.ingested === null ? null : Math.max(0, c.head - c.ingested)));
  perChain('chainlytics_chain_lag_seconds', 'gauge', 'Seconds between now and the newest stored block\'s timestamp.', (c) => c.lagSeconds);
  perChain('chainlytics_chain_up', 'gauge', '1 while the chain is ok on /healthz, 0 while degraded (RPC failing, or more than 3 hours behind).', (c) => (c.ok ? 1 : 0));
  perChain('chainlytics_chain_backfill_remaining_blocks', 'gauge', 'Blocks of the configured range not yet stored.', (c) => c.remaining);
  perChain('chainlytics_chain_ingest_blocks_per_second', 'gauge', 'Blocks written per second over the last 10 s.', (c) => c.blocksPerS);
  perChain('chainlytics_chain_ingest_transactions_per_second', 'gauge', 'Transactions written per second over the last 10 s.', (c) => c.txPerS);
  perChain('chainlytics_chain_blocks_ingested_total', 'counter', 'Blocks written since the process started.', (c) => c.blocks);
  perChain('chainlytics_chain_transactions_ingested_total', 'counter', 'Transactions written since the process started.', (c) => c.txs);
  perChain('chainlytics_chain_reorgs_total', 'counter', 'Reorganisations found (stored blocks rolled back) since the process started.', (c) => c.reorgs);

  // --- RPC: ingestion's clients and the stablecoin sampler's, told apart by `client` -------------
  const endpoints = (): EndpointRow[] => [
    ...service.ingestor.rpcStats().flatMap((s) => endpointRows('ingest', s)),
    ...service.stablecoins.rpcStats().flatMap((s) => endpointRows('stablecoins', s)),
  ];
  add('chainlytics_rpc_requests_total', 'counter', 'HTTP exchanges with each RPC endpoint (a batch is one exchange).', () =>
    endpoints().map((e) => ({ labels: e.labels, value: e.exchanges })),
  );
  add('chainlytics_rpc_errors_total', 'counter', 'Failed RPC exchanges by kind: timeout, rate_limited, http_status, transport, malformed, invalid_answer, jsonrpc_error, answer_too_large, batch_rejected, wrong_chain, other.', () =>
    endpoints().flatMap((e) => Object.entries(e.errors).map(([kind, value]) => ({ labels: { ...e.labels, kind }, value }))),
  );

  // --- publishing rounds -------------------------------------------------------------------------
  const rounds = service.roundStats;
  add('chainlytics_rounds_total', 'counter', 'Publishing rounds started.', () => [{ labels: {}, value: rounds.rounds }]);
  add('chainlytics_round_failures_total', 'counter', 'Publishing rounds that failed (retried at the next round).', () => [{ labels: {}, value: rounds.failures }]);
  add('chainlytics_document_sets_published_total', 'counter', 'Document sets built and swapped in.', () => [{ labels: {}, value: rounds.published }]);
  add('chainlytics_round_stage_duration_seconds', 'gauge', `Seconds each stage took in the latest round that ran it (${ROUND_STAGES.join(', ')}).`, () =>
    ROUND_STAGES.flatMap((stage) => (rounds.stageSeconds.has(stage) ? [{ labels: { stage }, value: rounds.stageSeconds.get(stage)! }] : [])),
  );
  const last = (pick: (p: NonNullable<typeof rounds.lastPublished>) => number) => (): MetricValue[] =>
    rounds.lastPublished ? [{ labels: {}, value: pick(rounds.lastPublished) }] : [];
  add('chainlytics_last_publish_duration_seconds', 'gauge', 'Seconds from the start of the round that published the served set to its swap.', last((p) => p.seconds));
  add('chainlytics_last_publish_documents', 'gauge', 'Documents in the latest published set.', last((p) => p.documents));
  add('chainlytics_last_publish_degraded_documents', 'gauge', 'Documents of the latest published set built from partial inputs.', last((p) => p.degraded));
  add('chainlytics_last_publish_timestamp_seconds', 'gauge', 'When the latest published set was built (unix seconds).', last((p) => p.at_ms / 1000));
  add('chainlytics_store_fault', 'gauge', '1 while publishing rounds fail because the store refuses writes, by kind (no_space, read_only, permission, io).', () => {
    const fault = service.currentStoreFault;
    return fault ? [{ labels: { kind: fault.kind }, value: 1 }] : [];
  });

  // --- background sources ------------------------------------------------------------------------
  const sources = (): Array<[string, SyncRecord]> => [
    ['prices', service.prices.record],
    ['market_data', service.market.record],
    ['labels', service.labels.record],
    ['external', service.external.record],
  ];
  // A source that never tried (not configured) has no samples at all.
  const tried = (): Array<[string, ReturnType<SyncRecord['snapshot']>]> =>
    sources()
      .map(([name, r]) => [name, r.snapshot()] as [string, ReturnType<SyncRecord['snapshot']>])
      .filter(([, s]) => s.last_success_ms !== null || s.failures > 0);
  add('chainlytics_source_sync_age_seconds', 'gauge', 'Seconds since the source last synced successfully; absent before its first success.', () =>
    tried().flatMap(([source, s]) => (s.last_success_ms === null ? [] : [{ labels: { source }, value: Math.max(0, (clock.now() - s.last_success_ms) / 1000) }])),
  );
  add('chainlytics_source_failures_total', 'counter', 'Failed syncs of the source since the process started.', () => tried().map(([source, s]) => ({ labels: { source }, value: s.failures })));
  add('chainlytics_source_failing', 'gauge', '1 while the source\'s latest sync failed (the last good import is used).', () => tried().map(([source, s]) => ({ labels: { source }, value: s.failing ? 1 : 0 })));
}

interface ChainRow {
  chain: string;
  head: number | null;
  ingested: number | null;
  lagSeconds: number | null;
  ok: boolean;
  remaining: number | null;
  blocksPerS: number;
  txPerS: number;
  blocks: number;
  txs: number;
  reorgs: number;
}

/** /healthz's view of each chain joined with the ingestion counters. */
function chainRows(service: Service): ChainRow[] {
  const health = new Map(service.health().chains.map((c) => [c.origin_key, c]));
  return service.ingestor.progress().map((p) => {
    const h = health.get(p.origin_key);
    return {
      chain: p.origin_key,
      head: p.head,
      ingested: h?.last_ingested_block ?? p.last_block,
      lagSeconds: h?.lag_seconds ?? null,
      ok: h?.status === 'ok',
      remaining: p.start_block === null || p.head === null ? null : p.blocks_total - p.blocks_done,
      blocksPerS: p.blocks_per_s,
      txPerS: p.tx_per_s,
      blocks: p.blocks_written,
      txs: p.txs_written,
      reorgs: p.reorgs,
    };
  });
}

interface EndpointRow {
  labels: { chain: string; endpoint: string; client: string };
  exchanges: number;
  errors: Record<string, number>;
}

function endpointRows(client: string, { chain, stats }: { chain: string; stats: RpcStats }): EndpointRow[] {
  return stats.endpoints.map((e) => ({
    // The public label is "<chain> <name>"; the chain has its own label.
    labels: { chain, endpoint: e.endpoint.startsWith(`${chain} `) ? e.endpoint.slice(chain.length + 1) : e.endpoint, client },
    exchanges: e.exchanges,
    errors: e.errors,
  }));
}
