// What each master.json-only chain key expects and how to fix it (chain-profile-schema.ts),
// in the same form as config-hints.ts, which merges these rules into FIELD_RULES.
import type { FieldRule } from './field-rule.js';
import { MATURITY_VALUES } from './maturity-levels.js';
import { DEPLOYMENTS } from './types.js';

const URL_OR_NULL = 'an http:// or https:// URL, or null';
const TEXT = 'text (may be empty)';
const TEXT_OR_NULL = 'non-empty text, or null';

function slugHint(found: unknown): string {
  if (typeof found === 'string' && found.trim() !== '') {
    const slug = found.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
    if (slug && slug !== found) return `write ${slug} (lower-case letters, digits and -; clients compare ecosystem ids exactly)`;
  }
  return 'use lower-case ids such as op-stack, op-super or arbitrum-orbit';
}

/** A URL written without its scheme (x.com/example) gets the exact fix; otherwise an example. */
function urlHint(example: string): (found: unknown) => string {
  return (found) =>
    typeof found === 'string' && found.trim() !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(found.trim())
      ? `add the scheme: https://${found.trim().replace(/^\/+/, '')}`
      : `e.g. ${example}`;
}

export const CHAIN_PROFILE_RULES: Record<string, FieldRule> = {
  'chains[].deployment': { expected: `one of ${DEPLOYMENTS.join(', ')}`, hint: 'write deployment: PROD, or deployment: DEV for a chain not ready to be ranked' },
  'chains[].description': { expected: TEXT, hint: 'quote text that contains a colon, e.g. description: "An OP Stack rollup: fast and cheap"' },
  'chains[].company': { expected: TEXT, hint: 'e.g. company: OP Labs' },
  'chains[].ecosystem': { expected: 'a list of ecosystem ids (all-chains is always added)', hint: 'e.g. ecosystem: [ op-stack, op-super ]' },
  'chains[].ecosystem[]': { expected: 'an id of lower-case letters, digits and -', hint: slugHint },
  'chains[].logo': { expected: 'a mapping { body, width, height } of SVG path data, or null', hint: 'e.g. logo: { body: "<path d=\\"M0 0h15v15H0z\\"/>", width: 15, height: 15 }, or logo: null' },
  'chains[].logo.body': { expected: 'SVG markup (non-empty)', hint: 'paste the inner SVG markup, quoted' },
  'chains[].logo.width': { expected: 'a positive number', hint: 'the SVG viewBox width, e.g. width: 15' },
  'chains[].logo.height': { expected: 'a positive number', hint: 'the SVG viewBox height, e.g. height: 15' },
  'chains[].technology': { expected: TEXT, hint: 'e.g. technology: Optimistic Rollup' },
  'chains[].purpose': { expected: TEXT, hint: 'e.g. purpose: General-purpose' },
  'chains[].da_layer': { expected: TEXT_OR_NULL, hint: 'e.g. da_layer: Ethereum (blobs); null when unknown' },
  'chains[].maturity': { expected: `one of ${MATURITY_VALUES.join(', ')}, or null (NA)`, hint: 'e.g. maturity: 3_maturing; the levels are master.json maturity_levels' },
  'chains[].l2beat_stage': { expected: 'a mapping { stage, hex }, or null', hint: 'e.g. l2beat_stage: { stage: Stage 1, hex: "#FFC61B" }' },
  'chains[].l2beat_stage.stage': { expected: 'non-empty text', hint: 'e.g. stage: Stage 1' },
  'chains[].l2beat_stage.hex': { expected: 'a color #RRGGBB', hint: 'quote it, e.g. hex: "#FFC61B" (an unquoted # starts a YAML comment)' },
  'chains[].l2beat_id': { expected: TEXT_OR_NULL, hint: 'the project id in L2BEAT URLs, e.g. l2beat_id: optimism' },
  'chains[].l2beat_link': { expected: URL_OR_NULL, hint: urlHint('l2beat_link: https://l2beat.com/scaling/projects/optimism') },
  'chains[].raas': { expected: TEXT_OR_NULL, hint: 'the rollup-as-a-service provider, e.g. raas: Conduit, or null' },
  'chains[].stack': { expected: 'a mapping { label, url }', hint: 'e.g. stack: { label: OP Stack, url: https://docs.optimism.io }' },
  'chains[].stack.label': { expected: TEXT, hint: 'e.g. label: OP Stack' },
  'chains[].stack.url': { expected: 'an http:// or https:// URL, or ""', hint: 'e.g. url: https://docs.optimism.io, or url: "" for none' },
  'chains[].links': { expected: 'a mapping (twitter, github, docs, bridges, socials, others)', hint: 'e.g. links: { twitter: https://x.com/example, bridges: { Official: https://bridge.example.org } }' },
  'chains[].links.twitter': { expected: URL_OR_NULL, hint: urlHint('twitter: https://x.com/example') },
  'chains[].links.github': { expected: URL_OR_NULL, hint: urlHint('github: https://github.com/example') },
  'chains[].links.docs': { expected: URL_OR_NULL, hint: urlHint('docs: https://docs.example.org') },
  'chains[].links.bridges': { expected: 'a mapping of name to URL', hint: 'e.g. bridges: { Official: https://bridge.example.org }' },
  'chains[].links.socials': { expected: 'a mapping of name to URL', hint: 'e.g. socials: { Discord: https://discord.gg/example }' },
  'chains[].links.others': { expected: 'a mapping of name to URL', hint: 'e.g. others: { Status: https://status.example.org }' },
  'chains[].links.*.*': { expected: 'an http:// or https:// URL', hint: urlHint('Official: https://bridge.example.org') },
  'chains[].colors.darkTextOnBackground': { expected: 'true or false', hint: 'true when the chain colour is so light that text on it must be dark' },
};
