// The `store:` section: DuckDB by default, ClickHouse with url and cluster, every mistake named
// with its key and fix, and the password read from its variable but never shown.
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/registry/config.js';
import { scrubSecrets } from '../../src/log/secrets.js';

const parse = (text: string, env: NodeJS.ProcessEnv = {}) => parseConfig(text, 'chainlytics.yaml', { env, baseDir: tmpdir() });

function issuesOf(text: string, env: NodeJS.ProcessEnv = {}): ConfigError {
  try {
    parse(text, env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError, the config was accepted');
}

describe('store settings', () => {
  it('defaults to DuckDB, from the top-level engine key or store.engine alike', () => {
    expect(parse('').store).toEqual({ engine: 'duckdb' });
    expect(parse('engine: duckdb\n').store).toEqual({ engine: 'duckdb' });
    expect(parse('store:\n  engine: duckdb\n').engine).toBe('duckdb');
  });

  it('resolves a ClickHouse cluster with defaults, reading the password from its variable', () => {
    const cfg = parse('store:\n  engine: clickhouse\n  url: http://ch1.internal:8123/\n  cluster: analytics\n  password_env: CH_PASSWORD\n', {
      CH_PASSWORD: 'hunter2-long-secret',
    });
    expect(cfg.engine).toBe('clickhouse');
    expect(cfg.store).toEqual({
      engine: 'clickhouse',
      url: 'http://ch1.internal:8123',
      database: 'chainlytics',
      cluster: 'analytics',
      user: 'default',
      password_env: 'CH_PASSWORD',
      password: 'hunter2-long-secret',
    });
    // Registered as a secret: every log line and error message hides it.
    expect(scrubSecrets('login failed for hunter2-long-secret')).not.toContain('hunter2-long-secret');
  });

  it('names each missing or wrong key with its fix', () => {
    const err = issuesOf('store:\n  engine: clickhouse\n  database: 1db\n  user: reader\n');
    expect(err.issues.map((i) => [i.key, i.expected])).toEqual([
      ['store', 'store.url (required for engine: clickhouse)'],
      ['store', 'store.cluster (required for engine: clickhouse)'],
      ['store.database', 'a database name (letters, digits, _; not starting with a digit)'],
    ]);
    expect(issuesOf('engine: clickhouse\n').issues[0]!.hint).toContain('store: { engine: clickhouse');
    expect(issuesOf('store:\n  url: http://ch:8123\n').issues[0]!.hint).toContain('store.engine: clickhouse');
    expect(issuesOf('engine: duckdb\nstore:\n  engine: clickhouse\n  url: http://ch:8123\n  cluster: c\n').issues[0]!.key).toBe('engine');
  });

  it('refuses credentials in the URL and an unset password variable, showing neither', () => {
    const err = issuesOf('store:\n  engine: clickhouse\n  url: http://admin:s3cr3t-pass@ch:8123\n  cluster: c\n  password_env: CH_PW\n');
    expect(err.issues.map((i) => i.key)).toEqual(['store.url', 'store.password_env']);
    expect(err.issues[1]!.found).toBe('CH_PW is not set');
    expect(err.message).not.toContain('s3cr3t-pass');
  });
});
