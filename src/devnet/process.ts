// Runs the devnet in a separate Node process, so a benchmark or a demo gets one core for the
// devnet and one for ingestion. The child is child.js next to this file (compiled, plain Node),
// or child.ts under tsx when running from the sources (src/entry-points.ts); the two talk over
// Node's IPC channel. Faults, reorgs and ground truth are in-process features (startDevnet).
import { fork, type ChildProcess } from 'node:child_process';
import { processEntry } from '../entry-points.js';
import type { Chain } from '../registry/types.js';
import type { ChildReply, DevnetProcessInfo, DevnetProcessOptions, ParentMessage } from './process-protocol.js';

export type { DevnetProcessInfo, DevnetProcessOptions } from './process-protocol.js';

export interface DevnetProcess {
  info: DevnetProcessInfo;
  pid: number;
  chainConfigs(): Chain[];
  /** Move the child's frozen clock (only when started with fixedNowMs). */
  setNow(ms: number): Promise<void>;
  close(): Promise<void>;
}

export interface ProcessControl {
  /** Give up when the child is not ready within this many ms (default 60 000). */
  startTimeoutMs?: number;
  /** Extra Node flags for the child, e.g. ['--cpu-prof'] to profile the devnet. */
  execArgv?: string[];
}

export function startDevnetProcess(opts: DevnetProcessOptions = {}, control: ProcessControl = {}): Promise<DevnetProcess> {
  if ('clock' in opts) throw new Error('startDevnetProcess: a Clock object cannot cross processes; pass fixedNowMs for a frozen clock');
  const startTimeoutMs = control.startTimeoutMs ?? 60_000;
  const entry = processEntry(import.meta.url, './child');
  const child = fork(entry.path, [], { execArgv: [...(control.execArgv ?? []), ...entry.execArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const send = (m: ParentMessage): void => void child.send(m);
  let nextId = 1;
  const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return new Promise<DevnetProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`devnet process did not start within ${startTimeoutMs} ms`));
    }, startTimeoutMs);
    const fail = (err: Error): void => {
      clearTimeout(timer);
      reject(err);
    };
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      const err = new Error(`devnet process exited (code ${code}, signal ${signal})`);
      fail(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    });
    child.on('message', (raw) => {
      const msg = raw as ChildReply;
      if (msg.type === 'ready') {
        clearTimeout(timer);
        let closing: Promise<void> | null = null;
        resolve({
          info: msg.info,
          pid: child.pid as number,
          chainConfigs: () => structuredClone(msg.configs),
          setNow: (ms) =>
            new Promise<void>((res, rej) => {
              const id = nextId++;
              pending.set(id, { resolve: res, reject: rej });
              send({ type: 'set_now', id, ms });
            }),
          close: () => (closing ??= closeChild(child, exited)),
        });
      } else if (msg.type === 'ok' || (msg.type === 'error' && msg.id !== undefined)) {
        const p = pending.get(msg.id as number);
        pending.delete(msg.id as number);
        if (msg.type === 'ok') p?.resolve();
        else p?.reject(new Error(`devnet process: ${msg.message}`));
      } else if (msg.type === 'error') {
        child.kill('SIGKILL');
        fail(new Error(`devnet process failed to start: ${msg.message}`));
      }
    });
    send({ type: 'start', opts });
  });
}

async function closeChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.send({ type: 'close' } satisfies ParentMessage);
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}
