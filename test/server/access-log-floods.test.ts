// Error floods in the access log: a client hammering unknown paths (404) costs a bounded number
// of lines per window plus one summary counting the rest; successful requests are all logged.
// Real server on an ephemeral port; the window advances with the test clock.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock.js';
import { serverSettings } from '../../src/registry/config.js';
import { ERROR_LINES_PER_WINDOW, ERROR_WINDOW_MS } from '../../src/server/access-log.js';
import { DocumentHolder } from '../../src/server/document-holder.js';
import { createHttpServer } from '../../src/server/http-server.js';
import { BUILT_AT, fixtureSet } from './helpers/fixture-set.js';
import { request } from './helpers/http-client.js';

type Line = { path?: string; status: number; route?: string; suppressed?: number; logged?: number; msg?: string };

describe('access log under an error flood', () => {
  it('logs the first lines of a 404 flood per window, then one summary; every 200 is logged', async () => {
    const lines: Line[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Line);
        cb();
      },
    });
    const clock = new FixedClock(BUILT_AT);
    const app = createHttpServer({
      holder: new DocumentHolder(fixtureSet()),
      clock,
      config: serverSettings({ access_log: true }),
      logger: pino(sink),
    });
    const base = await app.listen(0, '127.0.0.1');
    const FLOOD = 300;
    try {
      for (let i = 0; i < FLOOD; i++) expect((await request(base, `/v1/no-such-${i}.json`)).status).toBe(404);
      for (let i = 0; i < 30; i++) expect((await request(base, '/v1/master.json')).status).toBe(200);
      // The next window: its first 404 closes the previous window with a summary.
      clock.advance(ERROR_WINDOW_MS);
      expect((await request(base, '/v1/no-such-again.json')).status).toBe(404);
    } finally {
      await app.close();
    }
    const notFound = lines.filter((l) => l.status === 404 && l.path !== undefined);
    const ok = lines.filter((l) => l.status === 200);
    const summaries = lines.filter((l) => l.suppressed !== undefined);
    expect(ok).toHaveLength(30);
    // First window: ERROR_LINES_PER_WINDOW lines; second window: one.
    expect(notFound).toHaveLength(ERROR_LINES_PER_WINDOW + 1);
    expect(summaries).toEqual([
      expect.objectContaining({ status: 404, suppressed: FLOOD - ERROR_LINES_PER_WINDOW, logged: ERROR_LINES_PER_WINDOW, msg: 'access log: repeated errors summarised' }),
    ]);
    // Lines are bounded by the window, not by the traffic.
    expect(lines.length).toBeLessThan(30 + 2 * ERROR_LINES_PER_WINDOW + 3);
  });
});
