// A server in its own process whose access log goes to the process's real stdout (the test
// points that at a file), through the logger production uses (createLogger). Talks to the test
// over IPC: sends {base} once listening; on {stats} answers with the responses it wrote, the log
// lines it dropped and its CPU time (process.cpuUsage); on {exit} closes the server and exits, so the logger's exit flush runs.
//
// With BLOCK_POOL_FIFO=<path of a named pipe> (and UV_THREADPOOL_SIZE=1), it first opens that
// pipe for reading, which holds libuv's only pool thread until the test opens the pipe for
// writing: asynchronous file writes, which run on that pool, wait meanwhile, as they do behind
// slow DNS lookups, a slow disk or other file work.
import { open } from 'node:fs';
import { droppedLogLines } from '../../../src/log.js';
import { fixtureSet } from './fixture-set.js';
import { startServer } from './server.js';

const send = (m: unknown): void => void process.send!(m);
const fifo = process.env.BLOCK_POOL_FIFO;
if (fifo !== undefined) open(fifo, 'r', () => undefined);
let responses = 0;
const srv = await startServer(fixtureSet(), { access_log: true });
// Every response the server writes passes here (request-handler.ts sendBytes), and so does
// every request node itself could not read ('invalid': a client that reset its connection
// mid-request), which has no access-log line.
const observe = srv.app.metrics.observe.bind(srv.app.metrics);
srv.app.metrics.observe = (route, status, seconds) => {
  if (route !== 'invalid') responses++;
  observe(route, status, seconds);
};
process.on('message', (m: { op: string }) => {
  if (m.op === 'stats') send({ responses, dropped: droppedLogLines(), cpu: process.cpuUsage() });
  if (m.op === 'exit') void srv.close().then(() => process.exit(0));
});
send({ base: srv.base });
