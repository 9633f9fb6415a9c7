// Starts a real server on an ephemeral loopback port for a test file.
import { FixedClock } from '../../../src/clock.js';
import type { DocumentSet } from '../../../src/documents/document-set.js';
import { parseServerConfig, type ServerConfig } from '../../../src/server/config.js';
import { DocumentHolder } from '../../../src/server/document-holder.js';
import type { HealthInfo } from '../../../src/server/health.js';
import { createHttpServer, type ChainlyticsHttpServer } from '../../../src/server/http-server.js';
import { BUILT_AT } from './fixture-set.js';

export interface TestServer {
  base: string;
  holder: DocumentHolder;
  clock: FixedClock;
  app: ChainlyticsHttpServer;
  config: ServerConfig;
  close(): Promise<void>;
}

export async function startServer(
  set: DocumentSet | null,
  configInput: Record<string, unknown> = {},
  health?: () => HealthInfo,
): Promise<TestServer> {
  const holder = new DocumentHolder(set);
  const clock = new FixedClock(BUILT_AT + 120_000);
  const config = parseServerConfig({ public_base_url: 'https://api.example.org', ...configInput }, 'test config');
  const app = createHttpServer({ holder, clock, config, health });
  const base = await app.listen(0, '127.0.0.1');
  return { base, holder, clock, app, config, close: () => app.close() };
}
