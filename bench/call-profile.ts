// BENCH_PROFILE=1 in the benchmarks: the time and count of every store call (and of the document
// builders a benchmark adds), printed to stderr by `report`, largest first, then reset. Beside the
// wall time each line has the CPU seconds of the whole process over the calls (every thread:
// DuckDB's, the compression workers') and of the main thread alone (the JavaScript), read from
// /proc where there is one: on a shared machine wall time says more about the load than the call.
import { readFileSync } from 'node:fs';

export interface CallProfile {
  /** Wraps fn so that its calls are timed under `name`. */
  timed<F extends (...a: never[]) => unknown>(name: string, fn: F): F;
  report(log: (line: string) => void): void;
}

/** CPU seconds of the main thread (utime + stime of /proc/self/task/<pid>), or NaN without /proc. */
export function mainThreadCpuS(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

const processCpuS = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * Times every method of `store` (its class's own methods) but the connection plumbing. `trace`
 * (bench:apps' BENCH_PROFILE=2) is told each call as it starts, to see where a slow run stands.
 * Calls nested in a timed call (the store calls of a builder) count in both.
 */
export function profileCalls(store: object, trace?: (name: string) => void): CallProfile {
  const spent = new Map<string, { ms: number; cpu: number; main: number; calls: number }>();
  const timed = <F extends (...a: never[]) => unknown>(name: string, fn: F): F =>
    (async (...a: Parameters<F>) => {
      const t = performance.now();
      const cpu = processCpuS();
      const main = mainThreadCpuS();
      trace?.(name);
      try {
        return await fn(...a);
      } finally {
        const e = spent.get(name) ?? { ms: 0, cpu: 0, main: 0, calls: 0 };
        e.ms += performance.now() - t;
        e.cpu += processCpuS() - cpu;
        e.main += mainThreadCpuS() - main;
        e.calls++;
        spent.set(name, e);
      }
    }) as unknown as F;
  const proto = Object.getPrototypeOf(store) as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(proto)) {
    // Accessors (uncommittedTransactions) are not calls; reading one off the prototype would run it without its store.
    if (typeof Object.getOwnPropertyDescriptor(proto, name)?.get === 'function') continue;
    const fn = proto[name];
    // Plumbing that the timed calls themselves go through: timing it would count twice.
    if (name === 'constructor' || typeof fn !== 'function' || ['use', 'serial', 'transaction', 'query', 'exec'].includes(name)) continue;
    (store as Record<string, unknown>)[name] = timed(`store.${name}`, (fn as (...a: never[]) => unknown).bind(store));
  }
  return {
    timed,
    report(log) {
      for (const [name, e] of [...spent].sort((a, b) => b[1].ms - a[1].ms)) {
        log(`    ${(e.ms / 1000).toFixed(3)} s  CPU ${e.cpu.toFixed(2)} s (main thread ${e.main.toFixed(2)} s)  ${String(e.calls).padStart(5)}×  ${name}`);
      }
      spent.clear();
    },
  };
}
