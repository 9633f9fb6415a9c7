// The { url, name } form of an rpc_urls entry: accepted next to plain strings, validated with
// file:line:col like every other key, and the name becomes the endpoint's label.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/registry/config-error.js';
import { parseConfig } from '../../src/registry/config.js';
import { endpointNames } from '../../src/rpc/endpoint-names.js';

const yaml = (urls: string) => `chains:\n  - origin_key: base\n    rpc_urls:\n${urls}`;

describe('rpc_urls { url, name }', () => {
  it('resolves named entries and labels endpoints by name or by index', () => {
    const cfg = parseConfig(yaml('      - https://a.example/${A_KEY}\n      - { url: "https://b.example/${B_KEY}", name: alchemy }\n'), 'c.yaml', { env: { A_KEY: 'aaaaaaaa', B_KEY: 'bbbbbbbb' } });
    expect(cfg.chains[0].rpc_urls).toEqual(['https://a.example/aaaaaaaa', { url: 'https://b.example/bbbbbbbb', name: 'alchemy' }]);
    expect(cfg.chains[0].rpc_urls.map((u, i) => endpointNames('base', i, u))).toEqual([
      { url: 'https://a.example/aaaaaaaa', label: 'base rpc#1', logName: 'https://a.example' },
      { url: 'https://b.example/bbbbbbbb', label: 'base alchemy', logName: 'https://b.example' },
    ]);
  });

  it('reports a bad name, a repeated name and an unset variable at their line and column', () => {
    const text = yaml('      - { url: "https://a.example", name: Bad Name }\n      - { url: "https://b.example", name: p }\n      - { url: "https://c.example", name: p }\n      - { url: "https://d.example/${NOPE}", name: q }\n');
    let err: ConfigError | null = null;
    try {
      parseConfig(text, 'c.yaml', { env: {} });
    } catch (e) {
      err = e as ConfigError;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const keys = err!.issues.map((i) => `${i.key}@${i.line}:${i.column}`);
    expect(keys).toContain('chains[0].rpc_urls[0].name@4:43');
    expect(keys).toContain('chains[0].rpc_urls[2].name@6:43');
    expect(keys).toContain('chains[0].rpc_urls[3].url@7:16');
    expect(err!.message).toMatch(/c\.yaml:6:43 chains\[0\]\.rpc_urls\[2\]\.name: expected an endpoint name not used by another URL of this chain; found "p", already the name of rpc_urls\[1\]/);
  });

  it('hides scheme://host:port in logs when a substituted value reaches the host', () => {
    const cfg = parseConfig(yaml('      - https://${SUB}.node.example/v1\n'), 'c.yaml', { env: { SUB: 'Tenant7Key' } });
    expect(endpointNames('base', 0, cfg.chains[0].rpc_urls[0]).logName).toBe('base rpc#1');
  });
});
