// Accept-Encoding negotiation (RFC 9110 section 12.5.3) over the three variants every document
// has: br, gzip and identity. The highest q-value wins; on a tie br beats gzip beats identity
// (smallest bytes first). "*" gives its q to every coding not named; "identity" is acceptable
// unless excluded by "identity;q=0" or "*;q=0", but when not named it ranks below every named
// coding (RFC 9110 gives it no q-value of its own). When nothing is acceptable we still send
// identity rather than 406, as RFC 9110 allows: a body the client may reject beats no body.

export type Encoding = 'br' | 'gzip' | 'identity';

const cache = new Map<string, Encoding>();
const CACHE_LIMIT = 512;

export function negotiateEncoding(header: string | undefined): Encoding {
  if (header === undefined || header === '') return 'identity';
  const hit = cache.get(header);
  if (hit !== undefined) return hit;
  const result = negotiate(header);
  // Clients send a handful of distinct strings; a bounded cache keeps odd ones from piling up.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(header, result);
  return result;
}

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

function negotiate(header: string): Encoding {
  let br: number | undefined;
  let gzip: number | undefined;
  let identity: number | undefined;
  let star: number | undefined;
  for (const element of header.split(',')) {
    const parts = element.split(';');
    const coding = parts[0].trim().toLowerCase();
    if (coding === '') continue;
    let q = 1;
    let valid = true;
    for (let i = 1; i < parts.length; i++) {
      const eq = parts[i].indexOf('=');
      if (eq < 0) continue;
      const name = parts[i].slice(0, eq).trim().toLowerCase();
      if (name !== 'q') continue;
      const value = parts[i].slice(eq + 1).trim();
      if (!QVALUE.test(value)) valid = false;
      else q = Number(value);
    }
    if (!valid) continue; // a malformed q makes the element meaningless; ignore it
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = q;
    else if (coding === 'identity') identity = q;
    else if (coding === '*') star = q;
  }
  const qBr = br ?? star ?? 0;
  const qGzip = gzip ?? star ?? 0;
  // Unlisted identity is acceptable but least preferred: a client that names codings wants them.
  const qIdentity = identity ?? star ?? 0.001;
  let best: Encoding = 'identity';
  let bestQ = qIdentity;
  if (qGzip > 0 && qGzip >= bestQ) {
    best = 'gzip';
    bestQ = qGzip;
  }
  if (qBr > 0 && qBr >= bestQ) best = 'br';
  return best;
}
