// Child process for the bounded-log test: logs a flood of lines to a stdout nobody reads, then
// reports its memory growth and the dropped-line count on stderr (written synchronously).
import { writeSync } from 'node:fs';
import { systemClock } from '../../../src/clock.js';
import { createLogger, droppedLogLines } from '../../../src/log.js';
import { DocumentHolder } from '../../../src/server/document-holder.js';
import { ServerMetrics } from '../../../src/server/server-metrics.js';

const LINES = Number(process.argv[2] ?? 400_000);
const logger = createLogger('info');
const payload = 'x'.repeat(200);
const before = process.memoryUsage().rss;
let peak = before;
for (let i = 0; i < LINES; i++) {
  logger.info({ i, payload }, 'flood');
  // Yield now and then so the stream gets its chances to write, as a real server would.
  if (i % 10_000 === 0) {
    await new Promise((r) => setImmediate(r));
    peak = Math.max(peak, process.memoryUsage().rss);
  }
}
peak = Math.max(peak, process.memoryUsage().rss);
// The count as /metrics publishes it.
const scraped = await new ServerMetrics(new DocumentHolder(), systemClock).registry.metrics();
const published = Number(/^chainlytics_log_lines_dropped_total (\d+)$/m.exec(scraped)?.[1] ?? NaN);
writeSync(2, JSON.stringify({ lines: LINES, growth_mb: (peak - before) / 2 ** 20, dropped: droppedLogLines(), published }) + '\n');
process.exit(0);
