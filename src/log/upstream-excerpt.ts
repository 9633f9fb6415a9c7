// What an upstream (an RPC node, a price API, a ClickHouse node) answered, as error messages may
// quote it. An error page can echo the request, credentials included, in any encoding and at any
// length, so a body is never quoted whole: registered secrets are removed from the whole text
// first (a cut made before would leave half a secret at the edge that the scrubber no longer
// recognizes), then line breaks are flattened (an answer cannot add lines to a log or to the
// CLI's output) and the text is cut to a short excerpt.
import { scrubSecrets } from './secrets.js';

/** Characters of an upstream's answer an error message quotes at most. */
export const UPSTREAM_EXCERPT_CHARS = 200;

/** `text` scrubbed, on one line and at most `max` characters, saying how much was left out. */
export function upstreamExcerpt(text: string, max = UPSTREAM_EXCERPT_CHARS): string {
  const flat = scrubSecrets(text).replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max)}… (${flat.length - max} more characters)`;
}
