// Starts a real server on an ephemeral loopback port for a test file.
import { FixedClock } from '../../../src/clock.js';
import type { DocumentSet } from '../../../src/documents/document-set.js';
import { serverSettings } from '../../../src/registry/config.js';
import type { ServerSectionInput, ServerSettings } from '../../../src/registry/server-settings.js';
import { DocumentHolder } from '../../../src/server/document-holder.js';
import type { HealthInfo } from '../../../src/server/health.js';
import type { RootRoutes } from '../../../src/server/root-routes.js';
import { createHttpServer, type HttpServerOptions, type NodeHttpServer } from '../../../src/server/http-server.js';
import type { StaticFile } from '../../../src/server/static-files.js';
import { BUILT_AT } from './fixture-set.js';

export interface TestServer {
  base: string;
  holder: DocumentHolder;
  clock: FixedClock;
  app: NodeHttpServer;
  config: ServerSettings;
  close(): Promise<void>;
}

export async function startServer(
  set: DocumentSet | null,
  configInput: ServerSectionInput = {},
  health?: () => HealthInfo,
  /** The dashboard's files (src/dashboard/assets.ts), when the test serves it. */
  staticFiles?: readonly StaticFile[],
  /** The connection guard's sweeps on the test's time. */
  connectionGuard?: HttpServerOptions['connectionGuard'],
  /** Routes beside the documents (the live stream's, src/live/live-routes.ts). */
  rootRoutes?: RootRoutes,
): Promise<TestServer> {
  const holder = new DocumentHolder(set);
  const clock = new FixedClock(BUILT_AT + 120_000);
  // The production path (schema, checks, defaults); the access log is off unless a test asks.
  const config = serverSettings({ public_base_url: 'https://api.example.org', access_log: false, ...configInput }, 'test config');
  const app = createHttpServer({ holder, clock, config, health, staticFiles, connectionGuard, rootRoutes });
  const base = await app.listen(0, '127.0.0.1');
  return { base, holder, clock, app, config, close: () => app.close() };
}
