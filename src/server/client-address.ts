// Who is asking, for rate limits. By default the socket's peer address: a header can be forged,
// a TCP peer cannot. Behind trusted proxies (config trust_proxy), each proxy appends the address
// it saw to X-Forwarded-For, so with n trusted hops the client is the n-th entry from the right;
// entries further left were written by the client itself and are ignored.
//
// Every line of a repeated X-Forwarded-For header counts (RequestView.headerList), in order: a
// proxy that adds its own line after the client's must not let the client's line win.
import type { RequestView } from './request-view.js';

export function clientAddress(req: Pick<RequestView, 'remoteAddress' | 'headerList'>, trustProxy: boolean | number | undefined): string {
  const hops = trustProxy === true ? 1 : typeof trustProxy === 'number' ? trustProxy : 0;
  if (hops === 0) return req.remoteAddress();
  const xff = req.headerList('x-forwarded-for');
  if (xff === undefined || xff === '') return req.remoteAddress();
  const list = xff.split(',');
  const entry = list[Math.max(0, list.length - hops)].trim();
  // A bounded, plain-looking value only: the address becomes a map key.
  return entry !== '' && entry.length <= 64 && /^[0-9a-fA-F:.[\]]+$/.test(entry) ? entry : req.remoteAddress();
}
