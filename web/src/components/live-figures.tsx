// The live figures of serve's stream (docs/live.md): on a chain page its throughput, block time
// and ERC-20 transfer cost with its highs (/events/chain/{k}), on the ecosystem page the total
// throughput (/events). Shown only while the stream sends them: a chain that is not fresh, a
// hidden tab and a static export (no stream) show nothing here. Each figure carries the streamed
// value as `data-value`, which the browser tests compare with what they fed the stream.
import type { ComponentChildren } from 'preact';
import { formatBlockTime, formatFeeGwei, formatFeeUsd, formatInstant, formatTps } from '../format.js';
import { useLiveMessage } from '../live.js';

interface LiveChain {
  tps: number;
  block_time: number;
  /** Unix ms of the newest block's write. */
  timestamp: number;
  tx_cost_erc20_transfer: number;
  tx_cost_erc20_transfer_usd: number;
  ath: number;
  ath_timestamp: string;
  '24h_high': number;
  '24h_high_timestamp': string;
}

interface ChainMessage {
  data: LiveChain | null;
  /** The tick, ISO. */
  timestamp: string;
}

interface EventsMessage {
  data: Record<string, unknown>;
  global_metrics: { total_tps: number; total_tps_24h_high: number; total_tps_24h_high_timestamp: string; total_tps_ath: number; total_tps_ath_timestamp: string; active_chains: number };
}

function Figure({ name, value, children }: { name: string; value: number; children: ComponentChildren }) {
  return (
    <span class="value" data-live-figure={name} data-value={value}>
      {children}
    </span>
  );
}

function High({ name, label, value, at }: { name: string; label: string; value: number; at: string }) {
  return (
    <>
      {label} <Figure name={name} value={value}>{formatTps(value)}</Figure> at {formatInstant(at)}
    </>
  );
}

/** The aggregate all_l2s is no chain serve ingests: it has no stream. */
const NOT_STREAMED = new Set(['all_l2s']);

export function LiveChainFigures({ chain }: { chain: string }) {
  const message = useLiveMessage<ChainMessage>(NOT_STREAMED.has(chain) ? null : `/events/chain/${encodeURIComponent(chain)}`);
  const c = message?.data;
  if (!message || !c) return null;
  // Both times are the server's: the age reads right whatever the reader's clock says.
  const age = Math.max(0, Math.round((Date.parse(message.timestamp) - c.timestamp) / 1000));
  return (
    <section class="live" data-live="chain">
      <h2>Live</h2>
      <div class="cards">
        <article class="card">
          <h3>Transactions per second</h3>
          <p class="figure">
            <Figure name="tps" value={c.tps}>{formatTps(c.tps)}</Figure>
          </p>
          <p class="muted small">
            <High name="24h_high" label="24 h high" value={c['24h_high']} at={c['24h_high_timestamp']} />
            <br />
            <High name="ath" label="All-time high" value={c.ath} at={c.ath_timestamp} />
          </p>
        </article>
        <article class="card">
          <h3>Block time</h3>
          <p class="figure">
            <Figure name="block_time" value={c.block_time}>{formatBlockTime(c.block_time)}</Figure>
          </p>
        </article>
        <article class="card">
          <h3>ERC-20 transfer cost</h3>
          <p class="figure">
            <Figure name="erc20_usd" value={c.tx_cost_erc20_transfer_usd}>{formatFeeUsd(c.tx_cost_erc20_transfer_usd)}</Figure>
            <Figure name="erc20_eth" value={c.tx_cost_erc20_transfer}>{formatFeeGwei(c.tx_cost_erc20_transfer)}</Figure>
          </p>
        </article>
      </div>
      <p class="muted small">
        Updated <span data-live-figure="age" data-value={age}>{age}</span> s ago, from the live stream <code>/events/chain/{chain}</code>.
      </p>
    </section>
  );
}

export function LiveTotals() {
  const message = useLiveMessage<EventsMessage>('/events');
  const g = message?.global_metrics;
  if (!message || !g || Object.keys(message.data).length === 0) return null;
  return (
    <section class="live" data-live="ecosystem">
      <h2>Live</h2>
      <p class="figure">
        <Figure name="total_tps" value={g.total_tps}>{formatTps(g.total_tps)}</Figure>
        <span class="muted">over {g.active_chains} active chains now</span>
      </p>
      <p class="muted small">
        <High name="total_tps_24h_high" label="24 h high" value={g.total_tps_24h_high} at={g.total_tps_24h_high_timestamp} />;{' '}
        <High name="total_tps_ath" label="all-time high" value={g.total_tps_ath} at={g.total_tps_ath_timestamp} />. From the live stream <code>/events</code>.
      </p>
    </section>
  );
}
