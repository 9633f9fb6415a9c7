// A server in its own process, so that a test can read that process's memory alone: serves the
// fixture set with master.json padded to 64 KB (the size of a real one), prints "BASE <url>",
// and answers every line on stdin with "RSS <bytes> PEAK <bytes> OPEN <connections> SERVED
// <responses> AT_HEALTH <responses>": the responses other than /healthz written so far, and
// how many of them had been written when the last /healthz was answered (-1: none yet).
// Argument: a JSON `server:` section.
import { buildDocumentSet } from '../../../src/documents/document-set.js';
import { BUILT_AT, fixtureInputs } from './fixture-set.js';
import { startServer } from './server.js';

const section = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
const padded = fixtureInputs().map((d) =>
  d.path === '/v1/master.json' && d.json !== undefined
    ? { ...d, json: { ...(d.json as object), padding: Array.from({ length: 1024 * 3 }, (_, i) => `${i}-${(i * 2654435761) % 1000003}-padding`) } }
    : d,
);
let served = 0;
let atHealth = -1;
const srv = await startServer(buildDocumentSet(padded, BUILT_AT), section, () => {
  atHealth = served; // called while /healthz is being answered
  return { chains: [] };
});
// Every response the server writes is recorded here (request-handler.ts sendBytes).
const observe = srv.app.metrics.observe.bind(srv.app.metrics);
srv.app.metrics.observe = (route, status, seconds) => {
  if (route !== 'healthz') served++;
  observe(route, status, seconds);
};
let peak = process.memoryUsage().rss;
setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20).unref();
const open = (): number => srv.app.guard.open;
process.stdout.write(`BASE ${srv.base}\n`);
process.stdin.on('data', () => {
  peak = Math.max(peak, process.memoryUsage().rss);
  process.stdout.write(`RSS ${process.memoryUsage().rss} PEAK ${peak} OPEN ${open()} SERVED ${served} AT_HEALTH ${atHealth}\n`);
});
process.stdin.on('end', () => process.exit(0));
