import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevnetMode, type DevnetMode } from '../../src/app/devnet-mode.js';
import { systemClock } from '../../src/clock.js';
import { createLogger } from '../../src/log.js';
import { loadConfig } from '../../src/registry/config.js';
import { DefiLlamaClient } from '../../src/sources/external/defillama-client.js';

describe('npm start (devnet mode) and the application files', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'devnet-mode-apps-'));
  let mode: DevnetMode | undefined;
  afterAll(async () => {
    await mode?.devnet.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes labels, project files and the overlay into the data dir and puts their paths in the config', async () => {
    mode = await startDevnetMode({ dataDir, clock: systemClock, logger: createLogger('silent'), historyDays: 1, txPerDay: 10 });
    const { labelsCsv, projectsDir, overlay } = mode.appFiles;
    expect(labelsCsv.startsWith(join(dataDir, 'devnet-apps'))).toBe(true);
    expect(existsSync(labelsCsv) && existsSync(overlay)).toBe(true);
    expect(readdirSync(projectsDir).length).toBeGreaterThan(40);
    const config = mode.configure(loadConfig(null, {})) as unknown as Record<string, unknown>;
    // The keys the application sources read (src/registry config sections `labels`, `projects`).
    expect(config.labels).toEqual({ files: [labelsCsv], urls: [] });
    expect(config.projects).toEqual({ dir: projectsDir, overlay });
    expect(mode.appSources).toEqual({ labels: config.labels, projects: config.projects });
  });

  it("points external.defillama_url at the devnet feed, which answers every chain's tvl and app revenue", async () => {
    const config = mode!.configure(loadConfig(null, {}));
    expect(config.external.defillama_url).toBe(mode!.devnet.info.priceUrl);
    const client = new DefiLlamaClient({ baseUrl: config.external.defillama_url!, retries: 1 });
    expect(config.chains.length).toBeGreaterThan(0);
    for (const chain of config.chains) {
      expect(chain.defillama).not.toBeNull();
      for (const series of ['tvl', 'app_revenue'] as const) expect((await client.series(series, chain.defillama!)).length).toBe(400);
    }
  });
});
