// Defence in depth: a value the config loader substituted for ${NAME} is removed from every log
// line and RPC error message, whichever field carries it, and the line stays valid JSON.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { MIN_SCRUBBED_LENGTH, REDACTED, registerSecret, scrubJsonLine, scrubSecrets } from '../../src/log/secrets.js';
import { RpcError } from '../../src/rpc/errors.js';
import { parseConfig } from '../../src/registry/config.js';

function capture(): { lines: string[]; logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  return { lines, logger: createLogger('info', sink) };
}

describe('secret scrubbing', () => {
  it('the config loader registers ${NAME} values; a later log line or RPC error cannot carry them', () => {
    const key = 'Zk9/q=Tr%2Fw"back\\slash';
    parseConfig('chains:\n  - origin_key: base\n    rpc_urls: [ "https://node.example/v2/${NODE_KEY}" ]\n', 'c.yaml', { env: { NODE_KEY: key } });
    const { lines, logger } = capture();
    logger.info({ url: `https://node.example/v2/${key}`, nested: { deep: [key, encodeURIComponent(key)] }, err: new Error(`boom ${key}`) }, `message ${key}`);
    logger.child({ k: key }).warn(key);
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      const parsed = JSON.parse(l) as unknown;
      const text = JSON.stringify(parsed);
      expect(text).not.toContain('Zk9');
      expect(l).toContain(REDACTED);
    }
    expect(new RpcError(`failed on ${key}`, null).message).toBe(`failed on ${REDACTED}`);
    expect(new RpcError('x', null, `public ${encodeURIComponent(key)}`).publicMessage).toBe(`public ${REDACTED}`);
  });

  it('keeps a line valid JSON whatever the value looks like (digits, literals, escapes)', () => {
    registerSecret('12345678');
    registerSecret('nsecret');
    const line = JSON.stringify({ ms: 12345678, a: 'id 12345678', b: '\nsecret', c: true });
    const out = scrubJsonLine(line);
    expect(JSON.parse(out)).toEqual({ ms: 12345678, a: `id ${REDACTED}`, b: '\nsecret', c: true });
  });

  it(`leaves values shorter than ${MIN_SCRUBBED_LENGTH} characters alone (labels keep those out)`, () => {
    registerSecret('ab');
    expect(scrubSecrets('table abc')).toBe('table abc');
  });
});
