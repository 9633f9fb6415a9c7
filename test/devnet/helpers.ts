// A minimal JSON-RPC client for the devnet tests: raw fetch, so the tests see exactly what
// the server sends (no retries, no validation in between).
export interface RpcResponse {
  jsonrpc: string;
  id: number | string | null;
  result?: any;
  error?: { code: number; message: string };
}

export async function post(url: string, body: unknown): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

export async function rpc(url: string, method: string, params: unknown[] = []): Promise<RpcResponse> {
  const r = await post(url, { jsonrpc: '2.0', id: 1, method, params });
  return JSON.parse(r.text) as RpcResponse;
}

/** The result of one call; throws on a JSON-RPC error. */
export async function call(url: string, method: string, params: unknown[] = []): Promise<any> {
  const r = await rpc(url, method, params);
  if (r.error) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  return r.result;
}

/** Many calls in batches of `size`, results in order; throws on any error. */
export async function batch(url: string, calls: Array<{ method: string; params: unknown[] }>, size = 100): Promise<any[]> {
  const out: any[] = [];
  for (let i = 0; i < calls.length; i += size) {
    const chunk = calls.slice(i, i + size).map((c, k) => ({ jsonrpc: '2.0', id: i + k, method: c.method, params: c.params }));
    const r = await post(url, chunk);
    const items = JSON.parse(r.text) as RpcResponse[];
    const byId = new Map(items.map((x) => [x.id, x]));
    for (let k = 0; k < chunk.length; k++) {
      const item = byId.get(i + k);
      if (!item) throw new Error(`batch: no answer for id ${i + k}`);
      if (item.error) throw new Error(`${chunk[k].method}: ${item.error.code} ${item.error.message}`);
      out.push(item.result);
    }
  }
  return out;
}

export const hex = (n: number): string => `0x${n.toString(16)}`;

/** Blocks [from, to] with full transactions and their receipts. */
export async function blocksWithReceipts(url: string, from: number, to: number): Promise<Array<{ block: any; receipts: any[] }>> {
  const calls: Array<{ method: string; params: unknown[] }> = [];
  for (let n = from; n <= to; n++) {
    calls.push({ method: 'eth_getBlockByNumber', params: [hex(n), true] });
    calls.push({ method: 'eth_getBlockReceipts', params: [hex(n)] });
  }
  const res = await batch(url, calls, 100);
  const out: Array<{ block: any; receipts: any[] }> = [];
  for (let k = 0; k < res.length; k += 2) out.push({ block: res[k], receipts: res[k + 1] });
  return out;
}

/** A test "now": a Wednesday, 10:30 UTC; the devnet's live head starts at 10:00. */
export const TEST_NOW_MS = Date.UTC(2025, 0, 15, 10, 30);
export const TEST_LIVE_SINCE = Date.UTC(2025, 0, 15, 10) / 1000;
