// The `server:` section has one definition (src/registry/server-settings.ts). These are the
// assertions the server's own parser had, now made against that definition through
// serverSettings(), the path the server tests and the bench build their settings with.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, serverSettings } from '../../src/registry/config.js';
import { hashApiKey } from '../../src/server/api-keys.js';

describe('serverSettings', () => {
  it('fills defaults: 10/min on apps, keys off', () => {
    const c = serverSettings({ public_base_url: 'https://api.example.org/' });
    expect(c.public_base_url).toBe('https://api.example.org');
    expect(c.rate_limits.apps_details_per_minute).toBe(10);
    expect(c.api_keys).toEqual({ require_for_apps: false, keys: [] });
    // The server's parser left trust_proxy undefined; the one definition resolves it to false
    // (socket address), which the server reads the same way.
    expect(c.trust_proxy).toBe(false);
  });

  it('names the key and the fix', () => {
    expect(() => serverSettings({ public_base_url: 'api.example.org' }, 'chainlytics.yaml')).toThrow(
      /^chainlytics.yaml:2:20 server\.public_base_url: expected an http:\/\/ or https:\/\/ URL without \/v1; found "api\.example\.org"\. Fix: /,
    );
    expect(() => serverSettings({ public_base_url: 'https://x.org/v1' })).toThrow(/server\.public_base_url: .*Fix: write public_base_url: https:\/\/x\.org \(chainlytics appends \/v1 itself\)/);
    expect(() => serverSettings({ public_base_url: 'https://x.org', api_keys: { keys: [{ name: 'a', sha256: 'plain-key', per_minute: 5 }] } })).toThrow(
      /server\.api_keys\.keys\[0\]\.sha256: expected a SHA-256 hash .*Fix: store the SHA-256 of the key, never the key itself/,
    );
    expect(() => serverSettings({ public_base_url: 'https://x.org', api_keys: { require_for_apps: true, keys: [] } })).toThrow(
      /server\.api_keys\.keys: expected at least one key in server\.api_keys\.keys when require_for_apps is true; found an empty list/,
    );
    expect(() => serverSettings({ public_base_url: 'https://x.org', rate_limits: { apps_details_per_minute: -1 } })).toThrow(
      /server\.rate_limits\.apps_details_per_minute: expected a whole number .*found -1/,
    );
    expect(() => serverSettings({ public_base_url: 'https://x.org', rate_limits: { apps_details_per_minute: -1 } })).toThrow(ConfigError);
  });

  it('connections: the per-address share defaults to a quarter of max_open; both new keys are checked like the others', () => {
    expect(serverSettings({ connections: { max_open: 100 } }).connections).toMatchObject({ max_open: 100, max_open_per_address: 25, first_head_timeout_seconds: 10 });
    expect(serverSettings({ connections: { max_open: 3 } }).connections.max_open_per_address).toBe(1);
    expect(serverSettings({ connections: { max_open_per_address: 7, first_head_timeout_seconds: 2.5 } }).connections).toMatchObject({ max_open_per_address: 7, first_head_timeout_seconds: 2.5 });
    expect(() => serverSettings({ connections: { max_open_per_address: 0 } })).toThrow(/server\.connections\.max_open_per_address: expected a whole number of open connections \(1 or more\); found 0\. Fix: /);
    expect(() => serverSettings({ connections: { first_head_timeout_seconds: 0 } })).toThrow(/server\.connections\.first_head_timeout_seconds: expected seconds from 0\.1 to 3600; found 0\. Fix: /);
  });

  it('normalizes key hashes to lower case', () => {
    const c = serverSettings({ public_base_url: 'https://x.org', api_keys: { keys: [{ name: 'a', sha256: hashApiKey('k').toUpperCase(), per_minute: 5 }] } });
    expect(c.api_keys.keys[0].sha256).toBe(hashApiKey('k'));
  });

  it('is what a config file with the same server section resolves to', () => {
    const file = [
      'server:',
      '  public_base_url: https://data.example.org/',
      '  trust_proxy: 2',
      '  transport: node',
      '  rate_limits: { apps_details_per_minute: 3, routes: [ { prefix: /v1/metrics/, per_minute: 60, name: metrics } ] }',
      '  api_keys: { keys: [ { name: acme, sha256: ' + 'AB'.repeat(32) + ' } ] }',
      '',
    ].join('\n');
    const fromFile = parseConfig(file, 'c.yaml', { env: {} }).server;
    const fromTest = serverSettings({
      public_base_url: 'https://data.example.org/',
      trust_proxy: 2,
      transport: 'node',
      rate_limits: { apps_details_per_minute: 3, routes: [{ prefix: '/v1/metrics/', per_minute: 60, name: 'metrics' }] },
      api_keys: { keys: [{ name: 'acme', sha256: 'AB'.repeat(32) }] },
    });
    expect(fromTest).toEqual(fromFile);
    expect(fromTest.api_keys.keys).toEqual([{ name: 'acme', sha256: 'ab'.repeat(32), per_minute: 600 }]);
  });

  it('accepts transport: node (files written for two HTTP stacks), refuses uws naming the removal and the way past node:http; ignores PORT', () => {
    expect(serverSettings({ transport: 'node' })).toEqual(serverSettings());
    expect(() => serverSettings({ transport: 'uws' as 'node' })).toThrow(
      /server\.transport: expected node, or no transport key; found "uws"\. Fix: delete the line: the uws transport was removed .*nginx or a CDN/,
    );
    const saved = process.env.PORT;
    process.env.PORT = '9999';
    try {
      expect(serverSettings().port).toBe(8080);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });
});

describe('live: (the live stream\'s limits)', () => {
  const parse = (yaml: string) => parseConfig(yaml, 'c.yaml', { env: {} });

  it('defaults, and the values a file gives in bytes and milliseconds', () => {
    expect(parse('').live).toEqual({
      max_streams: 1000,
      max_streams_per_address: 16,
      skip_above_bytes: 64 * 1024,
      close_above_bytes: 256 * 1024,
      lifetime_ms: 3_600_000,
      resume_events: 256,
      resume_ms: 24 * 3_600_000,
      api_per_minute: 120,
      replay_ms: 15 * 60_000,
    });
    expect(parse('live:\n  max_streams: 5\n  skip_above_kib: 8\n  close_above_kib: 16\n  replay_minutes: 0\n').live).toMatchObject({ max_streams: 5, skip_above_bytes: 8192, close_above_bytes: 16_384, replay_ms: 0 });
  });

  it('a bad value is an error naming the key, what it expects and the fix', () => {
    expect(() => parse('live:\n  max_streams: 0\n')).toThrow(/live\.max_streams: expected a whole number of open streams from 1 to 1000000; found 0\. Fix: e\.g\. max_streams: 1000/);
    expect(() => parse('live:\n  lifetime_minutes: fast\n')).toThrow(/live\.lifetime_minutes: expected minutes from 1 to 1440/);
    expect(() => parse('live:\n  streams: 3\n')).toThrow(/live/);
    // Across keys: the stream cap below the connection cap; skipping before closing.
    expect(() => parse('server:\n  connections:\n    max_open: 100\nlive:\n  max_streams: 100\n')).toThrow(/live\.max_streams: expected fewer streams than server\.connections\.max_open \(100\); found 100/);
    expect(() => parse('live:\n  skip_above_kib: 300\n')).toThrow(/live\.skip_above_kib: expected skip_above_kib smaller than close_above_kib; found skip_above_kib 300, close_above_kib 256/);
  });
});
