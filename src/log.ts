// One logger factory for the whole process. JSON lines (pino) so operators can ship them;
// LOG_LEVEL picks the level; tests pass `silent`.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { app: 'chainlytics' }, timestamp: pino.stdTimeFunctions.isoTime });
}
