// Who is asking, for rate limits. By default the socket's peer address: a header can be forged,
// a TCP peer cannot. Behind trusted proxies (config trust_proxy), each proxy appends the address
// it saw to X-Forwarded-For, so with n trusted hops the client is the n-th entry from the right;
// entries further left were written by the client itself and are ignored.
import type { IncomingMessage } from 'node:http';

export function clientAddress(req: IncomingMessage, trustProxy: boolean | number | undefined): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  const hops = trustProxy === true ? 1 : typeof trustProxy === 'number' ? trustProxy : 0;
  if (hops === 0) return peer;
  const raw = req.headers['x-forwarded-for'];
  const xff = Array.isArray(raw) ? raw.join(',') : raw;
  if (xff === undefined || xff === '') return peer;
  const list = xff.split(',');
  const entry = list[Math.max(0, list.length - hops)].trim();
  // A bounded, plain-looking value only: the address becomes a map key.
  return entry !== '' && entry.length <= 64 && /^[0-9a-fA-F:.[\]]+$/.test(entry) ? entry : peer;
}
