// The price feed over HTTP in the shape of CoinGecko's v3 API: /simple/price and
// /coins/{id}/market_chart, with CoinGecko's granularity rules and error bodies. It also
// answers DefiLlama's per-chain TVL and fees overview (/v2/historicalChainTvl/{chain},
// /overview/fees/{chain}) for the devnet chains' DefiLlama names (external-series.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../clock.js';
import type { Sleep } from '../timers.js';
import { FaultInjector } from './faults.js';
import { LoopbackServer, sendBody, sendFault } from './http-util.js';
import { hashString } from './prng.js';
import { devnetFeesOverview, devnetTvlSeries } from './external-series.js';
import { devnetMarketCap, devnetMarketChart, devnetQuote, devnetVolume, isDevnetAsset, type ChartQuery } from './prices.js';

const CHART_RE = /^\/api\/v3\/coins\/([^/]+)\/market_chart\/?$/;
const VS_CURRENCIES = ['usd', 'eth'];
const TVL_RE = /^\/v2\/historicalChainTvl\/([^/]+)\/?$/;
const FEES_RE = /^\/overview\/fees\/([^/]+)\/?$/;

export class PriceServer {
  readonly faults: FaultInjector;
  private readonly http: LoopbackServer;

  constructor(
    private readonly seed: number,
    private readonly clock: Clock,
    /** The chain names the DefiLlama-shaped endpoints know; others answer 404 like an unknown chain. */
    private readonly llamaNames: readonly string[] = [],
    /** How a 'timeout' fault holds its connection (LoopbackServer). */
    sleep?: Sleep,
  ) {
    this.faults = new FaultInjector(seed ^ hashString('faults:prices'));
    this.http = new LoopbackServer((req, res) => this.handle(req, res), sleep);
  }

  listen(host: string): Promise<string> {
    return this.http.listen(host);
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const fault = this.faults.draw();
    if (fault !== null) {
      // A price API has no JSON-RPC error object; its equivalent is a 5xx.
      sendFault(fault === 'rpc_error' ? 'http_5xx' : fault, res, this.faults, () => this.route(req).body, this.http);
      return;
    }
    const { status, body } = this.route(req);
    sendBody(res, status, body);
  }

  private route(req: IncomingMessage): { status: number; body: string } {
    if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405, body: '{"error":"method not allowed"}' };
    const url = new URL(req.url ?? '/', 'http://devnet');
    const path = url.pathname;
    const now = this.clock.now();
    if (path === '/api/v3/ping') return { status: 200, body: '{"gecko_says":"(V3) To the Moon!"}' };
    if (path === '/api/v3/simple/price' || path === '/api/v3/simple/price/') return this.simplePrice(url.searchParams, now);
    const chart = CHART_RE.exec(path);
    if (chart) return this.marketChart(decodeURIComponent(chart[1]), url.searchParams, now);
    const tvl = TVL_RE.exec(path);
    const fees = FEES_RE.exec(path);
    const llama = tvl ?? fees;
    if (llama) {
      const name = decodeURIComponent(llama[1]!);
      if (!this.llamaNames.includes(name)) return { status: 404, body: JSON.stringify({ error: `chain not found: ${name}` }) };
      return { status: 200, body: JSON.stringify(tvl ? devnetTvlSeries(this.seed, name, now) : devnetFeesOverview(this.seed, name, now)) };
    }
    return { status: 404, body: JSON.stringify({ error: `not found: ${path}` }) };
  }

  private simplePrice(p: URLSearchParams, now: number): { status: number; body: string } {
    const ids = p.get('ids');
    const vs = p.get('vs_currencies');
    if (!ids) return { status: 400, body: '{"error":"Missing parameter ids"}' };
    if (!vs) return { status: 400, body: '{"error":"Missing parameter vs_currencies"}' };
    const withCap = p.get('include_market_cap') === 'true';
    const withVol = p.get('include_24hr_vol') === 'true';
    const withUpdated = p.get('include_last_updated_at') === 'true';
    const out: Record<string, Record<string, number>> = {};
    for (const raw of ids.split(',')) {
      const id = raw.trim().toLowerCase();
      if (!isDevnetAsset(id)) continue; // CoinGecko leaves unknown ids out
      const entry: Record<string, number> = {};
      for (const c of vs.split(',').map((s) => s.trim().toLowerCase())) {
        if (!VS_CURRENCIES.includes(c)) continue;
        entry[c] = devnetQuote(this.seed, id, c, now) as number;
        if (withCap) entry[`${c}_market_cap`] = devnetMarketCap(this.seed, id, c, now) as number;
        if (withVol) entry[`${c}_24h_vol`] = devnetVolume(this.seed, id, c, now) as number;
      }
      if (withUpdated) entry.last_updated_at = Math.floor(now / 1000);
      out[id] = entry;
    }
    return { status: 200, body: JSON.stringify(out) };
  }

  private marketChart(id: string, p: URLSearchParams, now: number): { status: number; body: string } {
    if (!isDevnetAsset(id)) return { status: 404, body: '{"error":"coin not found"}' };
    const vs = p.get('vs_currency')?.toLowerCase();
    if (!vs) return { status: 400, body: '{"error":"Missing parameter vs_currency"}' };
    if (!VS_CURRENCIES.includes(vs)) return { status: 400, body: `{"error":"invalid vs_currency: supported are ${VS_CURRENCIES.join(', ')}"}` };
    const daysRaw = p.get('days');
    if (!daysRaw) return { status: 400, body: '{"error":"Missing parameter days"}' };
    const days = daysRaw === 'max' ? 'max' : Number(daysRaw);
    if (days !== 'max' && !(Number.isFinite(days) && days > 0)) return { status: 400, body: '{"error":"invalid days: a positive number or max"}' };
    const interval = p.get('interval');
    if (interval !== null && interval !== 'daily' && interval !== 'hourly') return { status: 400, body: '{"error":"invalid interval: daily or hourly"}' };
    const q: ChartQuery = { days, interval };
    // JSON.stringify prints numbers as the template strings did: the bytes stay the same.
    return { status: 200, body: JSON.stringify(devnetMarketChart(this.seed, id, vs, q, now)) };
  }
}
