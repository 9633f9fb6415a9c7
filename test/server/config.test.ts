// Server configuration validation: defaults, normalization and messages that name the key.
import { describe, expect, it } from 'vitest';
import { hashApiKey, ApiKeyTable, presentedApiKey } from '../../src/server/api-keys.js';
import { parseServerConfig } from '../../src/server/config.js';

describe('parseServerConfig', () => {
  it('fills defaults: 10/min on apps, keys off', () => {
    const c = parseServerConfig({ public_base_url: 'https://api.example.org/' });
    expect(c.public_base_url).toBe('https://api.example.org');
    expect(c.rate_limits.apps_details_per_minute).toBe(10);
    expect(c.api_keys).toEqual({ require_for_apps: false, keys: [] });
    expect(c.trust_proxy).toBeUndefined();
  });

  it('names the key and the fix', () => {
    expect(() => parseServerConfig({ public_base_url: 'api.example.org' }, 'chainlytics.yaml')).toThrow(
      /invalid chainlytics.yaml:\n {2}public_base_url: must be an absolute URL/,
    );
    expect(() => parseServerConfig({ public_base_url: 'https://x.org/v1' })).toThrow(/public_base_url: give the root URL without the trailing \/v1/);
    expect(() =>
      parseServerConfig({ public_base_url: 'https://x.org', api_keys: { keys: [{ name: 'a', sha256: 'plain-key', per_minute: 5 }] } }),
    ).toThrow(/api_keys\.keys\.0\.sha256: must be the sha256/);
    expect(() => parseServerConfig({ public_base_url: 'https://x.org', api_keys: { require_for_apps: true, keys: [] } })).toThrow(
      /require_for_apps: is true but api_keys.keys is empty/,
    );
    expect(() => parseServerConfig({ public_base_url: 'https://x.org', rate_limits: { apps_details_per_minute: -1 } })).toThrow(
      /rate_limits\.apps_details_per_minute/,
    );
  });

  it('normalizes key hashes to lower case', () => {
    const c = parseServerConfig({ public_base_url: 'https://x.org', api_keys: { keys: [{ name: 'a', sha256: hashApiKey('k').toUpperCase(), per_minute: 5 }] } });
    expect(c.api_keys.keys[0].sha256).toBe(hashApiKey('k'));
  });
});

describe('API keys', () => {
  it('hashApiKey is sha256 hex', () => {
    // sha256("abc"), a published test vector (FIPS 180-2).
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('looks a key up by its hash only', () => {
    const t = new ApiKeyTable([
      { name: 'one', sha256: hashApiKey('k1'), per_minute: 1 },
      { name: 'two', sha256: hashApiKey('k2'), per_minute: 2 },
    ]);
    expect(t.lookup('k2')?.name).toBe('two');
    expect(t.lookup('k3')).toBeNull();
    expect(t.lookup('')).toBeNull();
  });
  it('reads Bearer first, then X-API-Key', () => {
    expect(presentedApiKey({ authorization: 'Bearer abc', 'x-api-key': 'def' })).toBe('abc');
    expect(presentedApiKey({ authorization: 'Basic Zm9vOmJhcg==', 'x-api-key': 'def' })).toBe('def');
    expect(presentedApiKey({ authorization: 'Bearer' })).toBeNull();
    expect(presentedApiKey({})).toBeNull();
  });
});
