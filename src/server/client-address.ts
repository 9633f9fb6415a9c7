// Who is asking, for rate limits. By default the socket's peer address: a header can be forged,
// a TCP peer cannot. Behind trusted proxies (config trust_proxy), each proxy appends the address
// it saw to X-Forwarded-For, so with n trusted hops the client is the n-th entry from the right;
// entries further left were written by the client itself and are ignored.
//
// Every line of a repeated X-Forwarded-For header counts (RequestView.headerList), in order: a
// proxy that adds its own line after the client's must not let the client's line win.
import { isIPv4, isIPv6 } from 'node:net';
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

/**
 * The key a client's quotas are counted under (rate limits, the per-address connection share):
 * an IPv4 address as it is, an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack
 * socket reports an IPv4 peer) as its IPv4 address, and any other IPv6 address by its /64. A
 * single host is routinely given a whole /64 (SLAAC, privacy addresses, RFC 6177), so keying by
 * the full address would give one host 2^64 quotas. Anything else (not an address) is kept as is.
 */
export function clientKey(address: string): string {
  let a = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const zone = a.indexOf('%'); // fe80::1%eth0: the zone names an interface, not a host
  if (zone >= 0) a = a.slice(0, zone);
  if (isIPv4(a)) return a;
  if (!isIPv6(a)) return address;
  const g = ipv6Groups(a);
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) {
    return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  }
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail split in two). */
function ipv6Groups(a: string): number[] {
  const parse = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((p) => {
      if (!p.includes('.')) return [parseInt(p, 16)];
      const [b0, b1, b2, b3] = p.split('.').map(Number);
      return [(b0 << 8) | b1, (b2 << 8) | b3];
    });
  };
  const gap = a.indexOf('::');
  if (gap < 0) return parse(a);
  const head = parse(a.slice(0, gap));
  const tail = parse(a.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}
