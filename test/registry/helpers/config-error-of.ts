// The ConfigError a configuration text is refused with, read as the loader reads a file (relative
// paths from the temporary directory); fails the test when the text is accepted.
import { tmpdir } from 'node:os';
import { ConfigError, parseConfig } from '../../../src/registry/config.js';

export function configErrorOf(text: string, env: NodeJS.ProcessEnv = {}, file = 'chainlytics.yaml'): ConfigError {
  try {
    parseConfig(text, file, { env, baseDir: tmpdir() });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError, the config was accepted');
}
