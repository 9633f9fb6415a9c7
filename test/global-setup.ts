// vitest's globalSetup (vitest.config.ts), in the main process before any test file runs:
// - builds dist/ when it is missing or older than the sources (scripts/build.ts), so that
//   `npx vitest run` on a fresh checkout works and the tests that need the build see the current
//   code: the dashboard's files (dist/web/, read by the server as at run time) and
//   bin/chainlytics.js (which runs dist/);
// - starts the run's one shared 2-shard ClickHouse cluster (test/helpers/clickhouse-store.ts):
//   its ports and configuration are handed to the files at once, the nodes start in the
//   background while the first files run (each file waits for /ping before its first query);
// - makes the run's cache folder of devnet document sets (test/helpers/devnet-documents.ts).
// Both are removed when the run ends.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BuildTypeErrors, ensureBuilt } from '../scripts/build.js';
import { prepareClickHouseCluster } from '../support/clickhouse/cluster.js';
import { SHARED_CLICKHOUSE_FAILED } from './helpers/shared-clickhouse.js';
import { TEST_NODE_QUERY_DEFAULTS, TEST_NODE_SERVER_SETTINGS } from './helpers/test-cluster-settings.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await prepareClickHouseCluster({ shards: 2, queryDefaults: TEST_NODE_QUERY_DEFAULTS, serverSettings: TEST_NODE_SERVER_SETTINGS });
  // Started beside the build: the nodes are other processes, and a failure is written where the
  // files look for it, so they fail at once with its reason instead of waiting out a timeout.
  const started = cluster.start().catch((err: unknown) => writeFile(join(cluster.root, SHARED_CLICKHOUSE_FAILED), String((err as Error)?.message ?? err)));
  const documentCache = await mkdtemp(join(tmpdir(), 'chainlytics-test-documents-'));
  project.provide('sharedClickHouse', {
    name: cluster.name,
    root: cluster.root,
    nodes: cluster.nodes.map((n) => ({ name: n.name, host: n.host, httpPort: n.httpPort, tcpPort: n.tcpPort, url: n.url })),
  });
  project.provide('devnetDocumentCache', documentCache);
  // In watch mode the sources may have changed between reruns: a set built before is not reused.
  project.onTestsRerun(async () => {
    for (const name of await readdir(documentCache)) await rm(join(documentCache, name), { force: true });
  });
  const teardown = async (): Promise<void> => {
    await started;
    await cluster.stop();
    await rm(documentCache, { recursive: true, force: true });
  };
  try {
    await ensureBuilt((line) => console.log(line));
  } catch (err) {
    // tsc wrote every file despite them; the tests still run (as they would under tsx), and
    // `npm run typecheck` / `npm run build` report the errors until they are fixed.
    if (err instanceof BuildTypeErrors) console.warn(`${err.message}; running the tests anyway`);
    else {
      await teardown();
      throw err;
    }
  }
  return teardown;
}
