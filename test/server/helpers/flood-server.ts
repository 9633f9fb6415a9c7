// A server in its own process, so that a test can read that process's memory alone: serves the
// fixture set with master.json padded to 64 KB (the size of a real one), prints "BASE <url>",
// and answers every line on stdin with "RSS <bytes> PEAK <bytes> OPEN <connections>".
// Argument: a JSON `server:` section.
import { buildDocumentSet } from '../../../src/documents/document-set.js';
import { BUILT_AT, fixtureInputs } from './fixture-set.js';
import { startServer } from './server.js';

const section = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
const padded = fixtureInputs().map((d) =>
  d.path === '/v1/master.json' && d.csv === undefined
    ? { ...d, json: { ...(d.json as object), padding: Array.from({ length: 1024 * 3 }, (_, i) => `${i}-${(i * 2654435761) % 1000003}-padding`) } }
    : d,
);
const srv = await startServer(buildDocumentSet(padded, BUILT_AT), section);
let peak = process.memoryUsage().rss;
setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20).unref();
const open = (): number => srv.app.guard.open;
process.stdout.write(`BASE ${srv.base}\n`);
process.stdin.on('data', () => {
  peak = Math.max(peak, process.memoryUsage().rss);
  process.stdout.write(`RSS ${process.memoryUsage().rss} PEAK ${peak} OPEN ${open()}\n`);
});
process.stdin.on('end', () => process.exit(0));
