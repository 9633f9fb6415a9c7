// How an RPC endpoint is named in output. Its URL never is: providers put API keys in the path,
// the query, the user info and even the host. In public (/healthz, the CLI's progress lines) an
// endpoint is "<chain> <name>" with the name the operator gave it, or "<chain> rpc#<n>" (n counts
// from 1 in rpc_urls order). Logs and thrown messages name it by scheme://host:port, which
// operators need to tell providers apart, unless that text overlaps a value the config loader
// substituted for ${NAME} (a key as the subdomain, or the whole URL from one variable).
import { overlapsSecret } from '../log/secrets.js';
import { urlOrigin, type EndpointNames } from './errors.js';

/** One rpc_urls entry as the RPC client takes it (the resolved config's shape). */
export type RpcUrlEntry = string | { url: string; name?: string | null };

export function endpointNames(chain: string, index: number, entry: RpcUrlEntry): EndpointNames & { url: string } {
  const e = typeof entry === 'string' ? { url: entry, name: null } : entry;
  const label = `${chain} ${e.name ?? `rpc#${index + 1}`}`;
  const origin = urlOrigin(e.url);
  return { url: e.url, label, logName: overlapsSecret(origin) ? label : origin };
}
