// The `chainlytics` command as a user runs it: a child process of bin/chainlytics.js (which runs
// dist/, built by vitest's globalSetup), its stdout and stderr read together.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '../../../bin/chainlytics.js');

export interface CliRun {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  out: () => string;
  exit: Promise<number | null>;
}

/** `run` starts the command; `killAll` ends every child it started that is still running (afterAll). */
export function cliRunner(): { run: (args: string[], env?: NodeJS.ProcessEnv) => CliRun; killAll: () => void } {
  const children: ChildProcess[] = [];
  const run = (args: string[], env: NodeJS.ProcessEnv = {}): CliRun => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, out: () => out, exit };
  };
  const killAll = (): void => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  };
  return { run, killAll };
}
