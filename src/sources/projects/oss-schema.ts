// The OSS Directory project file, written in zod from its JSON Schema
// (opensource-observer/oss-directory: project.json and the url, social-profile and
// blockchain-address definitions it refers to). Ajv is in node_modules only as a dependency of
// a dev tool, so the service cannot rely on it at run time; zod already validates everything
// else here. Kept close to the schema: extra keys are allowed where it allows them
// (additionalProperties is only closed on `social`), `format: uri` is an absolute URI.
import { z } from 'zod';

const uri = z.string().refine((s) => /^[a-z][a-z0-9+.-]*:/i.test(s) && URL.canParse(s), { message: 'not an absolute URI' });
const url = z.looseObject({ url: uri });
const urls = z.array(url);

export const OSS_NETWORKS = [
  'any_evm', 'arbitrum_one', 'automata', 'base', 'bob', 'cyber', 'frax', 'ham', 'ink', 'kroma', 'linea', 'lisk', 'lyra',
  'mainnet', 'mantle', 'matic', 'metal', 'mint', 'mode', 'optimism', 'orderly', 'pgn', 'polynomial', 'polygon_zkevm',
  'race', 'redstone', 'scroll', 'shape', 'soneium', 'swan', 'swell', 'unichain', 'worldchain', 'xterio', 'zksync_era', 'zora',
] as const;
export const OSS_ADDRESS_TAGS = ['bridge', 'contract', 'creator', 'deployer', 'eoa', 'factory', 'proxy', 'safe', 'wallet'] as const;

const blockchainAddress = z.looseObject({
  address: z.string(),
  tags: z.array(z.enum(OSS_ADDRESS_TAGS)).min(1),
  networks: z.array(z.enum(OSS_NETWORKS)).min(1),
  name: z.string().optional(),
});

const socialProfile = z.strictObject({
  farcaster: urls.optional(),
  medium: urls.optional(),
  mirror: urls.optional(),
  telegram: urls.optional(),
  twitter: urls.optional(),
});

export const ossProjectSchema = z.looseObject({
  version: z.number(),
  name: z.string(),
  display_name: z.string(),
  description: z.string().optional(),
  websites: urls.optional(),
  social: socialProfile.optional(),
  github: urls.optional(),
  npm: urls.optional(),
  crates: urls.optional(),
  pypi: urls.optional(),
  go: urls.optional(),
  open_collective: urls.optional(),
  blockchain: z.array(blockchainAddress).optional(),
  defillama: urls.optional(),
  token_coingecko_api_id: z.string().optional(),
  comments: z.array(z.string()).optional(),
});

export type OssProject = z.output<typeof ossProjectSchema>;
