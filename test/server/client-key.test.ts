// The key a client's rate limit and connection share are counted under (client-address.ts).
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../src/server/client-address.js';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    for (const a of ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:0DB8:85A3:08D3::1', '2001:db8:85a3:8d3::', '[2001:db8:85a3:8d3::2]', '2001:db8:85a3:8d3:ffff:ffff:ffff:ffff']) {
      expect(clientKey(a), a).toBe(key);
    }
    expect(clientKey('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keys an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('::ffff:198.51.100.20')).toBe('198.51.100.20');
    expect(clientKey('::ffff:c633:6414')).toBe('198.51.100.20');
    expect(clientKey('[::ffff:10.0.0.1]')).toBe('10.0.0.1');
    // Not mapped: an IPv4-compatible or NAT64 address is an IPv6 client.
    expect(clientKey('64:ff9b::198.51.100.20')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps what is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('');
  });
});
