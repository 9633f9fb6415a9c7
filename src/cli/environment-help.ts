// The "Environment" part of `chainlytics --help`: every variable the service reads. Some names
// are fixed, others are whatever the config file names (secrets stay out of the file). A test
// (test/cli/cli.test.ts) reads every fixed name in src/ and fails when one is missing here.
import { DEFAULTS } from '../registry/app-config.js';

const VARIABLES: [name: string, what: string][] = [
  ['PORT', 'HTTP port of serve; overrides server.port of the config file'],
  ['LOG_LEVEL', 'log level: fatal, error, warn, info (default), debug, trace'],
  [DEFAULTS.coingecko_api_key_env ?? 'COINGECKO_API_KEY', 'CoinGecko API key (the name prices.coingecko_api_key_env gives; this is its default)'],
  ['${NAME} in rpc_urls', 'any variable a chain\'s rpc_urls name, e.g. "https://node.example/${NODE_KEY}" (RPC keys)'],
  ['store.password_env', 'the variable holding the ClickHouse password, named by that key'],
];

export function environmentHelp(): string {
  const width = Math.max(...VARIABLES.map(([n]) => n.length));
  const lines = VARIABLES.map(([name, what]) => `  ${name.padEnd(width)}  ${what}`);
  return ['', 'Environment (values are never logged; docs/configuration.md):', ...lines].join('\n');
}
