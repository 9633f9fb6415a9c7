// Time spent in chosen document kinds' builders while whole builds run (bench:build), so that a
// kind's share of the full and of the hourly build is measured where it runs: after the builders
// it reads from (metric details fill ctx.supported) and with the store's caches as they are then.
import type { DocumentKind } from '../src/documents/document-kind.js';

export interface KindTimer {
  /** Seconds spent in the kinds' builders since the last take, then reset. */
  take(): number;
}

/** Wraps each kind's builder (in place: the build loop reads DOCUMENT_KINDS) with a timer. */
export function timeKinds(kinds: ReadonlyArray<DocumentKind>): KindTimer {
  let ms = 0;
  for (const kind of kinds) {
    const build = kind.build;
    if (!build) throw new Error(`document kind ${kind.route} has no builder to time`);
    kind.build = async (ctx) => {
      const t = performance.now();
      try {
        return await build(ctx);
      } finally {
        ms += performance.now() - t;
      }
    };
  }
  return {
    take() {
      const s = ms / 1000;
      ms = 0;
      return s;
    },
  };
}
