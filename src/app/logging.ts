// The log settings of a command (--log-level, --log-format, else LOG_LEVEL, LOG_FORMAT), checked
// and applied before anything logs. src/cli calls this and never touches src/log itself.
import { configureLogging, logFormat } from '../log.js';
import { logSettings } from '../registry/log-settings.js';

export { LOG_FORMATS, LOG_LEVELS } from '../registry/log-settings.js';

/** Throws a ConfigError naming the flag or variable when a value is not one of the accepted ones. */
export function setUpLogging(flags: { logLevel?: string; logFormat?: string }, env: NodeJS.ProcessEnv = process.env): void {
  configureLogging(logSettings(flags, env));
}

/**
 * Whether `serve` writes the access log. On a terminal (human lines) a line per request would
 * bury everything else, so it is written only when asked for (--access-log); in JSON lines
 * (a file, a pipe, journald, --log-format json) `server.access_log` decides, on by default.
 */
export function accessLogWanted(asked: boolean | undefined, configured: boolean): boolean {
  return asked ?? (logFormat() === 'pretty' ? false : configured);
}
