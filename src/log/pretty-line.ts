// One JSON log line (as pino wrote it, secrets already scrubbed) turned into one short line for a
// person at a terminal: `HH:MM:SS LEVEL stage chain message key=value …`. The time is UTC, like
// every time the service publishes. Colour marks the level (and dims the time and fields) only
// when the caller says the terminal shows colour (tty.WriteStream#hasColors, which honours
// NO_COLOR, FORCE_COLOR and TERM).
import { styleText } from 'node:util';

type Style = Parameters<typeof styleText>[0];

const LEVELS: Record<number, { name: string; style: Style }> = {
  10: { name: 'TRACE', style: 'gray' },
  20: { name: 'DEBUG', style: 'gray' },
  30: { name: 'INFO ', style: 'green' },
  40: { name: 'WARN ', style: 'yellow' },
  50: { name: 'ERROR', style: ['red', 'bold'] },
  60: { name: 'FATAL', style: ['bgRed', 'white', 'bold'] },
};

/** Written by pino or shown in their own column: never repeated among the fields. */
const OWN_COLUMNS = new Set(['level', 'time', 'pid', 'hostname', 'app', 'msg', 'stage', 'chain', 'origin_key']);

/** A field value as text: strings as they are (quoted when they hold a space), fractions to 3 decimals, lists joined, an error by its message. */
function fieldText(v: unknown): string {
  if (typeof v === 'string') return /[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v;
  // A duration of 6480.250961000002 ms reads as 6480.251.
  if (typeof v === 'number' && !Number.isInteger(v)) return String(Math.round(v * 1000) / 1000);
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.join(',');
  if (v !== null && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') return fieldText((v as { message: string }).message);
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** The access log's request lines carry no message: they read as `GET /path 200 1.2ms`. */
function accessLine(o: Record<string, unknown>): string | null {
  if (o.msg !== undefined || typeof o.method !== 'string' || typeof o.status !== 'number') return null;
  return `${o.method} ${String(o.path)} ${o.status} ${String(o.ms)}ms`;
}

/** The human line for one JSON log line, newline included; a line that is not JSON is passed on as it is. */
export function prettyLine(json: string, color: boolean): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const paint = (style: Style, text: string): string => (color ? styleText(style, text, { validateStream: false }) : text);
  const level = LEVELS[o.level as number] ?? { name: String(o.level).toUpperCase().padEnd(5), style: 'white' as Style };
  const time = typeof o.time === 'string' ? o.time.slice(11, 19) : '';
  const chain = o.chain ?? o.origin_key;
  const head = [paint('dim', time), paint(level.style, level.name)];
  if (typeof o.stage === 'string') head.push(paint('cyan', o.stage));
  if (typeof chain === 'string') head.push(paint('magenta', chain));
  const message = accessLine(o) ?? (typeof o.msg === 'string' ? o.msg : '');
  const fields = Object.entries(o)
    .filter(([k]) => !OWN_COLUMNS.has(k) && !(message !== o.msg && ['method', 'path', 'status', 'ms'].includes(k)))
    .map(([k, v]) => `${k}=${fieldText(v)}`);
  const tail = fields.length > 0 ? ` ${paint('dim', fields.join(' '))}` : '';
  // A message spanning lines (a stack) stays readable, indented under its head.
  return `${head.join(' ')} ${message.replace(/\n/g, '\n    ')}${tail}\n`;
}
