// BENCH_PROFILE=1 in the benchmarks: the time and count of every store call (and of the document
// builders a benchmark adds), printed to stderr by `report`, largest first, then reset.
export interface CallProfile {
  /** Wraps fn so that its calls are timed under `name`. */
  timed<F extends (...a: never[]) => unknown>(name: string, fn: F): F;
  report(log: (line: string) => void): void;
}

/**
 * Times every method of `store` (its class's own methods) but the connection plumbing. `trace`
 * (bench:apps' BENCH_PROFILE=2) is told each call as it starts, to see where a slow run stands.
 */
export function profileCalls(store: object, trace?: (name: string) => void): CallProfile {
  const spent = new Map<string, { ms: number; cpu_us: number; calls: number }>();
  const timed = <F extends (...a: never[]) => unknown>(name: string, fn: F): F =>
    (async (...a: Parameters<F>) => {
      const t = performance.now();
      const c0 = process.cpuUsage();
      trace?.(name);
      try {
        return await fn(...a);
      } finally {
        const e = spent.get(name) ?? { ms: 0, cpu_us: 0, calls: 0 };
        const c = process.cpuUsage(c0);
        e.ms += performance.now() - t;
        e.cpu_us += c.user + c.system;
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
      for (const [name, e] of [...spent].sort((a, b) => b[1].ms - a[1].ms)) log(`    ${(e.ms / 1000).toFixed(3)} s  ${String(e.calls).padStart(5)}×  ${name}  (CPU ${(e.cpu_us / 1e6).toFixed(3)} s)`);
      spent.clear();
    },
  };
}
