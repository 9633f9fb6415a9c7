// Accept-Encoding negotiation and conditional-request matching as pure functions.
import { describe, expect, it } from 'vitest';
import { ifNoneMatchMatches, notModifiedSince } from '../../src/server/conditional.js';
import { negotiateEncoding } from '../../src/server/content-encoding.js';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br, gzip', 'br'],
    ['gzip ; q=0.9 , br ; q=0.8', 'gzip'],
    ['br;q=0.001', 'br'],
    ['br;q=0', 'identity'],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    ['*;q=0, identity;q=0.5', 'identity'],
    ['*, br;q=0', 'gzip'],
    ['br;level=5;q=0.5, gzip;q=0.4', 'br'],
    ['gzip;q=abc, br;q=0.2', 'br'],
    ['zstd, deflate', 'identity'],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('ifNoneMatchMatches', () => {
  const tags = ['"abc"', '"abc-gzip"', '"abc-br"'];
  it.each([
    ['"abc"', true],
    ['"abc-br"', true],
    ['W/"abc-gzip"', true],
    ['"x", "y" ,W/"abc"', true],
    ['"a,b", "abc"', true],
    ['*', true],
    ['"x", *', true],
    ['"abcd"', false],
    ['abc', false],
    ['"abc', false],
    ['W/', false],
    ['', false],
  ] as const)('%j → %s', (header, expected) => {
    expect(ifNoneMatchMatches(header, tags)).toBe(expected);
  });
});

describe('notModifiedSince', () => {
  const built = Date.UTC(2026, 0, 31, 14, 5, 0, 750); // sub-second build time
  it('compares at whole seconds', () => {
    expect(notModifiedSince('Sat, 31 Jan 2026 14:05:00 GMT', built)).toBe(true);
    expect(notModifiedSince('Sat, 31 Jan 2026 14:04:59 GMT', built)).toBe(false);
    expect(notModifiedSince('not a date', built)).toBe(false);
  });
});
