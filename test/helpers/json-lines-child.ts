// A child process of the test code (a .ts file run through tsx) that reports on stdout one JSON
// object per line: the crash tests read those lines to decide when to SIGKILL it.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs `script` with `arg` as its one argument (JSON) and calls `onLine` with each line it prints. */
export function runJsonLinesChild<L>(script: string, arg: unknown, onLine: (line: L, child: ChildProcess) => void): Promise<ChildExit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(arg)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let buf = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = JSON.parse(buf.slice(0, nl)) as L;
        buf = buf.slice(nl + 1);
        onLine(line, child);
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
}
