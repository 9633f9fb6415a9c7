// The keys of a chain entry that only master.json reads (CONTRACT.md section 6): description,
// company, ecosystem, logo, stack, DA layer, links… Every one is optional; a built-in chain
// keeps its built-in value for a key the file omits (resolve-chain.ts). Their messages are in
// chain-profile-hints.ts.
import { z } from 'zod';
import { isHttpUrl } from './http-url.js';
import { MATURITY_VALUES } from './maturity-levels.js';
import { DEPLOYMENTS } from './types.js';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** Ecosystem ids are what clients filter on (`ecosystem.includes('op-stack')`): a slug. */
export const SLUG_RE = /^[a-z0-9][a-z0-9-]*$/;

const text = z.string().trim().min(1);
const httpUrl = z.string().refine(isHttpUrl);
const urlMap = z.record(z.string().trim().min(1), httpUrl);

export const chainProfileShape = {
  deployment: z.enum(DEPLOYMENTS).optional(),
  description: z.string().optional(),
  company: z.string().optional(),
  ecosystem: z.array(z.string().regex(SLUG_RE)).optional(),
  logo: z
    .strictObject({ body: text, width: z.number().positive(), height: z.number().positive() })
    .nullable()
    .optional(),
  technology: z.string().optional(),
  purpose: z.string().optional(),
  da_layer: text.nullable().optional(),
  // null is read as NA (not set): files written when the key took any text or null still load.
  maturity: z.enum(MATURITY_VALUES).nullable().optional(),
  l2beat_stage: z.strictObject({ stage: text, hex: z.string().regex(HEX_COLOR) }).nullable().optional(),
  l2beat_id: text.nullable().optional(),
  l2beat_link: httpUrl.nullable().optional(),
  raas: text.nullable().optional(),
  // `url: ""` is how an operator says "no stack page"; the contract never publishes null here.
  stack: z.strictObject({ label: z.string().optional(), url: z.union([z.literal(''), httpUrl]).optional() }).optional(),
  links: z
    .strictObject({
      twitter: httpUrl.nullable().optional(),
      github: httpUrl.nullable().optional(),
      docs: httpUrl.nullable().optional(),
      bridges: urlMap.optional(),
      socials: urlMap.optional(),
      others: urlMap.optional(),
    })
    .optional(),
};
