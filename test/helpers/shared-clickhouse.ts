// What test/global-setup.ts hands every test file (vitest's provide/inject): the run's shared
// ClickHouse cluster and the cache folder of devnet document sets. Kept apart from the helpers
// that use them so that the global setup, which runs outside any test file, imports no vitest
// runtime.
import 'vitest';

/** A node of the shared cluster as the files see it (addresses only: the main process runs it). */
export interface SharedClickHouseNode {
  name: string;
  host: string;
  httpPort: number;
  tcpPort: number;
  url: string;
}

export interface SharedClickHouse {
  name: string;
  /** The cluster's folder; holds SHARED_CLICKHOUSE_FAILED when its start failed. */
  root: string;
  nodes: SharedClickHouseNode[];
}

/** Written into the cluster's folder, with the reason, when the shared cluster failed to start. */
export const SHARED_CLICKHOUSE_FAILED = 'start-failed.txt';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedClickHouse: SharedClickHouse;
    devnetDocumentCache: string;
  }
}
