// `chainlytics nginx-config`: deploy/nginx's template filled in for one exported directory, so the
// file an operator installs is the one the tests run nginx with (test/server/nginx.test.ts).
import { isAbsolute, resolve } from 'node:path';
import { isHttpUrl } from '../registry/http-url.js';
import { loadNginxTemplate, renderNginxConfig } from '../server/nginx-config.js';
import { NginxSiteError } from './nginx-site-error.js';

export interface NginxSiteOptions {
  /** The directory `build --out` writes (it holds v1/); relative to the working directory. */
  root: string;
  /** nginx `listen`: a port, or address:port. */
  listen: string;
  /** The public URL without /v1, for X-Data-Source; absent: the relative /v1. */
  publicBaseUrl?: string;
  /** host:port of `chainlytics serve` for the live stream; default 127.0.0.1:8080. */
  liveUpstream?: string;
}


export function renderNginxSite(opts: NginxSiteOptions): string {
  const url = opts.publicBaseUrl?.replace(/\/+$/, '');
  if (url !== undefined && (!isHttpUrl(url) || /\/v1$/.test(url))) {
    throw new NginxSiteError(`--public-base-url: expected an http:// or https:// URL without /v1, e.g. https://data.example.org; found ${JSON.stringify(opts.publicBaseUrl)}`);
  }
  if (!/^(\d{1,5}|\[[0-9a-fA-F:.]+\]:\d{1,5}|[A-Za-z0-9.-]+:\d{1,5})$/.test(opts.listen)) {
    throw new NginxSiteError(`--listen: expected a port or address:port, e.g. 80 or 127.0.0.1:8081; found ${JSON.stringify(opts.listen)}`);
  }
  if (opts.liveUpstream !== undefined && !/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(opts.liveUpstream)) {
    throw new NginxSiteError(`--live-upstream: expected host:port of chainlytics serve, e.g. 127.0.0.1:8080; found ${JSON.stringify(opts.liveUpstream)}`);
  }
  // nginx reads a relative root against its own prefix, not where the command ran.
  const root = isAbsolute(opts.root) ? opts.root : resolve(opts.root);
  try {
    return renderNginxConfig(loadNginxTemplate(), { root: root.replace(/\/+$/, '') || '/', listen: opts.listen, publicBaseUrl: url ?? null, liveUpstream: opts.liveUpstream });
  } catch (err) {
    // "nginx config: …" is a value of the operator's (characters nginx would misread); a broken
    // template is ours and stays an unexpected error.
    const message = (err as Error).message;
    if (message.startsWith('nginx config: ')) throw new NginxSiteError(message.replace(/^nginx config: root/, '--root'));
    throw err;
  }
}
