// The path rules of request-path.ts, one expectation per documented rule.
import { describe, expect, it } from 'vitest';
import { parseRequestPath } from '../../src/server/request-path.js';

const ok = (target: string): string => {
  const r = parseRequestPath(target);
  if (!r.ok) throw new Error(`expected ${target} to parse, got: ${r.message}`);
  return r.path;
};
const bad = (target: string): string => {
  const r = parseRequestPath(target);
  if (r.ok) throw new Error(`expected ${target} to be rejected, got ${r.path}`);
  return r.message;
};

describe('parseRequestPath', () => {
  it('keeps valid paths as they are', () => {
    expect(ok('/v1/metrics/chains/base/txcount.json')).toBe('/v1/metrics/chains/base/txcount.json');
    expect(ok('/')).toBe('/');
    expect(ok('/v1/fees/')).toBe('/v1/fees/');
  });
  it('drops the query string and reduces the absolute form', () => {
    expect(ok('/v1/master.json?x=%zz&y=/../')).toBe('/v1/master.json');
    expect(ok('http://h.example:8080/v1/master.json?q')).toBe('/v1/master.json');
    expect(ok('HTTPS://h.example')).toBe('/');
  });
  it('decodes escapes of allowed characters', () => {
    expect(ok('/v1/%6d%61ster.json')).toBe('/v1/master.json');
    expect(ok('/v1/a%2Db%5f.json')).toBe('/v1/a-b_.json');
  });
  it('rejects encoded separators, bad escapes and decoded traversal', () => {
    expect(bad('/v1/a%2fb')).toMatch(/encoded slash/);
    expect(bad('/v1/a%5Cb')).toMatch(/encoded slash/);
    expect(bad('/v1/a%2')).toMatch(/malformed percent/);
    expect(bad('/v1/a%g1')).toMatch(/malformed percent/);
    expect(bad('/v1/%2e%2e/x')).toMatch(/"\."/);
    expect(bad('/v1/%2e/x')).toMatch(/"\."/);
    expect(bad('/v1/a...json')).toMatch(/"\."/);
  });
  it('rejects characters outside [a-z0-9_.-], naming them readably', () => {
    expect(bad('/v1/A.json')).toContain('"A"');
    expect(bad('/v1/a%0a.json')).toContain('U+000A');
    expect(bad('/v1/%c3%a9.json')).toContain('U+00C3');
    expect(bad('/v1/a b')).toContain('U+0020');
    expect(bad('/v1/a#b')).toMatch(/fragment/);
  });
  it('rejects empty segments except a trailing one', () => {
    expect(bad('/v1//x')).toMatch(/empty segment/);
    expect(bad('//')).toMatch(/empty segment/);
  });
  it('limits segments to 128 characters and targets to 2048', () => {
    expect(ok(`/v1/${'a'.repeat(128)}`)).toHaveLength(4 + 128);
    expect(bad(`/v1/${'a'.repeat(129)}`)).toMatch(/128/);
    // The limit applies to the decoded key.
    expect(ok(`/v1/${'%61'.repeat(50)}`)).toBe(`/v1/${'a'.repeat(50)}`);
    expect(bad(`/v1/${'a'.repeat(100)}${'%61'.repeat(29)}`)).toMatch(/128/);
    expect(bad(`/${'a/'.repeat(1024)}`)).toMatch(/2048/);
  });
  it('requires a path', () => {
    expect(bad('*')).toMatch(/starting with/);
    expect(bad('v1/master.json')).toMatch(/starting with/);
  });
});
