// The project list's link fields (CONTRACT.md section 5) from an OSS Directory project:
// `main_github` is `org` or `org/repo`, `twitter` the handle, `website` a URL. Each is taken
// from the first entry of its list that has the expected form; null when none has.
import type { OssProject } from './oss-schema.js';

const GITHUB_HOSTS = new Set(['github.com', 'www.github.com']);
const TWITTER_HOSTS = new Set(['twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'x.com', 'www.x.com']);

function parse(s: string): URL | null {
  try {
    return new URL(s.trim());
  } catch {
    return null;
  }
}

function segments(u: URL): string[] {
  return u.pathname.split('/').filter((p) => p !== '');
}

/** `https://github.com/uniswap/interface` → `uniswap/interface`; `https://github.com/aave` → `aave`. */
export function githubPath(url: string): string | null {
  const u = parse(url);
  if (!u || !GITHUB_HOSTS.has(u.hostname.toLowerCase())) return null;
  const [org, repo] = segments(u);
  if (!org) return null;
  return repo ? `${org}/${repo.replace(/\.git$/, '')}` : org;
}

/** `https://twitter.com/Uniswap` or `https://x.com/LayerZero_Labs` → the handle. */
export function twitterHandle(url: string): string | null {
  const u = parse(url);
  if (!u || !TWITTER_HOSTS.has(u.hostname.toLowerCase())) return null;
  const handle = segments(u)[0]?.replace(/^@/, '');
  return handle && /^[A-Za-z0-9_]{1,50}$/.test(handle) ? handle : null;
}

export function websiteUrl(url: string): string | null {
  const u = parse(url);
  return u && (u.protocol === 'http:' || u.protocol === 'https:') ? url.trim() : null;
}

function first(list: ReadonlyArray<{ url: string }> | undefined, fn: (url: string) => string | null): string | null {
  for (const e of list ?? []) {
    const v = fn(e.url);
    if (v !== null) return v;
  }
  return null;
}

export function deriveLinks(p: OssProject): { main_github: string | null; twitter: string | null; website: string | null } {
  return {
    main_github: first(p.github, githubPath),
    twitter: first(p.social?.twitter, twitterHandle),
    website: first(p.websites, websiteUrl),
  };
}
