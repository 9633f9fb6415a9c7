// The `chainlytics` command under a real pseudo-terminal, as a person starts it: util-linux
// `script` gives it a pty (so stdout and stderr are TTYs of the size set with stty), and the
// bytes it writes are fed to a terminal emulator (@xterm/headless) to read the screen the person
// would see, scrollback included, with each cell's colour.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import xtermHeadless from '@xterm/headless';

const BIN = join(import.meta.dirname, '../../../bin/chainlytics.js');

export interface TerminalRun {
  child: ChildProcess;
  /** The raw bytes written to the terminal so far, as text. */
  raw: () => string;
  /** Types keys into the terminal (`\x03` is Ctrl-C). */
  type: (keys: string) => void;
  exit: Promise<number | null>;
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export function runInTerminal(args: string[], size: { cols: number; rows: number }, env: NodeJS.ProcessEnv): TerminalRun {
  const cmd = `stty cols ${size.cols} rows ${size.rows}; exec ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  // -q: no start/stop notes, -f: flush at once, -e: script exits with the command's status.
  const child = spawn('script', ['-qfec', cmd, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout!.on('data', (d: Buffer) => chunks.push(d));
  child.stderr!.on('data', (d: Buffer) => chunks.push(d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, raw: () => Buffer.concat(chunks).toString('utf8'), type: (keys) => void child.stdin!.write(keys), exit };
}

export interface ScreenLine {
  text: string;
  /** The palette colour (0–15) of the cell at `col`, or null when it has the default colour. */
  colorAt(col: number): number | null;
}

/** Every line of the terminal after `bytes` (scrollback, then the screen), right-trimmed. */
export function screenOf(bytes: string, size: { cols: number; rows: number }): Promise<ScreenLine[]> {
  const term = new xtermHeadless.Terminal({ cols: size.cols, rows: size.rows, scrollback: 10_000, allowProposedApi: true });
  return new Promise((resolve) => {
    term.write(bytes, () => {
      const buf = term.buffer.active;
      const lines: ScreenLine[] = [];
      for (let i = 0; i < buf.length; i++) {
        const line = buf.getLine(i)!;
        lines.push({
          text: line.translateToString(true),
          colorAt: (col) => {
            const cell = line.getCell(col);
            return cell && cell.isFgPalette() ? cell.getFgColor() : null;
          },
        });
      }
      term.dispose();
      resolve(lines);
    });
  });
}
