// How the process logs: the level (--log-level, else LOG_LEVEL, else info) and the format
// (--log-format, else LOG_FORMAT, else `auto`: human lines when stdout is a terminal, JSON lines
// otherwise). Defined here, with the other settings, so that the CLI's flags, the environment and
// --help name the same values; src/log applies them. A bad value is a ConfigError (exit 2) that
// names the flag or variable and lists what it accepts.
import { ConfigError } from './config-error.js';

/** pino's levels, most verbose first, and `silent`. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `pretty`: one short human line per event; `json`: one pino JSON object per line; `auto`: pretty on a terminal. */
export const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

function pick<T extends string>(allowed: readonly T[], flag: string, envName: string, fromFlag: string | undefined, env: NodeJS.ProcessEnv, fallback: T): T {
  const [value, where] = fromFlag !== undefined ? [fromFlag, flag] : [env[envName], envName];
  if (value === undefined || value === '') return fallback;
  const v = value.trim().toLowerCase();
  if ((allowed as readonly string[]).includes(v)) return v as T;
  throw new ConfigError(where === flag ? 'command line' : 'environment', [
    { file: where === flag ? 'command line' : 'environment', key: where, expected: `one of ${allowed.join(', ')}`, found: JSON.stringify(value), hint: `set ${where} to one of ${allowed.join(', ')}` },
  ]);
}

/** The settings from the flags when given, else from the environment (LOG_LEVEL, LOG_FORMAT). */
export function logSettings(flags: { logLevel?: string; logFormat?: string }, env: NodeJS.ProcessEnv = process.env): LogSettings {
  return {
    level: pick(LOG_LEVELS, '--log-level', 'LOG_LEVEL', flags.logLevel, env, 'info'),
    format: pick(LOG_FORMATS, '--log-format', 'LOG_FORMAT', flags.logFormat, env, 'auto'),
  };
}
