// A real HTTP server speaking the two CoinGecko endpoints the client uses, with scripted
// failures, for the price-source tests. Listens on an ephemeral loopback port.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface Seen {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface FakeCoinGecko {
  url: string;
  /** The server's "now": the newest point it serves. */
  now: number;
  seen: Seen[];
  /** Status codes (or 'garbage' for a non-JSON body) answered before the real answer, in order. */
  failures: Array<number | 'garbage' | { status: 429; retryAfter: string }>;
  /** price at time ms, per coin id; unknown ids answer 404 like CoinGecko. */
  prices: Record<string, (ms: number) => number>;
  /** market_caps / total_volumes per coin id (market data); ids without one answer []. */
  marketCaps: Record<string, (ms: number) => number | null>;
  volumes: Record<string, (ms: number) => number | null>;
  /** Point times of /market_chart: called with (days, interval). */
  points: (days: number, interval: string | null) => number[];
  close(): Promise<void>;
}

/** `port`: a fixed port (a source that comes back where it was); default an ephemeral one. */
export async function startFakeCoinGecko(nowMs: number, port = 0): Promise<FakeCoinGecko> {
  const fake: FakeCoinGecko = {
    url: '',
    now: nowMs,
    seen: [],
    failures: [],
    prices: {},
    marketCaps: {},
    volumes: {},
    points: (days, interval) => {
      const step = interval === 'daily' || days > 90 ? 86_400_000 : 3_600_000;
      const out: number[] = [];
      for (let t = Math.ceil((fake.now - days * 86_400_000) / step) * step; t <= fake.now; t += step) out.push(t + (step === 3_600_000 ? 120_000 : 0));
      return out;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    fake.seen.push({ path: u.pathname, query: u.searchParams, headers: req.headers });
    const failure = fake.failures.shift();
    if (failure !== undefined) {
      if (failure === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"prices": [[1,');
      if (typeof failure === 'object') return void res.writeHead(429, { 'retry-after': failure.retryAfter }).end('{"status":{"error_code":429}}');
      return void res.writeHead(failure).end(`{"error":"scripted ${failure}"}`);
    }
    const json = (status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (u.pathname === '/api/v3/simple/price') {
      const ids = (u.searchParams.get('ids') ?? '').split(',');
      const vs = u.searchParams.get('vs_currencies') ?? 'usd';
      return json(200, Object.fromEntries(ids.filter((id) => fake.prices[id]).map((id) => [id, { [vs]: fake.prices[id]!(fake.now) }])));
    }
    const m = /^\/api\/v3\/coins\/([^/]+)\/market_chart$/.exec(u.pathname);
    if (m) {
      const id = decodeURIComponent(m[1]!);
      const fn = fake.prices[id];
      if (!fn) return json(404, { error: 'coin not found' });
      const days = Number(u.searchParams.get('days'));
      const ts = fake.points(days, u.searchParams.get('interval'));
      const series = (f: ((ms: number) => number | null) | undefined) => (f ? ts.map((t) => [t, f(t)]) : []);
      return json(200, { prices: ts.map((t) => [t, fn(t)]), market_caps: series(fake.marketCaps[id]), total_volumes: series(fake.volumes[id]) });
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return fake;
}
