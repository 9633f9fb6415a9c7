// Defence in depth: a value the config loader substituted for ${NAME} is removed from every log
// line and RPC error message, whichever field carries it and in whichever encoding an upstream
// echoed it, and the line stays valid JSON.
import { describe, expect, it } from 'vitest';
import { createLogger, prettyDestination } from '../../src/log.js';
import { MIN_SCRUBBED_LENGTH, REDACTED, registerSecret, scrubJsonLine, scrubSecrets } from '../../src/log/secrets.js';
import { RpcError } from '../../src/rpc/errors.js';
import { parseConfig } from '../../src/registry/config.js';
import { captureLog } from './helpers/capture-log.js';

describe('secret scrubbing', () => {
  it('the config loader registers ${NAME} values; a later log line or RPC error cannot carry them', () => {
    const key = 'Zk9/q=Tr%2Fw"back\\slash';
    parseConfig('chains:\n  - origin_key: base\n    rpc_urls: [ "https://node.example/v2/${NODE_KEY}" ]\n', 'c.yaml', { env: { NODE_KEY: key } });
    const { lines, logger } = captureLog();
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

  it('removes a password in every encoding an upstream may echo it in, the HTTP Basic pair with it', () => {
    const password = 'Pa55/word+x?é';
    // The real path: the loader reads the ClickHouse password and registers it with its user.
    parseConfig('store:\n  engine: clickhouse\n  url: http://ch.internal:8123\n  cluster: c\n  user: reporter\n  password_env: CH_PW\n', 'c.yaml', { env: { CH_PW: password } });
    const bytes = Buffer.from(password, 'utf8');
    const basic = Buffer.from(`reporter:${password}`, 'utf8');
    const b64 = (b: Buffer): string => b.toString('base64');
    // How each was echoed → what is left of it after scrubbing: the encoded token replaced whole.
    const echoed: Record<string, [string, string]> = {
      'Basic authorization': [`Authorization: Basic ${b64(basic)}`, `Authorization: Basic ${REDACTED}`],
      'base64url of the pair': [basic.toString('base64url'), REDACTED],
      'base64 alone': [b64(bytes), REDACTED],
      'base64 without padding': [b64(bytes).replace(/=+$/, ''), REDACTED],
      'base64url alone': [bytes.toString('base64url'), REDACTED],
      // A whole request dumped as base64: the password at each of the three byte offsets.
      ...Object.fromEntries([0, 1, 2].map((n) => [`base64 at offset ${n}`, [b64(Buffer.from(`${'x'.repeat(n)}pw=${password}; more`)), REDACTED]])),
      hex: [bytes.toString('hex'), REDACTED],
      HEX: [bytes.toString('hex').toUpperCase(), REDACTED],
      'percent-encoded': [encodeURIComponent(password), REDACTED],
      'form-encoded': [new URLSearchParams({ pw: password }).toString(), `pw=${REDACTED}`],
    };
    for (const [how, [text, left]] of Object.entries(echoed)) expect(scrubSecrets(`401: ${text} end`), how).toBe(`401: ${left} end`);
    const { lines, logger } = captureLog();
    logger.error({ body: Object.values(echoed).map(([text]) => text).join(' | ') }, 'upstream said');
    expect(() => JSON.parse(lines[0]!)).not.toThrow();
    for (const [how, [text]] of Object.entries(echoed)) expect(lines[0], how).not.toContain(text);
  });

  it('leaves base64 and hex that hold no registered value as they are', () => {
    registerSecret('Another-secret-value');
    const text = 'Authorization: Basic dXNlcjpwYXNzd29yZA== id 0a1b2c3d4e5f hash YWJjZGVmZ2hpams';
    expect(scrubSecrets(text)).toBe(text);
  });

  it(`leaves values shorter than ${MIN_SCRUBBED_LENGTH} characters alone (labels keep those out)`, () => {
    registerSecret('ab');
    expect(scrubSecrets('table abc')).toBe('table abc');
  });
});

describe('secret scrubbing in human log lines (a terminal)', () => {
  it('removes a registered value from the message, the fields and an error, in every spelling, and the line stays one human line', () => {
    const key = 'Pq7/terminal+Key';
    registerSecret(key);
    const lines: string[] = [];
    const logger = createLogger('info', prettyDestination((text) => lines.push(text), false));
    logger.child({ stage: 'ingest' }).warn(
      // A host no other test registers: test files share a worker's registered secrets, and
      // config-load's tests substitute "node.example" from a variable (so it is a secret there).
      { chain: 'base', url: `https://pretty-line.test.invalid/v2/${encodeURIComponent(key)}`, err: new Error(`boom ${key}`), basic: Buffer.from(`user:${key}`).toString('base64') },
      `message ${key}`,
    );
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    for (const spelling of [key, encodeURIComponent(key), Buffer.from(`user:${key}`).toString('base64')]) expect(line).not.toContain(spelling);
    expect(line).toMatch(/^\d\d:\d\d:\d\d WARN  ingest base message \[redacted\] url=https:\/\/pretty-line\.test\.invalid\/v2\/\[redacted\] err="boom \[redacted\]" basic=\[redacted\]\n$/);
  });
});
