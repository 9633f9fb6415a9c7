// What a command prints when it fails, and its exit code; src/cli only writes it out. Errors an
// operator can fix (bad config, a damaged or full store, a checkout never built, a port in use)
// end with their message and exit code 2, never a stack trace. Any other error ends with its
// message and exit code 1; its stack only with --debug (a stack repeats the message and adds
// nothing an operator acts on). Every line passes the secret scrubber: a message may quote an
// upstream's answer.
import { scrubSecrets } from '../log/secrets.js';
import { ConfigError } from '../registry/config-error.js';
// The error classes from the modules that define them, not from runtime.ts: every command loads
// this file at start-up, and runtime.ts loads the whole service.
import { DashboardNotBuiltError } from '../dashboard/dashboard-not-built.js';
import { StorageFaultError } from '../store/storage-fault.js';
import { StoreUnreadableError } from '../store/store-unreadable.js';
import { NginxSiteError } from './nginx-site-error.js';

export interface FatalReport {
  /** The text for stderr, ending with a newline. */
  text: string;
  exitCode: 1 | 2;
}

/** `fixable`: the caller knows the error is one of its own a user can fix (the CLI's flag errors). */
export function fatalReport(err: unknown, opts: { debug: boolean; fixable?: boolean }): FatalReport {
  const fixable = opts.fixable || err instanceof ConfigError || err instanceof NginxSiteError || err instanceof StoreUnreadableError || err instanceof StorageFaultError || err instanceof DashboardNotBuiltError;
  if (fixable && err instanceof Error) return { text: `${scrubSecrets(err.message)}\n`, exitCode: 2 };
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'EADDRINUSE') {
    return { text: `chainlytics: the port is already in use (${scrubSecrets(e.message)}). Pick another with --port or PORT.\n`, exitCode: 2 };
  }
  const text = !(err instanceof Error) ? String(err) : opts.debug ? (err.stack ?? err.message) : `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}`;
  return { text: `chainlytics: ${scrubSecrets(text)}\n${opts.debug ? '' : '(run again with --debug for the stack trace)\n'}`, exitCode: 1 };
}
