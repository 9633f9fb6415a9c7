// API keys as the server reads them: hashing, constant-time lookup, where a request presents one.
// (How keys are configured and validated is tested with the one server-settings definition in
// test/registry/server-settings.test.ts.)
import { describe, expect, it } from 'vitest';
import { hashApiKey, ApiKeyTable, presentedApiKey } from '../../src/server/api-keys.js';

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
